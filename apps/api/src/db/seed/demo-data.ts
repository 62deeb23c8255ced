// The demo shop's content: a small outdoor, home and apparel store. Plain data plus the two naming
// rules (slugs, image file names) that the seed and the image generator must agree on.
// Money is integer cents; weights are lbs.
import type {
  FULFILLMENT_STATUSES,
  OPTION_TYPES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  PRODUCT_CONDITIONS,
  PRODUCT_TYPES,
  Role,
} from '@cartwheel/shared/constants';
import { slugify } from '../../lib/slug.ts';

type OptionType = (typeof OPTION_TYPES)[number];
type OrderStatus = (typeof ORDER_STATUSES)[number];
type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

/** Every timestamp in the demo is an offset from this moment, so two seeds give identical rows. */
export const DEMO_BASE_DATE = '2026-09-01T09:00:00Z';
export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS: ReadonlyArray<{
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  joinedAt: string;
}> = [
  {
    email: 'admin@example.com',
    firstName: 'Avery',
    lastName: 'Chen',
    role: 'admin',
    joinedAt: '2026-01-05T10:00:00Z',
  },
  {
    email: 'manager@example.com',
    firstName: 'Morgan',
    lastName: 'Patel',
    role: 'manager',
    joinedAt: '2026-01-06T10:00:00Z',
  },
  {
    email: 'staff@example.com',
    firstName: 'Sam',
    lastName: 'Okafor',
    role: 'staff',
    joinedAt: '2026-01-07T10:00:00Z',
  },
  {
    email: 'shopper@example.com',
    firstName: 'Jamie',
    lastName: 'Rivera',
    role: 'customer',
    joinedAt: '2026-03-02T18:30:00Z',
  },
];

export const DEMO_SHOPPER_EMAIL = 'shopper@example.com';

export const DEMO_BRANDS = [
  'Northpine',
  'Harbor & Loom',
  'Kiln Street',
  'Lumen Works',
  'Trailhead Supply Co.',
  'Fieldnote',
] as const;
export type BrandName = (typeof DEMO_BRANDS)[number];

/** In storefront order (sort_order follows this list). */
export const DEMO_CATEGORIES = [
  'Apparel',
  'Outdoor',
  'Home & Kitchen',
  'Lighting',
  'Bags & Packs',
  'Stationery & Books',
  'Gifts',
  'Tops',
  'Headwear',
] as const;
export type CategoryName = (typeof DEMO_CATEGORIES)[number];

/** The demo's category tree: sub-categories and their parents (the rest are at the top). */
export const DEMO_CATEGORY_PARENTS: Partial<Record<CategoryName, CategoryName>> = {
  Tops: 'Apparel',
  Headwear: 'Apparel',
};

/** The drawings the image generator knows; one per kind of product. */
export const ART_KINDS = [
  'tee',
  'shirt',
  'jacket',
  'hoodie',
  'vest',
  'beanie',
  'sunhat',
  'socks',
  'scarf',
  'tent',
  'sleepingbag',
  'lantern',
  'headlamp',
  'bottle',
  'chair',
  'hammock',
  'poles',
  'stove',
  'mug',
  'stoneware-mug',
  'pourover',
  'bowls',
  'board',
  'skillet',
  'throw',
  'candle',
  'planter',
  'towels',
  'grinder',
  'tasklamp',
  'cliplight',
  'pendant',
  'stringlights',
  'tablelamp',
  'backpack',
  'rucksack',
  'tote',
  'duffel',
  'hippack',
  'notebooks',
  'print',
  'ebook',
  'book',
  'giftcard',
  'pen',
  'organizer',
  'kit',
] as const;
export type ArtKind = (typeof ART_KINDS)[number];

/** 0 hero on a tint of the main colour, 1 tilted on a tint of the accent, 2 close-up, 3 on a dotted backdrop. */
export type ImageView = 0 | 1 | 2 | 3;

export interface DemoImage {
  alt: string;
  main: string;
  accent: string;
  view: ImageView;
}

export interface DemoOptionValue {
  label: string;
  value: string;
  priceAdjustment: number;
}

export interface DemoOption {
  name: string;
  displayName: string;
  type: OptionType;
  values: DemoOptionValue[];
}

export interface DemoProduct {
  name: string;
  sku: string;
  brand: BrandName | null;
  categories: CategoryName[];
  description: string;
  price: number;
  costPrice: number | null;
  salePrice?: number;
  /** A number for a simple product; for a product with options, one per variant in option order. */
  stock: number | number[];
  warningLevel?: number;
  weight: number | null;
  condition?: (typeof PRODUCT_CONDITIONS)[number];
  type?: (typeof PRODUCT_TYPES)[number];
  /** Sold as a gift card: its variants are the amounts (decision 0094). */
  giftCard?: boolean;
  featured?: boolean;
  draft?: boolean;
  deleted?: boolean;
  art: ArtKind;
  images: DemoImage[];
  options?: DemoOption[];
}

const img = (alt: string, main: string, accent: string, view: ImageView = 0): DemoImage => ({
  alt,
  main,
  accent,
  view,
});

function sizes(adjustments: Record<string, number> = {}, labels = ['S', 'M', 'L', 'XL']): DemoOption {
  return {
    name: 'Size',
    displayName: 'Size',
    type: 'select',
    values: labels.map((label) => ({
      label,
      value: slugify(label),
      priceAdjustment: adjustments[label] ?? 0,
    })),
  };
}

function colours(values: Array<[label: string, hex: string, adjustment?: number]>): DemoOption {
  return {
    name: 'Color',
    displayName: 'Color',
    type: 'color',
    values: values.map(([label, value, priceAdjustment = 0]) => ({ label, value, priceAdjustment })),
  };
}

const C = {
  navy: '#1f3a5f',
  sage: '#8a9a7b',
  clay: '#b86b4b',
  charcoal: '#3b3f45',
  oatmeal: '#d8cbb3',
  white: '#f4f1ea',
  chambray: '#7d9bbf',
  slate: '#4a5a6a',
  ochre: '#c8902e',
  forest: '#2f4f3a',
  heather: '#9a9a9a',
  rust: '#a4502d',
  mustard: '#d4a017',
  cream: '#efe6d2',
  olive: '#5b6b3a',
  black: '#222222',
  tan: '#b08a5a',
  cobalt: '#2c5aa0',
  brass: '#c9a227',
  walnut: '#6e4a2f',
  teal: '#4f7c82',
  orange: '#d9752b',
  red: '#c8452d',
  gold: '#f2c14e',
  glow: '#ffd66b',
  ink: '#2b2b2b',
  leaf: '#5b8a4a',
  stone: '#e9dfcf',
  cocoa: '#7a4b35',
} as const;

/**
 * The catalogue, oldest first: product i was created (count - i) * 4 days before DEMO_BASE_DATE,
 * so "Newest First" is the reverse of this list and every ordered product existed before its order.
 */
export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: 'Everyday Organic Tee',
    sku: 'HL-TEE-001',
    brand: 'Harbor & Loom',
    categories: ['Tops'],
    description:
      'A midweight crew-neck tee knitted from 100% organic cotton and pre-shrunk, so it keeps its shape wash after wash. Relaxed through the body with a slightly longer hem that stays tucked.',
    price: 2800,
    costPrice: 1100,
    stock: [8, 14, 11, 4, 6, 0, 9, 3, 0, 7, 5, 2],
    weight: 0.4,
    featured: true,
    art: 'tee',
    options: [
      colours([
        ['Navy', C.navy],
        ['Sage', C.sage],
        ['Clay', C.clay],
      ]),
      sizes({ XL: 200 }),
    ],
    images: [
      img('Everyday Organic Tee in navy, laid flat', C.navy, C.cream),
      img('Everyday Organic Tee in sage, laid flat', C.sage, C.cream),
      img('Everyday Organic Tee in clay, slightly turned', C.clay, C.cream, 1),
    ],
  },
  {
    name: 'Enamel Camp Mug',
    sku: 'NP-MUG-002',
    brand: 'Northpine',
    categories: ['Outdoor', 'Home & Kitchen'],
    description:
      'A 12 oz steel mug with a chip-resistant enamel coat and a rolled rim that is comfortable to drink from. Light enough for the pack, sturdy enough for the campfire grate.',
    price: 1600,
    costPrice: 500,
    stock: [24, 0, 13],
    weight: 0.4,
    art: 'mug',
    options: [
      colours([
        ['Forest', C.forest],
        ['Cobalt', C.cobalt],
        ['Cream', C.cream],
      ]),
    ],
    images: [
      img('Enamel Camp Mug in forest green with a dark rim', C.forest, C.ink),
      img('Enamel Camp Mug in cobalt blue with a dark rim', C.cobalt, C.ink),
      img('Enamel Camp Mug in cream with a dark rim', C.cream, C.ink),
    ],
  },
  {
    name: 'Two-Person Backpacking Tent',
    sku: 'NP-TENT-003',
    brand: 'Northpine',
    categories: ['Outdoor'],
    description:
      'A freestanding two-door tent that pitches in under five minutes around a single hubbed pole. Fully taped seams and a bathtub floor keep you dry through a night of steady rain.',
    price: 32900,
    costPrice: 15500,
    stock: 9,
    weight: 4.2,
    featured: true,
    art: 'tent',
    images: [
      img('Orange two-person tent pitched with the door open', C.orange, C.forest),
      img('Close-up of the tent door and vestibule', C.orange, C.forest, 2),
    ],
  },
  {
    name: 'Wool Watch Cap',
    sku: 'HL-CAP-004',
    brand: 'Harbor & Loom',
    categories: ['Headwear', 'Gifts'],
    description:
      'A rib-knit beanie in soft lambswool with a deep fold-up cuff. Warm without the itch, and it fits most heads without stretching out.',
    price: 3200,
    costPrice: 1000,
    stock: [15, 9, 0, 6],
    weight: 0.2,
    art: 'beanie',
    options: [
      colours([
        ['Mustard', C.mustard],
        ['Navy', C.navy],
        ['Forest', C.forest],
        ['Cream', C.cream],
      ]),
    ],
    images: [
      img('Mustard rib-knit beanie with a cream pom-pom', C.mustard, C.cream),
      img('Navy rib-knit beanie with a cream pom-pom', C.navy, C.cream),
      img('Forest green rib-knit beanie with a cream pom-pom', C.forest, C.cream),
      img('Cream rib-knit beanie with a mustard pom-pom', C.cream, C.mustard, 1),
    ],
  },
  {
    name: 'Canvas Day Pack 22L',
    sku: 'TS-PACK-005',
    brand: 'Trailhead Supply Co.',
    categories: ['Bags & Packs', 'Outdoor'],
    description:
      'A 22-liter day pack in heavy cotton canvas with a padded laptop sleeve and a quick-access front pocket. Leather-reinforced base and sturdy metal zips throughout.',
    price: 8900,
    costPrice: 3600,
    stock: [7, 12, 3],
    weight: 1.6,
    featured: true,
    art: 'backpack',
    options: [
      colours([
        ['Olive', C.olive],
        ['Black', C.black],
        ['Waxed Tan', C.tan, 1000],
      ]),
    ],
    images: [
      img('Olive canvas day pack, front view', C.olive, C.tan),
      img('Black canvas day pack, front view', C.black, C.tan),
      img('Waxed tan canvas day pack, slightly turned', C.tan, C.cocoa, 1),
    ],
  },
  {
    name: 'Speckled Stoneware Mug',
    sku: 'KS-MUG-006',
    brand: 'Kiln Street',
    categories: ['Home & Kitchen'],
    description:
      'Wheel-thrown in small batches and finished in an oatmeal glaze with iron speckles, so no two are quite alike. Holds 14 oz and is dishwasher and microwave safe.',
    price: 2400,
    costPrice: 800,
    stock: 36,
    weight: 0.8,
    art: 'stoneware-mug',
    images: [img('Oatmeal stoneware mug with brown speckles', C.stone, C.cocoa)],
  },
  {
    name: 'Insulated Water Bottle, 32 oz',
    sku: 'NP-BTL-007',
    brand: 'Northpine',
    categories: ['Outdoor', 'Home & Kitchen'],
    description:
      'Double-wall vacuum insulation keeps water cold for 24 hours and coffee hot for 12. The wide mouth takes ice cubes, and the leak-proof lid carries on one finger.',
    price: 3600,
    costPrice: 1100,
    stock: 58,
    weight: 0.9,
    art: 'bottle',
    images: [img('Teal insulated water bottle with a sand-coloured band', C.teal, C.stone)],
  },
  {
    name: 'Merino Trail Socks',
    sku: 'NP-SOCK-008',
    brand: 'Northpine',
    categories: ['Apparel', 'Outdoor'],
    description:
      'Cushioned merino-blend hiking socks with a seamless toe and arch support that stays put. Naturally odor-resistant, so they are good for more than one day on the trail.',
    price: 2200,
    costPrice: 700,
    salePrice: 1800,
    stock: [20, 26, 14, 8, 0, 5],
    weight: 0.2,
    art: 'socks',
    options: [
      colours([
        ['Heather Grey', C.heather],
        ['Rust', C.rust],
      ]),
      { ...sizes({}, ['S', 'M', 'L']), type: 'radio' },
    ],
    images: [
      img('Pair of heather grey merino hiking socks', C.heather, C.rust),
      img('Pair of rust merino hiking socks', C.rust, C.cream, 1),
    ],
  },
  {
    name: 'Classic Nylon Windbreaker',
    sku: 'HL-WIND-009',
    brand: 'Harbor & Loom',
    categories: ['Apparel'],
    description:
      'A lightweight, packable shell in ripstop nylon with an elastic hem. Discontinued and replaced by the Ridgeline Rain Jacket.',
    price: 5800,
    costPrice: 2100,
    stock: 0,
    weight: 0.6,
    deleted: true,
    art: 'jacket',
    images: [img('Blue nylon windbreaker with a yellow zip', '#2c6e8f', C.gold)],
  },
  {
    name: 'Dot-Grid Field Notebooks, 3-Pack',
    sku: 'FN-NOTE-010',
    brand: 'Fieldnote',
    categories: ['Stationery & Books'],
    description:
      'Three pocket-sized notebooks, each with 48 pages of dot-grid paper and a sturdy kraft cover. Sized for a back pocket and bound to survive one.',
    price: 1500,
    costPrice: 400,
    stock: 120,
    weight: 0.5,
    art: 'notebooks',
    images: [img('Three pocket notebooks fanned out, with an elastic band', '#c2553a', '#2e3b4e')],
  },
  {
    name: 'Solar Camp Lantern',
    sku: 'LW-LANT-011',
    brand: 'Lumen Works',
    categories: ['Outdoor', 'Lighting'],
    description:
      'A warm 300-lumen lantern that charges from its solar top or a USB-C cable. Three brightness levels and a flickering candle mode for the picnic table.',
    price: 5200,
    costPrice: 1900,
    stock: 22,
    weight: 0.8,
    featured: true,
    art: 'lantern',
    images: [
      img('Green camp lantern glowing warm yellow', C.forest, '#ffc857'),
      img('Camp lantern on a dotted backdrop', C.forest, '#ffc857', 3),
    ],
  },
  {
    name: 'Stoneware Pour-Over Set',
    sku: 'KS-POUR-012',
    brand: 'Kiln Street',
    categories: ['Home & Kitchen', 'Gifts'],
    description:
      'A hand-glazed ceramic dripper paired with a 20 oz glass carafe. Brews a clean, bright cup with standard #2 paper filters.',
    price: 5800,
    costPrice: 2000,
    stock: 17,
    weight: 2,
    art: 'pourover',
    images: [
      img('Cream ceramic dripper on a glass carafe of coffee', '#f0e6d6', '#6b4f3a'),
      img('Close-up of the glazed pour-over dripper', '#f0e6d6', '#6b4f3a', 2),
    ],
  },
  {
    name: 'Ridgeline Rain Jacket',
    sku: 'NP-JKT-013',
    brand: 'Northpine',
    categories: ['Apparel', 'Outdoor'],
    description:
      'A three-layer waterproof, breathable shell with pit zips and a helmet-compatible hood. Fully seam-sealed and tough enough for daily commutes and alpine weekends alike.',
    price: 14900,
    costPrice: 6200,
    stock: [4, 9, 7, 2, 6, 8, 0, 3, 0, 5, 4, 1],
    weight: 0.9,
    featured: true,
    art: 'jacket',
    options: [
      colours([
        ['Slate', C.slate],
        ['Ochre', C.ochre],
        ['Forest', C.forest],
      ]),
      sizes({ XL: 500 }),
    ],
    images: [
      img('Slate grey rain jacket with an ochre zip', C.slate, C.ochre),
      img('Ochre rain jacket with a dark zip', C.ochre, C.ink),
      img('Forest green rain jacket, slightly turned', C.forest, C.ochre, 1),
    ],
  },
  {
    name: 'Waxed Canvas Tote',
    sku: 'TS-TOTE-014',
    brand: 'Trailhead Supply Co.',
    categories: ['Bags & Packs'],
    description:
      'A roomy everyday tote in water-resistant waxed canvas with leather handles that soften with use. An inside zip pocket keeps keys and phone from sinking to the bottom.',
    price: 5600,
    costPrice: 2000,
    stock: 31,
    weight: 1.3,
    art: 'tote',
    images: [img('Tan waxed canvas tote with dark leather handles', '#8a6a3b', '#3b2a1e')],
  },
  {
    name: 'Folding Camp Chair',
    sku: 'NP-CHR-015',
    brand: 'Northpine',
    categories: ['Outdoor'],
    description:
      'A sturdy folding chair with a high back, padded armrests and a cup holder, rated to 300 lb. Folds flat into its own carry bag.',
    price: 7900,
    costPrice: 3100,
    stock: 0,
    weight: 5.5,
    art: 'chair',
    images: [img('Blue folding camp chair with a yellow seat', C.cobalt, C.gold)],
  },
  {
    name: 'Brass Task Lamp',
    sku: 'LW-TASK-016',
    brand: 'Lumen Works',
    categories: ['Lighting'],
    description:
      'A solid brass desk lamp with a two-joint arm and a swivelling shade that puts light exactly where you need it. Ships with a warm 2700K LED bulb.',
    price: 12900,
    costPrice: 5200,
    stock: 12,
    weight: 4,
    featured: true,
    art: 'tasklamp',
    images: [
      img('Brass task lamp with a two-joint arm', C.brass, C.ink),
      img('Brass task lamp, angled view', C.brass, C.teal, 1),
      img('Close-up of the brass shade and joint', C.brass, C.ink, 2),
    ],
  },
  {
    name: 'Nesting Serving Bowls, Set of 3',
    sku: 'KS-BOWL-017',
    brand: 'Kiln Street',
    categories: ['Home & Kitchen'],
    description:
      'Three stoneware bowls in 6, 8 and 10 inch sizes that stack neatly in the cupboard. Glazed deep teal outside and creamy white inside.',
    price: 6200,
    costPrice: 2300,
    salePrice: 4900,
    stock: 14,
    weight: 4.5,
    art: 'bowls',
    images: [img('Three teal stoneware bowls nested together', C.teal, C.stone)],
  },
  {
    name: 'Linen Button-Down Shirt',
    sku: 'HL-SHRT-018',
    brand: 'Harbor & Loom',
    categories: ['Tops'],
    description:
      'A breezy button-down cut from garment-washed European linen. Relaxed fit with a chest pocket and a curved hem that looks right tucked or untucked.',
    price: 7400,
    costPrice: 2900,
    stock: [5, 8, 6, 0, 7, 10, 9, 4],
    weight: 0.5,
    art: 'shirt',
    options: [
      colours([
        ['White', C.white],
        ['Chambray', C.chambray],
      ]),
      sizes({ XL: 200 }),
    ],
    images: [
      img('White linen button-down shirt', C.white, C.chambray),
      img('Chambray blue linen button-down shirt', C.chambray, C.white, 1),
    ],
  },
  {
    name: 'Down Sleeping Bag, 20°F',
    sku: 'NP-SLBG-019',
    brand: 'Northpine',
    categories: ['Outdoor'],
    description:
      'A mummy bag filled with 650-fill responsibly sourced down and comfortable to 20°F. Packs down to the size of a loaf of bread in its compression sack.',
    price: 27900,
    costPrice: 12000,
    salePrice: 23900,
    stock: 8,
    weight: 2.4,
    art: 'sleepingbag',
    images: [img('Red mummy sleeping bag with a yellow zip', '#b8412f', C.gold)],
  },
  {
    name: 'Cedar & Smoke Soy Candle',
    sku: 'KS-CNDL-020',
    brand: 'Kiln Street',
    categories: ['Home & Kitchen', 'Gifts', 'Lighting'],
    description:
      'Hand-poured soy wax with notes of cedarwood, vetiver and a hint of campfire smoke. Burns cleanly for about 50 hours in a reusable amber glass jar.',
    price: 3200,
    costPrice: 700,
    salePrice: 2500,
    stock: 44,
    weight: 1,
    art: 'candle',
    images: [img('Lit soy candle in an amber jar with a cream label', '#8a5a32', C.stone)],
  },
  {
    name: 'Carbon Trekking Poles (Refurbished)',
    sku: 'NP-POLE-021',
    brand: 'Northpine',
    categories: ['Outdoor'],
    description:
      'Returned carbon-fiber trekking poles, inspected, fitted with new tips and baskets, and covered by a one-year warranty. Cork grips and flick-lock adjusters from 41 to 53 inches.',
    price: 8900,
    costPrice: null,
    stock: 6,
    weight: 1.1,
    condition: 'Refurbished',
    art: 'poles',
    images: [img('Pair of dark carbon trekking poles with cork grips', C.charcoal, C.ochre)],
  },
  {
    name: 'Warm White String Lights, 33 ft',
    sku: 'LW-STR-022',
    brand: 'Lumen Works',
    categories: ['Lighting', 'Outdoor', 'Gifts'],
    description:
      'Thirty shatterproof LED bulbs on a weatherproof 33-foot cord for patios, porches and bedrooms. A built-in timer switches them on for six hours each evening.',
    price: 2800,
    costPrice: 800,
    stock: 75,
    weight: 0.6,
    art: 'stringlights',
    images: [img('Strands of glowing warm white string lights', C.charcoal, C.glow)],
  },
  {
    name: 'Packable Sun Hat',
    sku: 'HL-HAT-023',
    brand: 'Harbor & Loom',
    categories: ['Apparel', 'Outdoor'],
    description:
      'A wide-brimmed hat in UPF 50+ nylon that crushes into a pocket and springs back into shape. An adjustable chin cord keeps it on when the wind picks up.',
    price: 3400,
    costPrice: null,
    salePrice: 2700,
    stock: 27,
    weight: 0.2,
    art: 'sunhat',
    images: [img('Sand-coloured sun hat with a green band', '#d8c39a', C.forest)],
  },
  {
    name: 'End-Grain Walnut Cutting Board',
    sku: 'KS-BRD-024',
    brand: 'Kiln Street',
    categories: ['Home & Kitchen', 'Gifts'],
    description:
      'A thick end-grain board of American black walnut that is gentle on knife edges and hides its own cuts. Finished with food-safe mineral oil and beeswax.',
    price: 9500,
    costPrice: 3800,
    stock: 10,
    weight: 4.8,
    art: 'board',
    images: [
      img('Walnut end-grain cutting board with a checkerboard pattern', C.walnut, '#a87b52'),
      img('Close-up of the end-grain checkerboard', C.walnut, '#a87b52', 2),
    ],
  },
  {
    name: 'Weekender Duffel, 45 L',
    sku: 'TS-DUFF-025',
    brand: 'Trailhead Supply Co.',
    categories: ['Bags & Packs'],
    description:
      'A 45-liter duffel sized for a long weekend and most overhead bins. Waxed canvas body, full-grain leather trim and a padded, detachable shoulder strap.',
    price: 13400,
    costPrice: 5100,
    stock: 11,
    weight: 3.1,
    art: 'duffel',
    images: [
      img('Dark green canvas duffel with tan leather ends', '#3d4a3e', C.tan),
      img('Canvas duffel on a dotted backdrop', '#3d4a3e', C.tan, 3),
    ],
  },
  {
    name: 'Rechargeable Trail Headlamp',
    sku: 'NP-HDLP-026',
    brand: 'Northpine',
    categories: ['Outdoor', 'Lighting'],
    description:
      'A 400-lumen headlamp with flood, spot and red night-vision modes. Charges over USB-C and runs up to 40 hours on its lowest setting.',
    price: 4500,
    costPrice: 1500,
    stock: 3,
    weight: 0.2,
    art: 'headlamp',
    images: [img('Red headlamp with an elastic strap and a bright lens', C.red, C.glow)],
  },
  {
    name: 'Seasoned Cast Iron Skillet, 10 in',
    sku: 'KS-SKIL-027',
    brand: 'Kiln Street',
    categories: ['Home & Kitchen', 'Outdoor'],
    description:
      'A 10-inch skillet cast in one piece and pre-seasoned with flaxseed oil, ready for the stove, the oven or the campfire. It gets better every time you cook with it.',
    price: 5400,
    costPrice: null,
    stock: 19,
    weight: 5.3,
    art: 'skillet',
    images: [img('Cast iron skillet with an egg frying in it', '#3a3a3a', C.walnut)],
  },
  {
    name: 'Trail Map Wall Print',
    sku: 'FN-PRNT-028',
    brand: 'Fieldnote',
    categories: ['Stationery & Books', 'Gifts'],
    description:
      'An 18 × 24 inch giclée print of a hand-drawn topographic trail map on heavyweight archival paper. Frame not included.',
    price: 4500,
    costPrice: null,
    stock: 25,
    weight: 0.6,
    art: 'print',
    images: [img('Framed print of mountains and contour lines', C.teal, C.orange)],
  },
  {
    name: 'Ceramic Table Lamp',
    sku: 'LW-TBL-029',
    brand: 'Lumen Works',
    categories: ['Lighting', 'Home & Kitchen'],
    description:
      'A gourd-shaped ceramic base in a terracotta glaze, topped with a linen drum shade. Gives a soft, warm glow on a side table or nightstand.',
    price: 13800,
    costPrice: 5400,
    stock: 0,
    weight: 6.5,
    art: 'tablelamp',
    images: [img('Terracotta ceramic table lamp with a linen shade', C.clay, '#f0e6d6')],
  },
  {
    name: 'Harbor Fleece Hoodie',
    sku: 'HL-HOOD-030',
    brand: 'Harbor & Loom',
    categories: ['Apparel'],
    description:
      'A heavyweight pullover hoodie in brushed recycled fleece with a lined hood and a roomy kangaroo pocket. Ribbed cuffs and hem hold their shape season after season.',
    price: 6800,
    costPrice: 2600,
    salePrice: 5400,
    stock: [6, 12, 10, 5, 3, 0, 8, 2],
    weight: 1.1,
    featured: true,
    art: 'hoodie',
    options: [
      colours([
        ['Charcoal', C.charcoal],
        ['Oatmeal', C.oatmeal],
      ]),
      sizes({ XL: 300 }),
    ],
    images: [
      img('Charcoal fleece hoodie with cream drawstrings', C.charcoal, C.cream),
      img('Oatmeal fleece hoodie with dark drawstrings', C.oatmeal, C.charcoal),
    ],
  },
  {
    name: 'The Weekend Camper (E-book)',
    sku: 'FN-EBK-031',
    brand: 'Fieldnote',
    categories: ['Stationery & Books', 'Outdoor'],
    description:
      'A 180-page illustrated guide to planning easy, low-stress camping trips, from packing lists to one-pot dinners. Delivered as EPUB and PDF downloads.',
    price: 1200,
    costPrice: null,
    stock: 999,
    warningLevel: 0,
    weight: null,
    type: 'digital',
    art: 'ebook',
    images: [img('E-book cover with a tent under the night sky, shown on a tablet', C.forest, C.gold)],
  },
  {
    name: 'Terracotta Planter, Medium',
    sku: 'KS-PLNT-032',
    brand: 'Kiln Street',
    categories: ['Home & Kitchen'],
    description:
      'An unglazed terracotta planter, 7 inches across, with a drainage hole and a matching saucer. The breathable clay helps keep roots healthy.',
    price: 2900,
    costPrice: 900,
    stock: 2,
    weight: 3.2,
    art: 'planter',
    images: [img('Terracotta planter with a leafy green plant', '#c0623f', C.leaf)],
  },
  {
    name: 'Vintage Camp Stove',
    sku: 'NP-STOV-033',
    brand: 'Northpine',
    categories: ['Outdoor'],
    description:
      'A classic two-burner camp stove from the 1980s, cleaned, tested and running strong. The case shows honest scuffs; the burners and valves are in great shape.',
    price: 5500,
    costPrice: 1500,
    stock: 1,
    warningLevel: 1,
    weight: 12,
    condition: 'Used',
    art: 'stove',
    images: [img('Green two-burner camp stove with the lid open', '#2f5d3a', C.orange)],
  },
  {
    name: 'Roll-Top Hip Pack',
    sku: 'TS-HIP-034',
    brand: 'Trailhead Supply Co.',
    categories: ['Bags & Packs', 'Outdoor'],
    description:
      'A water-resistant hip pack with a roll-top closure that expands from 2 to 3 liters. Wear it around the waist or across the body.',
    price: 4200,
    costPrice: 1400,
    stock: 23,
    weight: 0.5,
    art: 'hippack',
    images: [img('Ochre roll-top hip pack with a black strap', C.ochre, C.black)],
  },
  {
    name: 'Globe Pendant Light',
    sku: 'LW-PEND-035',
    brand: 'Lumen Works',
    categories: ['Lighting'],
    description:
      'A 12-inch hand-blown opal glass globe on a braided fabric cord with a brass canopy. Spreads soft, even light over a dining table or kitchen island.',
    price: 15900,
    costPrice: 6100,
    salePrice: 12900,
    stock: 7,
    weight: 3.5,
    art: 'pendant',
    images: [img('Opal glass globe pendant light hanging from a cord', '#f0e6d6', '#ffc857')],
  },
  {
    name: 'Linen Tea Towels, Set of 2',
    sku: 'KS-TOWL-036',
    brand: 'Kiln Street',
    categories: ['Home & Kitchen'],
    description:
      'Two absorbent, quick-drying linen towels with a woven stripe and a hanging loop. They only get softer with every wash.',
    price: 2200,
    costPrice: 600,
    stock: 52,
    weight: 0.4,
    art: 'towels',
    images: [img('Two striped sage linen tea towels hanging from a rail', C.sage, C.white)],
  },
  {
    name: 'Ultralight Hammock',
    sku: 'NP-HMCK-037',
    brand: 'Northpine',
    categories: ['Outdoor'],
    description:
      'A single-person parachute-nylon hammock that packs into its own attached stuff sack. Includes tree-friendly straps and aluminum carabiners.',
    price: 6400,
    costPrice: 2200,
    stock: 0,
    weight: 1,
    art: 'hammock',
    images: [img('Orange hammock slung between two posts', C.orange, C.cobalt)],
  },
  {
    name: 'Cartwheel Gift Card',
    sku: 'CW-GIFT-038',
    brand: null,
    categories: ['Gifts'],
    description:
      'A digital gift card of $25, $50 or $100, emailed to the person you choose on the day you choose, with your personal message. A safe bet for the outdoorsy friend who already owns everything.',
    price: 2500,
    costPrice: null,
    stock: [999, 999, 999],
    warningLevel: 0,
    weight: null,
    type: 'digital',
    giftCard: true,
    art: 'giftcard',
    images: [img('Green gift card wrapped with a yellow ribbon', C.forest, C.gold)],
    options: [
      {
        name: 'Amount',
        displayName: 'Amount',
        type: 'select',
        values: [
          { label: '$25', value: '25', priceAdjustment: 0 },
          { label: '$50', value: '50', priceAdjustment: 2500 },
          { label: '$100', value: '100', priceAdjustment: 7500 },
        ],
      },
    ],
  },
  {
    name: 'Refurbished Burr Coffee Grinder',
    sku: 'KS-GRND-039',
    brand: 'Kiln Street',
    categories: ['Home & Kitchen'],
    description:
      'A conical burr grinder with 40 grind settings, professionally refurbished with new burrs and a fresh motor brush. Covered by a one-year warranty.',
    price: 8900,
    costPrice: null,
    stock: 4,
    warningLevel: 3,
    weight: 6,
    condition: 'Refurbished',
    art: 'grinder',
    images: [img('Charcoal burr coffee grinder with a brass dial', C.charcoal, C.brass)],
  },
  {
    name: 'Recycled Fleece Scarf',
    sku: 'HL-SCRF-040',
    brand: 'Harbor & Loom',
    categories: ['Apparel', 'Gifts'],
    description:
      'A generous scarf in soft, pill-resistant fleece made from recycled bottles, finished with a tasselled edge. Long enough to wrap twice on the coldest days.',
    price: 3800,
    costPrice: 1200,
    stock: 33,
    weight: 0.3,
    art: 'scarf',
    images: [img('Rust fleece scarf with cream stripes and tassels', C.rust, C.cream)],
  },
  {
    name: 'Brass Bullet Pen',
    sku: 'FN-PEN-041',
    brand: 'Fieldnote',
    categories: ['Stationery & Books', 'Gifts'],
    description:
      'A pocket pen machined from solid brass that develops a warm patina over time. Compact when capped, full-size when posted, and it takes standard refills.',
    price: 3800,
    costPrice: 1300,
    stock: 40,
    weight: 0.1,
    art: 'pen',
    images: [img('Solid brass pocket pen with a clip', C.brass, C.walnut)],
  },
  {
    name: 'Waffle Cotton Throw',
    sku: 'KS-THRW-042',
    brand: 'Kiln Street',
    categories: ['Home & Kitchen', 'Gifts'],
    description:
      'A 50 × 70 inch throw woven from long-staple cotton in a deep waffle texture. Light enough for summer evenings, cozy enough for winter.',
    price: 11800,
    costPrice: 4400,
    stock: 16,
    weight: 2.6,
    featured: true,
    art: 'throw',
    images: [
      img('Folded waffle cotton throw in terracotta', '#c98f6b', C.white),
      img('Waffle cotton throw, folded and slightly turned', '#c98f6b', C.sage, 1),
      img('Close-up of the waffle weave', '#c98f6b', C.white, 2),
    ],
  },
  {
    name: 'Vintage Leather Rucksack',
    sku: 'TS-RUCK-043',
    brand: 'Trailhead Supply Co.',
    categories: ['Bags & Packs'],
    description:
      'A pre-loved full-grain leather rucksack with brass buckles and a deep patina. Fully cleaned and conditioned; a few minor scuffs add to its character.',
    price: 9800,
    costPrice: 3000,
    stock: 1,
    warningLevel: 2,
    weight: 2.8,
    condition: 'Used',
    art: 'rucksack',
    images: [img('Brown leather rucksack with brass buckles', C.cocoa, C.brass)],
  },
  {
    name: 'Clip-On Reading Light',
    sku: 'LW-CLIP-044',
    brand: 'Lumen Works',
    categories: ['Lighting', 'Stationery & Books'],
    description:
      'A rechargeable LED light with a flexible neck that clips to a book, headboard or music stand. Three color temperatures and a gentle dimmer.',
    price: 2400,
    costPrice: 700,
    stock: 4,
    warningLevel: 6,
    weight: 0.3,
    art: 'cliplight',
    images: [img('Blue clip-on reading light with a flexible neck', C.cobalt, C.glow)],
  },
  {
    name: 'Pocket Field Guide to Trees',
    sku: 'FN-BOOK-045',
    brand: 'Fieldnote',
    categories: ['Stationery & Books', 'Outdoor'],
    description:
      'A water-resistant paperback guide to 200 common North American trees, with leaf, bark and seed illustrations. Fits in a jacket pocket.',
    price: 1800,
    costPrice: 700,
    stock: 38,
    weight: 0.5,
    art: 'book',
    images: [img('Green paperback field guide with a leaf on the cover', C.leaf, C.cream)],
  },
  {
    name: 'Alpine Down Vest',
    sku: 'HL-VEST-046',
    brand: 'Harbor & Loom',
    categories: ['Apparel', 'Outdoor'],
    description:
      'A lightweight 800-fill down vest for layering on cold mornings. Packs into its own chest pocket.',
    price: 12800,
    costPrice: 5100,
    stock: 20,
    weight: 0.7,
    draft: true,
    art: 'vest',
    images: [img('Red quilted down vest with a dark zip', C.red, C.ink)],
  },
  {
    name: 'Walnut Desk Organizer',
    sku: 'KS-ORG-047',
    brand: 'Kiln Street',
    categories: ['Home & Kitchen', 'Stationery & Books'],
    description:
      'A solid walnut tray with three compartments for pens, cards and small tools. A felt-lined base protects the desk.',
    price: 6800,
    costPrice: 2400,
    stock: 12,
    weight: 2.2,
    draft: true,
    art: 'organizer',
    images: [img('Walnut desk organizer holding pencils', C.walnut, C.brass)],
  },
  {
    name: 'Camp Kitchen Starter Kit',
    sku: 'NP-KIT-048',
    brand: 'Northpine',
    categories: ['Outdoor', 'Home & Kitchen'],
    description:
      'Everything for a first night of camp cooking: a nesting pot and pan, a spatula, two enamel mugs and a wooden crate to carry it all.',
    price: 14900,
    costPrice: null,
    stock: 0,
    weight: 7.5,
    draft: true,
    art: 'kit',
    images: [img('Wooden crate holding a camp pot, pan and spatula', '#8a6a3b', C.forest)],
  },
];

/** The side of a demo picture as drawn (square), and so of its largest raster render. */
export const DEMO_IMAGE_SIZE = 800;

/**
 * The public file names of a product's n-th image (0-based), under /demo-images/: one render per
 * width and format, "<product-slug>-<n>-<width>.<avif|webp>" (widths: variantWidths(DEMO_IMAGE_SIZE)).
 */
export function demoImageFile(
  product: Pick<DemoProduct, 'name'>,
  index: number,
  width: number,
  format: 'avif' | 'webp',
): string {
  return `${slugify(product.name)}-${index + 1}-${width}.${format}`;
}

/** Orders over this subtotal ship free; below it, flat-rate Standard shipping. */
export const FREE_SHIPPING_FROM = 7500;
export const STANDARD_SHIPPING = 695;

export interface DemoAddress {
  first_name: string;
  last_name: string;
  address_line_1: string;
  address_line_2: string | null;
  city: string;
  state_province: string | null;
  postal_code: string;
  country: string;
}

const JAMIE_HOME: DemoAddress = {
  first_name: 'Jamie',
  last_name: 'Rivera',
  address_line_1: '418 Cedar Street',
  address_line_2: 'Apt 2B',
  city: 'Portland',
  state_province: 'OR',
  postal_code: '97205',
  country: 'US',
};

const ROSA_GIFT: DemoAddress = {
  first_name: 'Rosa',
  last_name: 'Rivera',
  address_line_1: '72 Orchard Lane',
  address_line_2: null,
  city: 'Boise',
  state_province: 'ID',
  postal_code: '83702',
  country: 'US',
};

export interface DemoOrder {
  placedAt: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  fulfillmentStatus: FulfillmentStatus;
  shipTo: DemoAddress;
  /**
   * sku is a product sku or a variant sku; shipped says how many left the warehouse (partial orders);
   * refunded how many units were refunded (a partially refunded order).
   */
  lines: Array<{ sku: string; quantity: number; shipped?: number; refunded?: number }>;
  /** The market it was sold in (a handle of DEMO_MARKETS); absent: the base market, in dollars. */
  market?: string;
  /** The storefront language it was placed in; English when absent. */
  locale?: string;
}

/** The shopper's order history, oldest first (order numbers follow this order). */
export const DEMO_ORDERS: DemoOrder[] = [
  {
    placedAt: '2026-03-14T15:22:00Z',
    status: 'delivered',
    paymentStatus: 'paid',
    fulfillmentStatus: 'fulfilled',
    shipTo: JAMIE_HOME,
    lines: [
      { sku: 'HL-TEE-001-navy-m', quantity: 2 },
      { sku: 'HL-CAP-004-mustard', quantity: 1 },
    ],
  },
  {
    placedAt: '2026-04-25T10:05:00Z',
    status: 'delivered',
    paymentStatus: 'paid',
    fulfillmentStatus: 'fulfilled',
    shipTo: JAMIE_HOME,
    lines: [
      { sku: 'TS-PACK-005-olive', quantity: 1 },
      { sku: 'NP-MUG-002-forest', quantity: 2 },
      { sku: 'FN-NOTE-010', quantity: 1 },
    ],
  },
  {
    placedAt: '2026-06-09T18:40:00Z',
    status: 'cancelled',
    paymentStatus: 'refunded',
    fulfillmentStatus: 'unfulfilled',
    shipTo: JAMIE_HOME,
    lines: [
      { sku: 'LW-LANT-011', quantity: 1 },
      { sku: 'KS-CNDL-020', quantity: 2 },
    ],
  },
  {
    placedAt: '2026-07-21T12:10:00Z',
    status: 'delivered',
    paymentStatus: 'paid',
    fulfillmentStatus: 'fulfilled',
    shipTo: ROSA_GIFT,
    lines: [
      { sku: 'KS-BOWL-017', quantity: 1 },
      { sku: 'KS-TOWL-036', quantity: 1 },
    ],
  },
  {
    placedAt: '2026-08-19T09:30:00Z',
    status: 'shipped',
    paymentStatus: 'paid',
    fulfillmentStatus: 'partial',
    shipTo: JAMIE_HOME,
    lines: [
      { sku: 'NP-JKT-013-slate-l', quantity: 1, shipped: 1 },
      { sku: 'NP-SOCK-008-heather-grey-m', quantity: 2, shipped: 0 },
    ],
  },
  {
    placedAt: '2026-08-29T16:45:00Z',
    status: 'processing',
    paymentStatus: 'paid',
    fulfillmentStatus: 'unfulfilled',
    shipTo: JAMIE_HOME,
    lines: [
      { sku: 'HL-HOOD-030-charcoal-l', quantity: 1 },
      { sku: 'CW-GIFT-038-50', quantity: 1 },
    ],
  },
];
