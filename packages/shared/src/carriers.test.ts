import { describe, expect, it } from 'vitest';
import { carrierName, trackingUrl } from './carriers.ts';

describe('trackingUrl', () => {
  it('puts the tracking number into the listed carrier page, encoded', () => {
    expect(trackingUrl('ups', ' 1Z999AA10123456784 ')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(trackingUrl('usps', 'A B&C')).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=A%20B%26C',
    );
  });

  it('uses the link staff gave for another carrier, only when it is http or https', () => {
    expect(trackingUrl('other', 'X1', 'https://track.example.com/X1')).toBe('https://track.example.com/X1');
    expect(trackingUrl('other', 'X1', 'javascript:alert(1)')).toBeNull();
    expect(trackingUrl('other', 'X1', 'not a url')).toBeNull();
    expect(trackingUrl('other', 'X1')).toBeNull();
  });

  it('names a listed carrier by its name and another one by what staff typed', () => {
    expect(carrierName('dhl_express')).toBe('DHL Express');
    expect(carrierName('other', ' Local Courier ')).toBe('Local Courier');
  });
});
