import type { Product, ProductOption, ProductVariant } from '@cartwheel/shared/contracts/catalog';
import { describe, expect, it } from 'vitest';
import {
  choose,
  initialSelection,
  inStock,
  pickerOptions,
  selectedVariant,
  valueStates,
} from './variants.ts';

// A tee in Navy/Clay x S/M/L: Navy/S sold out, Clay/L does not exist.
let n = 0;
const id = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
function option(name: string, labels: string[]): ProductOption {
  return {
    id: id(),
    name,
    display_name: name,
    type: 'select',
    sort_order: 0,
    values: labels.map((label, i) => ({
      id: id(),
      label,
      value: label.toLowerCase(),
      price_adjustment: 0,
      sort_order: i,
    })),
  };
}
const color = option('Color', ['Navy', 'Clay']);
const size = option('Size', ['S', 'M', 'L']);
const v = (c: number, s: number, stock: number): ProductVariant => ({
  id: id(),
  sku: `TEE-${color.values[c]!.label}-${size.values[s]!.label}`,
  title: `${color.values[c]!.label} / ${size.values[s]!.label}`,
  price: 1000,
  retail_price: null,
  sale_price: null,
  inventory_level: stock,
  image_id: null,
  weight: null,
  option_values: [
    { option_id: color.id, option_name: 'Color', option_value_id: color.values[c]!.id, label: '', value: '' },
    { option_id: size.id, option_name: 'Size', option_value_id: size.values[s]!.id, label: '', value: '' },
  ],
});
const product: Pick<Product, 'options' | 'variants'> = {
  options: [color, size],
  variants: [v(0, 0, 0), v(0, 1, 5), v(0, 2, 2), v(1, 0, 3), v(1, 1, 0)],
};
const [NAVY, CLAY] = color.values.map((x) => x.id) as [string, string];
const [S, M, L] = size.values.map((x) => x.id) as [string, string, string];
const sku = (sel: Record<string, string>) => selectedVariant(product, sel)?.sku;

describe('choosing options', () => {
  it('opens on the first in-stock variant in option order', () => {
    expect(sku(initialSelection(product))).toBe('TEE-Navy-M');
  });

  it('disables sold-out and missing combinations given the earlier choices', () => {
    const states = valueStates(product, { [color.id]: NAVY, [size.id]: M });
    expect(states[color.id]).toEqual({ [NAVY]: 'available', [CLAY]: 'available' });
    expect(states[size.id]).toEqual({ [S]: 'out_of_stock', [M]: 'available', [L]: 'available' });
    const clay = valueStates(product, { [color.id]: CLAY, [size.id]: S });
    expect(clay[size.id]).toEqual({ [S]: 'available', [M]: 'out_of_stock', [L]: 'unavailable' });
  });

  it('re-picks a later option when the new choice makes it impossible, and keeps it otherwise', () => {
    const navyL = { [color.id]: NAVY, [size.id]: L };
    expect(sku(choose(product, navyL, color.id, CLAY))).toBe('TEE-Clay-S');
    const navyM = { [color.id]: NAVY, [size.id]: M };
    expect(sku(choose(product, navyM, size.id, L))).toBe('TEE-Navy-L');
  });

  it('names no variant until every option has a value', () => {
    expect(selectedVariant(product, { [color.id]: NAVY })).toBeUndefined();
  });

  it('still names an existing variant when nothing is in stock', () => {
    const soldOut = { ...product, variants: product.variants.map((x) => ({ ...x, inventory_level: 0 })) };
    expect(selectedVariant(soldOut, initialSelection(soldOut))?.sku).toBe('TEE-Navy-S');
  });

  it('ignores options no variant uses, and has nothing to pick without variants', () => {
    const extra = option('Material', ['Cotton']);
    expect(pickerOptions({ ...product, options: [color, extra, size] }).map((o) => o.name)).toEqual([
      'Color',
      'Size',
    ]);
    expect(pickerOptions({ options: [color], variants: [] })).toEqual([]);
  });
});

describe('inStock', () => {
  it('follows the variants when there are any, whatever the product row says', () => {
    expect(inStock({ inventory_level: 0, variants: product.variants })).toBe(true);
    const soldOut = product.variants.map((x) => ({ ...x, inventory_level: 0 }));
    expect(inStock({ inventory_level: 50, variants: soldOut })).toBe(false);
  });

  it("follows the product's own stock when it has no variants", () => {
    expect(inStock({ inventory_level: 1, variants: [] })).toBe(true);
    expect(inStock({ inventory_level: 0, variants: [] })).toBe(false);
    expect(inStock({ inventory_level: -2, variants: [] })).toBe(false);
  });
});
