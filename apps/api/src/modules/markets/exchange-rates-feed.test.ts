import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../../test/commerce-app.ts';
import { fakeHttpServer } from '../../../test/fake-http.ts';
import { queryRows } from '../../db/client.ts';
import { fetchExchangeRates, parseEcbRates, rebaseRates } from './exchange-rates-feed.ts';
import { setRate } from './test-helpers.ts';

const ECB = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <Cube>
    <Cube time='2026-12-04'>
      <Cube currency='USD' rate='1.0823'/>
      <Cube currency='JPY' rate='162.50'/>
      <Cube currency='GBP' rate='0.8412'/>
    </Cube>
  </Cube>
</gesmes:Envelope>`;

describe('the ECB file', () => {
  it('reads the rates against the euro', () => {
    expect(Object.fromEntries(parseEcbRates(ECB))).toEqual({
      EUR: '1',
      USD: '1.0823',
      JPY: '162.50',
      GBP: '0.8412',
    });
  });

  it.each([
    ['USD', { EUR: '0.9239582371', JPY: '150.1432135267', GBP: '0.777233669' }],
    ['EUR', { USD: '1.0823', JPY: '162.5', GBP: '0.8412' }],
    ['JPY', { EUR: '0.0061538462', USD: '0.0066603077', GBP: '0.0051766154' }],
  ])('rebases them to the base currency %s', (base, expected) => {
    expect(Object.fromEntries(rebaseRates(parseEcbRates(ECB), base)!)).toEqual(expected);
  });

  it('has nothing to say for a base currency it lacks', () => {
    expect(rebaseRates(parseEcbRates(ECB), 'CHF')).toBeNull();
  });
});

describe('fetching the rates', () => {
  const suite = appPerFile();
  let feed: Awaited<ReturnType<typeof fakeHttpServer>>;
  beforeAll(async () => {
    feed = await fakeHttpServer();
    feed.contentType = 'text/xml';
  });
  afterAll(() => feed.close());

  const rates = () =>
    queryRows<{ currency: string; rate: string; source: string }>(
      suite.ctx.db,
      sql`SELECT currency, rate::text AS rate, source FROM exchange_rates ORDER BY currency`,
    );

  it('stores them rebased, as from the feed, and leaves a rate set by hand alone', async () => {
    await setRate(suite.ctx.db, 'GBP', '0.8');
    feed.body = ECB;
    const result = await fetchExchangeRates(suite.ctx.db, `${feed.url}/eurofxref-daily.xml`);
    expect(result).toEqual({ stored: 3 });
    expect(feed.requests.at(-1)).toMatchObject({ method: 'GET', path: '/eurofxref-daily.xml' });
    expect(await rates()).toEqual([
      { currency: 'EUR', rate: '0.9239582371', source: 'feed' },
      { currency: 'GBP', rate: '0.8', source: 'manual' },
      { currency: 'JPY', rate: '150.1432135267', source: 'feed' },
    ]);
  });

  it.each([
    ['the feed fails', 503, ECB, 'answered 503'],
    ['the file is not rates', 200, '<html>maintenance</html>', 'had no rates'],
  ])('keeps the stored rates when %s', async (_label, status, body, message) => {
    const before = await rates();
    feed.status = status;
    feed.body = body;
    await expect(fetchExchangeRates(suite.ctx.db, feed.url)).rejects.toThrow(message);
    expect(await rates()).toEqual(before);
    feed.status = 200;
  });

  it('keeps the stored rates when nothing answers', async () => {
    const before = await rates();
    await expect(fetchExchangeRates(suite.ctx.db, 'http://127.0.0.1:9/none.xml')).rejects.toThrow();
    expect(await rates()).toEqual(before);
  });
});
