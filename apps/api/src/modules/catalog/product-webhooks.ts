import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { getAdminProduct } from './product.service.ts';

/** The methods that change something: a GET (or HEAD) of a product announces nothing. */
const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const succeeded = (request: FastifyRequest, statusCode: number) =>
  CHANGES.has(request.method) && statusCode >= 200 && statusCode < 300;

const productIdOf = (request: FastifyRequest): string | undefined =>
  (request.params as { productId?: string } | undefined)?.productId;

interface StockLevel {
  product_id: string;
  variant_id: string | null;
  name: string;
  sku: string | null;
  inventory_level: number;
  inventory_warning_level: number;
}

/** The products a request names: its :productId, or a bulk body's ids. */
function productIdsOf(request: FastifyRequest): string[] {
  const id = productIdOf(request);
  if (id) return [id];
  const ids = (request.body as { ids?: unknown } | undefined)?.ids;
  return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : [];
}

/**
 * `product.updated` after every successful change of this plugin's routes to the products a request
 * names (its :productId, or a bulk body's ids): options, variants, images, sales channels. The product
 * goes as the admin API returns it, once the change is committed, as after a save in the editor.
 */
export function announceProductUpdates(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!succeeded(request, reply.statusCode)) return payload;
    for (const id of productIdsOf(request)) {
      // A bulk list may name a product deleted meanwhile: there is nothing to announce for it.
      const product = await getAdminProduct(app.db, id).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'product_not_found') return null;
        throw error;
      });
      if (product) await app.webhooks.emit(app.db, 'product.updated', { object: 'product', ...product });
    }
    return payload;
  });
}

function stockLevels(app: FastifyInstance, productIds: string[]): Promise<StockLevel[]> {
  const ids = JSON.stringify(productIds);
  return queryRows<StockLevel>(
    app.db,
    sql`SELECT p.id AS product_id, NULL::uuid AS variant_id, p.name, p.sku, p.inventory_level, p.inventory_warning_level
        FROM products p WHERE p.id IN (SELECT jsonb_array_elements_text(${ids}::jsonb)::uuid)
        UNION ALL
        SELECT v.product_id, v.id, p.name, v.sku, v.inventory_level, v.inventory_warning_level
        FROM product_variants v JOIN products p ON p.id = v.product_id
        WHERE v.product_id IN (SELECT jsonb_array_elements_text(${ids}::jsonb)::uuid)`,
  );
}

const stockKey = (row: StockLevel) => row.variant_id ?? row.product_id;

/**
 * `inventory.low` when staff lower a product's or variant's stock to its warning level or below (it
 * was above before), as a sale does (checkout/low-stock.ts): the levels of the products a changing
 * request names are read before it and compared after it succeeded.
 */
export function watchStaffStock(app: FastifyInstance): void {
  const before = new WeakMap<FastifyRequest, Map<string, StockLevel>>();
  app.addHook('preHandler', async (request) => {
    if (!CHANGES.has(request.method)) return;
    const ids = productIdsOf(request);
    if (ids.length === 0) return;
    before.set(request, new Map((await stockLevels(app, ids)).map((row) => [stockKey(row), row])));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const earlier = before.get(request);
    if (!earlier || !succeeded(request, reply.statusCode)) return payload;
    for (const row of await stockLevels(app, productIdsOf(request))) {
      const was = earlier.get(stockKey(row));
      const crossed =
        was !== undefined &&
        row.inventory_level < was.inventory_level &&
        row.inventory_level <= row.inventory_warning_level &&
        was.inventory_level > row.inventory_warning_level;
      if (crossed) await app.webhooks.emit(app.db, 'inventory.low', { object: 'inventory_level', ...row });
    }
    return payload;
  });
}
