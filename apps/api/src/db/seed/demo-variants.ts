import { slugify } from '../../lib/slug.ts';
import {
  DEMO_IMAGE_SIZE,
  type DemoOption,
  type DemoOptionValue,
  type DemoProduct,
  demoImageFile,
} from './demo-data.ts';
import { seedId } from './seed-id.ts';

// The demo products' variants: one per combination of option values, each coloured one showing the
// image drawn in its colour.

export interface VariantPlan {
  id: string;
  sku: string;
  title: string;
  price: number;
  valueIds: string[];
  /** The image in the variant's colour (whose main colour is its colour value), if the product has one. */
  image: number | null;
}

type Choice = { option: DemoOption; value: DemoOptionValue };

export const demoImageUrl = (p: DemoProduct, i: number) =>
  `/demo-images/${demoImageFile(p, i, DEMO_IMAGE_SIZE, 'webp')}`;

/** The index of the product's image drawn in the combination's colour; null when none is. */
function colourImage(p: DemoProduct, combo: Choice[]): number | null {
  const colour = combo.find((c) => c.option.type === 'color')?.value.value;
  const index = colour ? p.images.findIndex((image) => image.main === colour) : -1;
  return index < 0 ? null : index;
}

/** Every combination of the product's option values, in option order (the first option varies slowest). */
function combinations(options: DemoOption[]): Choice[][] {
  let combos: Choice[][] = [[]];
  for (const option of options) {
    combos = combos.flatMap((combo) => option.values.map((value) => [...combo, { option, value }]));
  }
  return options.length ? combos : [];
}

/** The variants of a demo product; `valueId` names an option value's row. */
export function planVariants(
  p: DemoProduct,
  valueId: (option: string, value: string) => string,
): VariantPlan[] {
  return combinations(p.options ?? []).map((combo) => {
    // Colour values are hex codes: the sku uses the colour's name instead.
    const parts = combo.map((c) => (c.option.type === 'color' ? slugify(c.value.label) : c.value.value));
    const sku = [p.sku, ...parts].join('-');
    return {
      id: seedId(`variant:${sku}`),
      sku,
      title: combo.map((c) => c.value.label).join(' / '),
      price: p.price + combo.reduce((sum, c) => sum + c.value.priceAdjustment, 0),
      valueIds: combo.map((c) => valueId(c.option.name, c.value.value)),
      image: colourImage(p, combo),
    };
  });
}
