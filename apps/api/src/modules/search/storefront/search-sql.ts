import { type SQL, sql } from 'drizzle-orm';

/**
 * A search's words as the database matches them: every group must match, any word of a group may
 * (the shopper's word first, then the catalog's words it could be a typo of). `prefixLast` lets the
 * last word match as the start of a word ("hood" finds "Hoodie") while the shopper is still typing.
 */
export interface TextMatch {
  /** The whole search text, for the exact SKU match that ranks first. */
  raw: string;
  groups: string[][];
  prefixLast: boolean;
}

// Names in English (stemmed: "hoodies" finds "Hoodie") and SKUs as written, so both configs are asked.
const tsWord = (word: string, prefix: boolean) => {
  const text = prefix ? `${word}:*` : word;
  return sql`(to_tsquery('english', ${text}) || to_tsquery('simple', ${text}))`;
};

/**
 * The tsquery of the groups; `shopperWords` keeps only the words as typed (for ranking). A scalar
 * subquery, so the query is parsed and stemmed once per statement in any plan: in the generic plan
 * of a prepared statement `to_tsquery($1)` is not folded while planning, and would be evaluated again
 * for every row it is matched or ranked against.
 */
export function tsQuerySql(text: TextMatch, shopperWords = false): SQL {
  // Parenthesised whole: @@, && and || share one precedence in PostgreSQL.
  return sql`(SELECT ${sql.join(
    text.groups.map((words, g) => {
      const prefix = text.prefixLast && g === text.groups.length - 1;
      const used = shopperWords ? words.slice(0, 1) : words;
      return sql`(${sql.join(
        used.map((w, i) => tsWord(w, prefix && i === 0)),
        sql` || `,
      )})`;
    }),
    sql` && `,
  )})`;
}

/** Ids of the products whose own or a variant's SKU is exactly the text (any case). */
export function exactSkuIdsSql(raw: string): SQL {
  const sku = raw.trim().toLowerCase();
  return sql`ARRAY(SELECT id FROM products WHERE lower(sku) = ${sku}
    UNION SELECT product_id FROM product_variants WHERE lower(sku) = ${sku})`;
}

/** Option filters grouped by the option's name (lower case): values of one option widen, options narrow. */
export function groupOptions(options: Array<{ name: string; value: string }>): Array<[string, string[]]> {
  const groups = new Map<string, string[]>();
  for (const { name, value } of options) {
    const key = name.toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), value.toLowerCase()]);
  }
  return [...groups.entries()];
}

/** A text[] literal of parameters (drizzle would spread a JS array into a parenthesised list). */
export function textArray(values: string[] | undefined): SQL {
  return values?.length
    ? sql`ARRAY[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`
    : sql`ARRAY[]::text[]`;
}
