import { randomUUID } from 'node:crypto';
import { capitalize } from '@cartwheel/shared/text';
import type { Db } from '../src/db/client.ts';
import {
  brands,
  cartItems,
  categories,
  orderItems,
  orders,
  productCategories,
  productImages,
  productOptions,
  productOptionValues,
  products,
  productVariants,
  profiles,
  users,
  variantOptionValues,
} from '../src/db/schema.ts';

// Test data factories: each call makes new rows with unique values; pass overrides for what a test cares about.
// The random part is letters only: a search by order number also matches names and emails
// containing it, and a hex part like "a1042bc3" made another order match order #1042.
let counter = 0;
const next = () =>
  `${++counter}-${randomUUID()
    .slice(0, 8)
    .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}`;

export async function createBrand(db: Db, overrides: Partial<typeof brands.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(brands)
    .values({ name: `Brand ${n}`, slug: `brand-${n}`, ...overrides })
    .returning();
  return row!;
}

export async function createCategory(db: Db, overrides: Partial<typeof categories.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(categories)
    .values({ name: `Category ${n}`, slug: `category-${n}`, ...overrides })
    .returning();
  return row!;
}

export interface ProductFactoryOptions {
  categoryIds?: string[];
  images?: number;
}

export async function createProduct(
  db: Db,
  overrides: Partial<typeof products.$inferInsert> = {},
  options: ProductFactoryOptions = {},
) {
  const n = next();
  const [row] = await db
    .insert(products)
    .values({
      name: `Product ${n}`,
      sku: `SKU-${n}`,
      slug: `product-${n}`,
      price: 1000,
      inventoryLevel: 10,
      ...overrides,
    })
    .returning();
  const product = row!;
  if (options.categoryIds?.length) {
    await db
      .insert(productCategories)
      .values(options.categoryIds.map((categoryId) => ({ productId: product.id, categoryId })));
  }
  const imageCount = options.images ?? 1;
  if (imageCount > 0) {
    await db.insert(productImages).values(
      Array.from({ length: imageCount }, (_, i) => ({
        productId: product.id,
        url: `/demo-images/test-${n}-${i}.svg`,
        altText: `${product.name} ${i + 1}`,
        isThumbnail: i === 0,
        sortOrder: i,
      })),
    );
  }
  return product;
}

/** An option with values on a product, e.g. createOption(db, id, 'size', ['S', 'M']). */
export async function createOption(
  db: Db,
  productId: string,
  name: string,
  labels: string[],
  overrides: Partial<typeof productOptions.$inferInsert> = {},
) {
  const [option] = await db
    .insert(productOptions)
    .values({ productId, name, displayName: capitalize(name), ...overrides })
    .returning();
  const values = await db
    .insert(productOptionValues)
    .values(
      labels.map((label, i) => ({
        optionId: option!.id,
        label,
        value: label.toLowerCase().replace(/\s+/g, '-'),
        sortOrder: i,
      })),
    )
    .returning();
  return { option: option!, values };
}

/** A variant linked to the given option values. */
export async function createVariant(
  db: Db,
  productId: string,
  optionValueIds: string[],
  overrides: Partial<typeof productVariants.$inferInsert> = {},
) {
  const [variant] = await db
    .insert(productVariants)
    .values({ productId, sku: `VAR-${next()}`, price: 1000, inventoryLevel: 5, ...overrides })
    .returning();
  if (optionValueIds.length) {
    await db
      .insert(variantOptionValues)
      .values(optionValueIds.map((optionValueId) => ({ variantId: variant!.id, optionValueId })));
  }
  return variant!;
}

export interface OrderLineInput {
  /** The product sold; the line snapshots its name, sku and price unless given. */
  product?: typeof products.$inferSelect;
  variant?: typeof productVariants.$inferSelect;
  quantity?: number;
  pricePerItem?: number;
  /** null: the line has no product cost. Defaults to the product's cost price. */
  costPerItem?: number | null;
  fulfilledQuantity?: number;
  refundedQuantity?: number;
  productName?: string;
}

/**
 * An order with its lines, e.g. createOrder(db, { status: 'processing', paymentStatus: 'paid' },
 * [{ product, quantity: 2 }]). Subtotal and total are the sum of the lines (plus shippingAmount/taxAmount).
 */
export async function createOrder(
  db: Db,
  overrides: Partial<typeof orders.$inferInsert> = {},
  lines: OrderLineInput[] = [{}],
) {
  const n = next();
  const items = lines.map((line) => {
    const quantity = line.quantity ?? 1;
    const price = line.pricePerItem ?? line.variant?.price ?? line.product?.price ?? 1000;
    return {
      productId: line.product?.id ?? null,
      variantId: line.variant?.id ?? null,
      productName: line.productName ?? line.product?.name ?? `Item ${n}`,
      variantTitle: line.variant ? line.variant.sku : null,
      productSku: line.variant?.sku ?? line.product?.sku ?? `SKU-${n}`,
      quantity,
      pricePerItem: price,
      costPerItem: line.costPerItem === undefined ? (line.product?.costPrice ?? null) : line.costPerItem,
      totalAmount: price * quantity,
      fulfilledQuantity: line.fulfilledQuantity ?? 0,
      refundedQuantity: line.refundedQuantity ?? 0,
    };
  });
  const subtotal = items.reduce((sum, i) => sum + i.totalAmount, 0);
  const shipping = overrides.shippingAmount ?? 0;
  const tax = overrides.taxAmount ?? 0;
  const [order] = await db
    .insert(orders)
    .values({
      customerEmail: `buyer-${n}@example.com`,
      customerFirstName: 'Test',
      customerLastName: `Buyer ${n}`,
      shippingAddress: {
        first_name: 'Test',
        last_name: `Buyer ${n}`,
        address_line_1: '1 Main St',
        city: 'Springfield',
        state_province: 'OR',
        postal_code: '97000',
        country: 'US',
      },
      paymentMethod: 'card',
      shippingMethod: 'Standard',
      subtotalAmount: subtotal,
      totalAmount: subtotal + shipping + tax,
      ...overrides,
    })
    .returning();
  const rows = items.length
    ? await db
        .insert(orderItems)
        .values(items.map((i) => ({ ...i, orderId: order!.id })))
        .returning()
    : [];
  return { order: order!, items: rows };
}

/**
 * A shopper created straight in the database (no password, no session): fast enough for hundreds.
 * Use signUp() from sessions.ts when the test needs to call the API as them.
 */
export async function createCustomer(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const n = next();
  const [user] = await db
    .insert(users)
    .values({ email: `customer-${n}@example.com`, name: `Customer ${n}`, ...overrides })
    .returning();
  await db.insert(profiles).values({ id: user!.id, firstName: 'Test', lastName: `Customer ${n}` });
  return user!;
}

/** A line in a signed-in shopper's server cart. */
export async function addCartItem(
  db: Db,
  userId: string,
  productId: string,
  quantity = 1,
  variantId: string | null = null,
) {
  const [line] = await db.insert(cartItems).values({ userId, productId, variantId, quantity }).returning();
  return line!;
}

/** A $50.00 gift card product, and one unit of it in a signed-in cart for a recipient sent it today. */
export async function giftCardInCart(db: Db, userId: string, recipientEmail: string) {
  const card = await createProduct(db, {
    name: 'Gift Card',
    price: 5000,
    inventoryLevel: 100,
    isGiftCard: true,
  });
  await db.insert(cartItems).values({
    userId,
    productId: card.id,
    quantity: 1,
    giftCard: {
      recipient_name: 'Grace Hopper',
      recipient_email: recipientEmail,
      message: null,
      send_on: new Date().toISOString().slice(0, 10),
    },
  });
  return card;
}
