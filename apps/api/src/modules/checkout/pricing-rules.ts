import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryPrepared, type Tx } from '../../db/client.ts';
import { BASE_CURRENCY_SQL } from '../accounts/base-currency.ts';
import {
  automaticDiscountsSql,
  automaticUsesSql,
  codeDiscountSql,
  type DiscountRow,
  inTableOrder,
} from '../discounts/redemptions.ts';
import type { PlaceTaxRate } from '../pricing/tax-table.ts';
import type { StoredCheckoutSettings } from '../shipping/checkout-settings.ts';
import {
  checkoutSettingsSql,
  type PlaceTaxRateRow,
  placeTaxRates,
  taxRatesSql,
  type ZoneDestination,
  type ZoneRow,
  zoneDestinations,
  zoneRowsSql,
} from '../shipping/destination.ts';

/**
 * The shop's pricing rules as of one version of `pricing_rules_version` (migration 0019): every
 * zone with its methods, the taxes by place, the checkout and tax settings, the automatic discounts that are on.
 * Read in one statement, so they are exactly the rules of that version. Decision 0021.
 */
export interface PricingRules {
  version: string;
  zones: ZoneDestination[];
  /** The taxes by place (the table tax provider's rates). */
  taxRates: PlaceTaxRate[];
  settings: StoredCheckoutSettings;
  /** The base currency: the catalog's prices, the discounts' and the rates' amounts are in it. */
  currency: string;
  /** The automatic discounts that are on, oldest first; their use counts as of `version`. */
  automatic: DiscountRow[];
  /** Some automatic discount has a usage limit: its uses are read fresh with every checkout. */
  limited: boolean;
}

/** What a checkout reads fresh in the statement that reads its lines (its `pricing` column). */
export interface FreshPricing {
  version: string;
  /** The entered code's row, as a list of at most one. */
  code: DiscountRow[] | null;
  /** The uses (used + held) of the automatic discounts with a limit, when the rules have any. */
  uses: [string, number][] | null;
  /** What the caller's `alongside` subquery read in the same statement (undefined without one). */
  alongside?: unknown;
}

/** A JSON column's value, whichever driver read it (PGlite may hand back the text). */
export const parsed = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

/**
 * The `pricing` column of a checkout's lines statement: the rules' version, the entered code's row and
 * the live use counts of limited automatic discounts (only those the cached rules need), and the
 * caller's `alongside` subquery, if any. Uncorrelated subqueries: PostgreSQL runs each once per statement.
 */
export function freshPricingSql(code: string | null, withUses: boolean, alongside?: SQL): SQL {
  const codePart = code?.trim() ? sql`, 'code', ${codeDiscountSql(code)}` : sql``;
  const usesPart = withUses ? sql`, 'uses', ${automaticUsesSql()}` : sql``;
  const alongsidePart = alongside ? sql`, 'alongside', ${alongside}` : sql``;
  return sql`json_build_object('version', (SELECT v.version::text FROM pricing_rules_version v)${codePart}${usesPart}${alongsidePart})`;
}

/** The column's value, whichever driver read it. */
export function freshPricingFrom(value: unknown): FreshPricing {
  const fresh = parsed(value as FreshPricing | string | null);
  if (!fresh) throw new Error('the lines statement returned no pricing column');
  return {
    version: String(fresh.version),
    code: fresh.code ?? null,
    uses: fresh.uses ?? null,
    alongside: fresh.alongside,
  };
}

/** Reads every rule and the version they belong to, in one statement (one snapshot). */
async function loadPricingRules(db: Db | Tx): Promise<PricingRules> {
  const [row] = await queryPrepared<{
    version: string;
    zones: ZoneRow[] | string | null;
    tax_rates: PlaceTaxRateRow[] | string | null;
    settings: Record<string, unknown> | string | null;
    automatic: DiscountRow[] | string | null;
    currency: string;
  }>(
    db,
    sql`SELECT (SELECT v.version::text FROM pricing_rules_version v) AS version, ${zoneRowsSql()} AS zones,
      ${taxRatesSql()} AS tax_rates, ${checkoutSettingsSql()} AS settings, ${automaticDiscountsSql()} AS automatic,
      ${BASE_CURRENCY_SQL} AS currency`,
  );
  if (!row) throw new Error('the pricing rules statement returned no row');
  const { zones, settings } = zoneDestinations(row.zones, row.settings);
  const automatic = parsed(row.automatic) ?? [];
  return {
    version: String(row.version),
    zones,
    taxRates: placeTaxRates(row.tax_rates),
    settings,
    currency: row.currency,
    automatic,
    limited: automatic.some((d) => d.usage_limit !== null),
  };
}

const newer = (a: string, b: string) => BigInt(a) > BigInt(b);

/** The rules a checkout prices with, and the discount rows in force (automatic and the code's, live uses). */
export interface RulesInForce {
  rules: PricingRules;
  /** The automatic discounts with their live uses, and the entered code's row, in table order. */
  discountRows: DiscountRow[];
}

/**
 * The pricing rules kept in memory, one version at a time. A checkout asks for the version its lines
 * statement read: the kept rules when they are that version, else they are read again (concurrent
 * misses share one read) and kept when newer than what is kept. Rules are only ever kept under the
 * version they were read with, so a change, committed in the same transaction as its version bump,
 * is used by the next checkout of every process, and rules read before it are never taken for newer.
 */
export class PricingRulesCache {
  #rules: PricingRules | undefined;
  #loading: Promise<PricingRules> | undefined;

  /** Whether checkouts should read the use counts of limited automatic discounts with their lines. */
  get needsUses(): boolean {
    return this.#rules?.limited ?? true;
  }

  /**
   * The rules in force for a checkout whose lines statement read `fresh`: the rules at its version,
   * the automatic discounts with their live uses (read now when that statement could not know they
   * were needed), and the entered code's row.
   */
  async inForce(db: Db | Tx, fresh: FreshPricing): Promise<RulesInForce> {
    const rules = await this.at(db, fresh.version);
    let automatic = rules.automatic;
    if (rules.limited) {
      let uses = fresh.uses;
      if (!uses) {
        const [row] = await queryPrepared<{ uses: [string, number][] | string | null }>(
          db,
          sql`SELECT ${automaticUsesSql()} AS uses`,
        );
        uses = parsed(row?.uses ?? null) ?? [];
      }
      const live = new Map(uses);
      // A discount missing from the live counts was switched off or deleted since: no longer in force.
      automatic = automatic.flatMap((d) => {
        if (d.usage_limit === null) return [d];
        const used = live.get(d.id);
        return used === undefined ? [] : [{ ...d, times_used: used, times_held: 0 }];
      });
    }
    return { rules, discountRows: inTableOrder([...automatic, ...(fresh.code ?? [])]) };
  }

  /** The rules at `version` (as a checkout's lines statement read it), or newer. */
  async at(db: Db | Tx, version: string): Promise<PricingRules> {
    const kept = this.#rules;
    if (kept && !newer(version, kept.version)) return kept;
    this.#loading ??= loadPricingRules(db).finally(() => {
      this.#loading = undefined;
    });
    const loaded = await this.#loading;
    if (!this.#rules || newer(loaded.version, this.#rules.version)) this.#rules = loaded;
    // A read that started before `version` was committed may be older than it: read once more.
    return newer(version, loaded.version) ? this.at(db, version) : loaded;
  }
}
