/**
 * The shipping carriers the back office lists when staff fulfil an order, and each one's public
 * tracking page. "Other" takes a carrier name and, optionally, the carrier's own tracking link.
 */
export const CARRIERS = [
  { id: 'ups', name: 'UPS', url: 'https://www.ups.com/track?tracknum={n}' },
  { id: 'usps', name: 'USPS', url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={n}' },
  { id: 'fedex', name: 'FedEx', url: 'https://www.fedex.com/fedextrack/?trknbr={n}' },
  { id: 'dhl_express', name: 'DHL Express', url: 'https://www.dhl.com/en/express/tracking.html?AWB={n}' },
  {
    id: 'canada_post',
    name: 'Canada Post',
    url: 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={n}',
  },
  {
    id: 'royal_mail',
    name: 'Royal Mail',
    url: 'https://www.royalmail.com/track-your-item#/tracking-results/{n}',
  },
  { id: 'australia_post', name: 'Australia Post', url: 'https://auspost.com.au/mypost/track/details/{n}' },
  { id: 'dpd', name: 'DPD', url: 'https://track.dpd.co.uk/search?reference={n}' },
  { id: 'gls', name: 'GLS', url: 'https://gls-group.com/track/{n}' },
  { id: 'purolator', name: 'Purolator', url: 'https://www.purolator.com/en/shipping/tracker?pin={n}' },
] as const;

export type CarrierId = (typeof CARRIERS)[number]['id'];
export const CARRIER_IDS = CARRIERS.map((c) => c.id) as [CarrierId, ...CarrierId[]];
/** The choice for a carrier not in the list: staff type its name. */
export const OTHER_CARRIER = 'other';

/** The carrier's display name: the listed name, or the name staff typed for "Other". */
export function carrierName(carrier: string, otherName?: string | null): string {
  return CARRIERS.find((c) => c.id === carrier)?.name ?? (otherName?.trim() || 'Other');
}

/**
 * The public tracking page of a parcel: the listed carrier's page with the number in it, or for
 * "Other" the link staff gave (only http or https), else null.
 */
export function trackingUrl(
  carrier: string,
  trackingNumber: string,
  otherUrl?: string | null,
): string | null {
  const listed = CARRIERS.find((c) => c.id === carrier);
  if (listed) return listed.url.replace('{n}', encodeURIComponent(trackingNumber.trim()));
  if (!otherUrl) return null;
  try {
    const url = new URL(otherUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
