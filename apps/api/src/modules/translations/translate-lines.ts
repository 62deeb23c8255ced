import { DEFAULT_LANGUAGE } from '@cartwheel/shared/locale';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { translatedSql } from './translated-sql.ts';

/** A cart line; a priced-only answer (no names) is left as it is. */
interface Line {
  product_id: string;
  variant_id: string | null;
  product_name?: string;
  variant_title?: string | null;
}

const idArray = (ids: string[]) =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::text::jsonb))::uuid[]`;

/**
 * Names a cart's lines in `language`: the product's name and the variant's title from its option
 * values' labels, each translated where it is (one statement for the whole cart).
 */
export async function translateCartLines<T extends Line>(db: Db, language: string, lines: T[]): Promise<T[]> {
  if (language === DEFAULT_LANGUAGE || !lines.some((l) => l.product_name !== undefined)) return lines;
  const productIds = [...new Set(lines.map((l) => l.product_id))];
  const variantIds = [...new Set(lines.flatMap((l) => (l.variant_id ? [l.variant_id] : [])))];
  const rows = await queryRows<{ id: string; text: string | null }>(
    db,
    sql`SELECT p.id::text AS id, ${translatedSql(language, 'product', sql`p.id`, 'name', sql`p.name`)} AS text
      FROM products p WHERE p.id = ANY(${idArray(productIds)})
      UNION ALL
      SELECT v.id::text, (SELECT string_agg(${translatedSql(language, 'option_value', sql`ov.id`, 'label', sql`ov.label`)},
          ' / ' ORDER BY o.sort_order, o.name)
        FROM variant_option_values vov JOIN product_option_values ov ON ov.id = vov.option_value_id
        JOIN product_options o ON o.id = ov.option_id WHERE vov.variant_id = v.id)
      FROM product_variants v WHERE v.id = ANY(${idArray(variantIds)})`,
  );
  const names = new Map(rows.map((r) => [r.id, r.text]));
  for (const line of lines) {
    if (line.product_name !== undefined) line.product_name = names.get(line.product_id) ?? line.product_name;
    if (line.variant_id && typeof line.variant_title === 'string') {
      line.variant_title = names.get(line.variant_id) ?? line.variant_title;
    }
  }
  return lines;
}

type Method = { id: string; name: string; delivery_estimate: string | null };

/** Names the shipping methods offered at checkout (and their delivery estimates) in `language`, where translated. */
export async function translateShippingMethods<T extends Method>(
  db: Db,
  language: string,
  methods: T[],
): Promise<T[]> {
  if (language === DEFAULT_LANGUAGE || methods.length === 0) return methods;
  const field = (name: string, column: string) =>
    translatedSql(language, 'shipping_method', sql`m.id`, name, sql.raw(column));
  const rows = await queryRows<Method>(
    db,
    sql`SELECT m.id::text AS id, ${field('name', 'm.name')} AS name,
        ${field('delivery_estimate', 'm.delivery_estimate')} AS delivery_estimate
      FROM shipping_methods m WHERE m.id = ANY(${idArray(methods.map((m) => m.id))})`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return methods.map((m) => {
    const found = byId.get(m.id);
    return found ? { ...m, name: found.name, delivery_estimate: found.delivery_estimate } : m;
  });
}
