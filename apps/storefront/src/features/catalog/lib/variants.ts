import type { Product, ProductOption, ProductVariant } from '@cartwheel/shared/contracts/catalog';

// Choosing options on the product page. Options are decided in their display order: a value can be
// chosen when some in-stock variant has it together with the values chosen for the options before
// it; choosing a value re-picks any later option whose value no longer makes an in-stock variant.
// So every reachable selection names a variant that exists and is in stock (when any is).

/** Option id -> chosen option value id. */
export type Selection = Readonly<Record<string, string>>;

/** available: can be chosen; out_of_stock: the variant exists but has no stock; unavailable: no such variant. */
export type ValueState = 'available' | 'out_of_stock' | 'unavailable';

type VariantSource = Pick<Product, 'options' | 'variants'>;

const valueIdFor = (variant: ProductVariant, optionId: string) =>
  variant.option_values.find((ov) => ov.option_id === optionId)?.option_value_id;

/** The options that pick a variant: those at least one variant has a value for. */
export function pickerOptions(product: VariantSource): ProductOption[] {
  if (product.variants.length === 0) return [];
  return product.options.filter((option) =>
    product.variants.some((v) => valueIdFor(v, option.id) !== undefined),
  );
}

function matching(variants: ProductVariant[], options: ProductOption[], selection: Selection) {
  return variants.filter((v) =>
    options.every((o) => selection[o.id] === undefined || valueIdFor(v, o.id) === selection[o.id]),
  );
}

/** The state of every value of the option at `index`, given the values chosen for the options before it. */
function statesAt(product: VariantSource, options: ProductOption[], index: number, selection: Selection) {
  const option = options[index]!;
  const candidates = matching(product.variants, options.slice(0, index), selection);
  const states: Record<string, ValueState> = {};
  for (const value of option.values) {
    const withValue = candidates.filter((v) => valueIdFor(v, option.id) === value.id);
    states[value.id] =
      withValue.length === 0
        ? 'unavailable'
        : withValue.some((v) => v.inventory_level > 0)
          ? 'available'
          : 'out_of_stock';
  }
  return states;
}

/** Option id -> value id -> state, for rendering (disabled unless `available`). */
export function valueStates(
  product: VariantSource,
  selection: Selection,
): Record<string, Record<string, ValueState>> {
  const options = pickerOptions(product);
  return Object.fromEntries(
    options.map((option, i) => [option.id, statesAt(product, options, i, selection)]),
  );
}

/** The first value that can be chosen; else one whose variant exists (out of stock); else none. */
function bestValue(option: ProductOption, states: Record<string, ValueState>): string | undefined {
  return (
    option.values.find((v) => states[v.id] === 'available')?.id ??
    option.values.find((v) => states[v.id] === 'out_of_stock')?.id
  );
}

/** Fills in (or re-picks) the options from `from` on, keeping each choice while it still works. */
function settle(product: VariantSource, selection: Selection, from: number): Selection {
  const options = pickerOptions(product);
  const next: Record<string, string> = { ...selection };
  for (let i = from; i < options.length; i++) {
    const option = options[i]!;
    const states = statesAt(product, options, i, next);
    const current = next[option.id];
    if (current !== undefined && states[current] === 'available') continue;
    const best = bestValue(option, states);
    if (best === undefined) delete next[option.id];
    else if (current === undefined || states[current] === 'unavailable' || states[best] === 'available') {
      next[option.id] = best;
    }
  }
  return next;
}

/** The selection a product page opens with: the first in-stock variant in option order. */
export function initialSelection(product: VariantSource): Selection {
  return settle(product, {}, 0);
}

/** The selection after choosing `valueId` for `optionId`. */
export function choose(
  product: VariantSource,
  selection: Selection,
  optionId: string,
  valueId: string,
): Selection {
  const options = pickerOptions(product);
  const index = options.findIndex((o) => o.id === optionId);
  if (index < 0) return selection;
  return settle(product, { ...selection, [optionId]: valueId }, index + 1);
}

/** The variant the selection names, when every option has a value and such a variant exists. */
export function selectedVariant(product: VariantSource, selection: Selection): ProductVariant | undefined {
  const options = pickerOptions(product);
  if (options.length === 0 || options.some((o) => selection[o.id] === undefined)) return undefined;
  return product.variants.find((v) => options.every((o) => valueIdFor(v, o.id) === selection[o.id]));
}

/** Whether any of the product can be bought: a variant in stock, or for a product without variants, its own stock. */
export function inStock(product: Pick<Product, 'inventory_level' | 'variants'>): boolean {
  if (product.variants.length > 0) return product.variants.some((variant) => variant.inventory_level > 0);
  return product.inventory_level > 0;
}
