// The demo shop's second stock location: a shop in the city, stocked by a received transfer from the
// warehouse (the sellable totals stay as seeded; docs/decisions/0095-stock-locations.md).
import { sql } from 'drizzle-orm';
import { createLocation } from '../../modules/locations/locations.service.ts';
import { createTransfer, receiveTransfer, sendTransfer } from '../../modules/locations/transfers.service.ts';
import { queryRows, type Tx } from '../client.ts';

export const DEMO_SHOP_LOCATION = 'Brooklyn shop';

export async function seedDemoLocations(tx: Tx): Promise<void> {
  const shop = await createLocation(tx, {
    name: DEMO_SHOP_LOCATION,
    kind: 'shop',
    address_line_1: '214 Bedford Avenue',
    address_line_2: null,
    city: 'Brooklyn',
    state_province: 'NY',
    postal_code: '11249',
    country: 'US',
    serves_online: true,
    active: true,
  });
  const [main] = await queryRows<{ id: string }>(tx, sql`SELECT id FROM stock_locations WHERE is_default`);
  // Two of each of the first well-stocked variants, by SKU so the demo is the same every time.
  const stocked = await queryRows<{ variant_id: string }>(
    tx,
    sql`SELECT id AS variant_id FROM product_variants WHERE inventory_level >= 6 ORDER BY sku LIMIT 6`,
  );
  if (!main || stocked.length === 0) return;
  const transfer = await createTransfer(
    tx,
    {
      origin_id: main.id,
      destination_id: shop.id,
      note: 'Opening stock for the shop',
      lines: stocked.map((s) => ({ variant_id: s.variant_id, product_id: null, quantity: 2 })),
    },
    null,
  );
  await sendTransfer(tx, transfer.id, null);
  await receiveTransfer(tx, transfer.id, null);
}
