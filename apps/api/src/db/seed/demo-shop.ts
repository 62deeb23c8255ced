import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import { slugify } from '../../lib/slug.ts';
import { discountRedemptions, discounts } from '../../modules/discounts/discounts.schema.ts';
import {
  fulfilmentLines,
  fulfilments,
  refundLines,
  refunds,
} from '../../modules/orders/after-sale.schema.ts';
import { orderDiscounts, orderTaxLines } from '../../modules/orders/orders.schema.ts';
import { variantWidths } from '../../modules/uploads/image-variants.ts';
import type { Db, Tx } from '../client.ts';
import {
  accounts,
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
} from '../schema.ts';
import { afterSaleRows, type BuiltDemoOrder, demoCodeRows, priceDemoOrder } from './demo-after-sale.ts';
import { seedDemoContent } from './demo-content.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_BASE_DATE,
  DEMO_BRANDS,
  DEMO_CATEGORIES,
  DEMO_CATEGORY_PARENTS,
  DEMO_IMAGE_SIZE,
  DEMO_ORDERS,
  DEMO_PASSWORD,
  DEMO_PRODUCTS,
  DEMO_SHOPPER_EMAIL,
  type DemoOrder,
  type DemoProduct,
  demoImageFile,
} from './demo-data.ts';
import { seedDemoGiftCards } from './demo-gift-cards.ts';
import { demoHistory, type HistoryOrder } from './demo-history.ts';
import { seedDemoLocations } from './demo-locations.ts';
import { demoSale, demoUnitPrice, marketColumns } from './demo-market-orders.ts';
import { seedDemoMarkets } from './demo-markets.ts';
import { seedDemoReviews } from './demo-reviews.ts';
import { abandonedCheckouts, DEMO_CHECKOUT_HOLD, type DemoItem, demoCarts } from './demo-unfinished.ts';
import { demoImageUrl, planVariants, type VariantPlan } from './demo-variants.ts';
import { seedId } from './seed-id.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const BASE = Date.parse(DEMO_BASE_DATE);

export { seedId };

/** How long after it was placed an order in each status was last touched. */
const LAST_CHANGE_AFTER: Record<DemoOrder['status'], number> = {
  pending: 0,
  processing: 3 * HOUR,
  shipped: 2 * DAY,
  delivered: 5 * DAY,
  cancelled: DAY,
};

/**
 * Seeds the demo shop (catalogue, demo accounts, the shopper's orders, a year of other customers' and
 * guests' orders) into an empty database, in one transaction. Every demo date is moved so that the demo's
 * base date is `now` (the shop looks in business today; tests pass a fixed clock). Does nothing and
 * returns { seeded: false } when any product or user already exists.
 */
export async function seedDemoShop(
  db: Db,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ seeded: boolean }> {
  if (!(await isEmpty(db))) return { seeded: false };
  // Hashing (scrypt) is slow on purpose: do it before the transaction, once per account.
  const passwordHashes: string[] = [];
  for (const _ of DEMO_ACCOUNTS) passwordHashes.push(await hashPassword(DEMO_PASSWORD));
  const rows = buildDemoShop(passwordHashes, now.getTime());

  return db.transaction(async (tx) => {
    // Serialises concurrent seeders (several API processes starting on one empty PostgreSQL).
    await tx.execute(sql`select pg_advisory_xact_lock(7302025)`);
    if (!(await isEmpty(tx))) return { seeded: false };
    await tx.insert(users).values(rows.users);
    await tx.insert(accounts).values(rows.accounts);
    await tx.insert(profiles).values(rows.profiles);
    await tx.insert(brands).values(rows.brands);
    await tx.insert(categories).values(rows.categories);
    await tx.insert(products).values(rows.products);
    await tx.insert(productCategories).values(rows.productCategories);
    await tx.insert(productImages).values(rows.productImages);
    await tx.insert(productOptions).values(rows.productOptions);
    await tx.insert(productOptionValues).values(rows.productOptionValues);
    await tx.insert(productVariants).values(rows.productVariants);
    await tx.insert(variantOptionValues).values(rows.variantOptionValues);
    // One statement, rows in date order: order numbers (identity) follow the order dates.
    await tx.insert(orders).values(rows.orders);
    await tx.insert(orderItems).values(rows.orderItems);
    if (rows.orderTaxLines.length) await tx.insert(orderTaxLines).values(rows.orderTaxLines);
    await tx.insert(cartItems).values(rows.cartItems);
    await tx.insert(discounts).values(rows.discounts);
    await tx.insert(orderDiscounts).values(rows.orderDiscounts);
    await tx.insert(discountRedemptions).values(rows.discountRedemptions);
    await tx.insert(fulfilments).values(rows.fulfilments);
    await tx.insert(fulfilmentLines).values(rows.fulfilmentLines);
    await tx.insert(refunds).values(rows.refunds);
    await tx.insert(refundLines).values(rows.refundLines);
    await seedDemoMarkets(tx);
    await seedDemoContent(tx, now);
    await seedDemoGiftCards(tx);
    await seedDemoReviews(tx, now);
    await seedDemoLocations(tx);
    return { seeded: true };
  });
}

async function isEmpty(db: Db | Tx): Promise<boolean> {
  const [product] = await db.select({ id: products.id }).from(products).limit(1);
  const [user] = await db.select({ id: users.id }).from(users).limit(1);
  return !product && !user;
}

/**
 * When each product was added: oldest first, eight days apart (the catalogue grew over the year of
 * orders), the newest eight days before the base date.
 */
const productCreatedAt = (index: number) => BASE - (DEMO_PRODUCTS.length - index) * 8 * DAY;

/**
 * All demo rows, built in memory; pure apart from the password hashes passed in. Dates are written
 * relative to the demo's base date and moved by `now - base` (`now` defaults to the base date itself).
 */
export function buildDemoShop(passwordHashes: string[], now = BASE) {
  const at = (ms: number) => new Date(ms + now - BASE);
  const brandId = (name: string) => seedId(`brand:${name}`);
  const categoryId = (name: string) => seedId(`category:${name}`);
  const catalogueStart = productCreatedAt(-1);

  const userRows = DEMO_ACCOUNTS.map((a) => ({
    id: seedId(`user:${a.email}`),
    name: `${a.firstName} ${a.lastName}`,
    email: a.email,
    emailVerified: true,
    createdAt: at(Date.parse(a.joinedAt)),
    updatedAt: at(Date.parse(a.joinedAt)),
  }));
  const accountRows = DEMO_ACCOUNTS.map((a, i) => ({
    id: seedId(`account:${a.email}`),
    accountId: seedId(`user:${a.email}`),
    providerId: 'credential',
    userId: seedId(`user:${a.email}`),
    password: passwordHashes[i] ?? '',
    createdAt: at(Date.parse(a.joinedAt)),
    updatedAt: at(Date.parse(a.joinedAt)),
  }));
  const profileRows = DEMO_ACCOUNTS.map((a) => ({
    id: seedId(`user:${a.email}`),
    firstName: a.firstName,
    lastName: a.lastName,
    role: a.role,
    createdAt: at(Date.parse(a.joinedAt)),
    updatedAt: at(Date.parse(a.joinedAt)),
  }));

  const brandRows = DEMO_BRANDS.map((name, i) => ({
    id: brandId(name),
    name,
    slug: slugify(name),
    createdAt: at(catalogueStart + i * MINUTE),
  }));
  const categoryRows = DEMO_CATEGORIES.map((name, i) => ({
    id: categoryId(name),
    name,
    slug: slugify(name),
    isVisible: true,
    sortOrder: i + 1,
    parentId: DEMO_CATEGORY_PARENTS[name] ? categoryId(DEMO_CATEGORY_PARENTS[name]) : null,
    createdAt: at(catalogueStart + i * MINUTE),
  }));

  const productRows: Array<typeof products.$inferInsert> = [];
  const productCategoryRows: Array<typeof productCategories.$inferInsert> = [];
  const imageRows: Array<typeof productImages.$inferInsert> = [];
  const optionRows: Array<typeof productOptions.$inferInsert> = [];
  const valueRows: Array<typeof productOptionValues.$inferInsert> = [];
  const variantRows: Array<typeof productVariants.$inferInsert> = [];
  const variantValueRows: Array<typeof variantOptionValues.$inferInsert> = [];
  // What an order line needs to snapshot, by product or variant sku.
  const sellable = new Map<
    string,
    { product: DemoProduct; productId: string; variant?: VariantPlan; createdAt: number }
  >();

  DEMO_PRODUCTS.forEach((p, index) => {
    const id = seedId(`product:${p.sku}`);
    const createdAt = productCreatedAt(index);
    const valueId = (option: string, value: string) => seedId(`option-value:${p.sku}:${option}:${value}`);
    const variants = planVariants(p, valueId);
    const stock = typeof p.stock === 'number' ? [p.stock] : p.stock;
    if (stock.length !== Math.max(variants.length, 1)) {
      throw new Error(`Demo product ${p.sku}: stock must list one number per variant`);
    }

    productRows.push({
      id,
      name: p.name,
      sku: p.sku,
      slug: slugify(p.name),
      description: p.description,
      price: p.price,
      costPrice: p.costPrice,
      salePrice: p.salePrice ?? null,
      inventoryLevel: stock.reduce((sum, n) => sum + n, 0),
      inventoryWarningLevel: p.warningLevel ?? 5,
      weight: p.weight,
      isVisible: !p.draft,
      isFeatured: p.featured ?? false,
      condition: p.condition ?? 'New',
      type: p.type ?? 'physical',
      isGiftCard: p.giftCard ?? false,
      brandId: p.brand ? brandId(p.brand) : null,
      createdAt: at(createdAt),
      updatedAt: at(p.deleted ? BASE - 10 * DAY : createdAt + (index % 3) * DAY),
      deletedAt: p.deleted ? at(BASE - 10 * DAY) : null,
    });
    for (const name of p.categories) {
      productCategoryRows.push({ productId: id, categoryId: categoryId(name) });
    }
    p.images.forEach((image, i) => {
      imageRows.push({
        id: seedId(`image:${p.sku}:${i}`),
        productId: id,
        url: demoImageUrl(p, i),
        width: DEMO_IMAGE_SIZE,
        height: DEMO_IMAGE_SIZE,
        // Rendered ahead and committed (generate-demo-images.ts): seeding stays fast and offline.
        variants: variantWidths(DEMO_IMAGE_SIZE).map((width) => ({
          width,
          avif: `/demo-images/${demoImageFile(p, i, width, 'avif')}`,
          webp: `/demo-images/${demoImageFile(p, i, width, 'webp')}`,
        })),
        altText: image.alt,
        isThumbnail: i === 0,
        sortOrder: i,
        createdAt: at(createdAt + i * MINUTE),
      });
    });
    (p.options ?? []).forEach((option, o) => {
      const optionId = seedId(`option:${p.sku}:${option.name}`);
      optionRows.push({
        id: optionId,
        productId: id,
        name: option.name,
        displayName: option.displayName,
        type: option.type,
        sortOrder: o,
        createdAt: at(createdAt + o * MINUTE),
      });
      option.values.forEach((value, v) => {
        valueRows.push({
          id: valueId(option.name, value.value),
          optionId,
          label: value.label,
          value: value.value,
          priceAdjustment: value.priceAdjustment,
          sortOrder: v,
        });
      });
    });
    variants.forEach((variant, v) => {
      variantRows.push({
        id: variant.id,
        productId: id,
        sku: variant.sku,
        price: variant.price,
        costPrice: p.costPrice,
        salePrice: p.salePrice ?? null,
        inventoryLevel: stock[v] ?? 0,
        inventoryWarningLevel: p.warningLevel ?? 5,
        weight: p.weight,
        imageId: variant.image === null ? null : seedId(`image:${p.sku}:${variant.image}`),
        createdAt: at(createdAt + HOUR + v * MINUTE),
        updatedAt: at(createdAt + HOUR + v * MINUTE),
      });
      for (const optionValueId of variant.valueIds) {
        variantValueRows.push({ variantId: variant.id, optionValueId });
      }
      sellable.set(variant.sku, { product: p, productId: id, variant, createdAt });
    });
    if (!variants.length) sellable.set(p.sku, { product: p, productId: id, createdAt });
  });

  const shopper = DEMO_ACCOUNTS.find((a) => a.email === DEMO_SHOPPER_EMAIL);
  if (!shopper) throw new Error('Demo shopper account missing');
  const items = [...sellable].map(([sku, { product: p, productId, variant, createdAt }]): DemoItem => {
    const live = Math.min(...[p.stock].flat()) > 0 && !p.draft && !p.deleted;
    return { sku, since: createdAt, productId, variantId: variant?.id ?? null, live };
  });
  const history = demoHistory(BASE, items);
  for (const c of history.customers) {
    const id = seedId(`user:${c.email}`);
    userRows.push({
      id,
      name: `${c.firstName} ${c.lastName}`,
      email: c.email,
      emailVerified: true,
      createdAt: at(c.joinedAt),
      updatedAt: at(c.joinedAt),
    });
    profileRows.push({
      id,
      firstName: c.firstName,
      lastName: c.lastName,
      role: 'customer',
      createdAt: at(c.joinedAt),
      updatedAt: at(c.joinedAt),
    });
  }
  // The shopper's orders and the year's other orders, by date: order numbers (identity) follow the dates.
  const allOrders: HistoryOrder[] = [
    ...DEMO_ORDERS.map((o) => ({ ...o, placed: Date.parse(o.placedAt), buyer: shopper })),
    ...history.orders,
  ].sort((a, b) => a.placed - b.placed);
  // After them, without a number: checkouts that expired unpaid (their stock went back).
  allOrders.push(...abandonedCheckouts(BASE, history.customers, items));
  const orderRows: Array<typeof orders.$inferInsert> = [];
  const orderItemRows: Array<typeof orderItems.$inferInsert> = [];
  const demoCodes = demoCodeRows(at(BASE));
  const after: ReturnType<typeof afterSaleRows>[] = [];
  allOrders.forEach((o, n) => {
    const id = seedId(`order:${n + 1}`);
    const placedAt = o.placed;
    const sale = o.market ? demoSale(o.market, o.shipTo) : undefined;
    const lines = o.lines.map((line, l) => {
      const item = sellable.get(line.sku);
      if (!item || item.createdAt > placedAt) {
        throw new Error(`Demo order ${n + 1}: nothing sellable with sku ${line.sku} at that date`);
      }
      const { product, variant } = item;
      const price = demoUnitPrice(product, variant, sale);
      const fulfilled =
        o.fulfillmentStatus === 'fulfilled'
          ? line.quantity
          : o.fulfillmentStatus === 'partial'
            ? (line.shipped ?? 0)
            : 0;
      const refunded = o.paymentStatus === 'refunded' ? line.quantity : (line.refunded ?? 0);
      return {
        id: seedId(`order-item:${n + 1}:${l}`),
        key: String(l),
        line,
        item,
        price,
        fulfilled,
        refunded,
      };
    });
    const pricingLines = lines.map((l) => ({
      key: l.key,
      productId: l.item.productId,
      unitPrice: l.price,
      quantity: l.line.quantity,
    }));
    // A code that took nothing off (free shipping on an order that ships free) was not worth recording.
    let priced = priceDemoOrder(pricingLines, (o.code && demoCodes.get(o.code)) || null, sale);
    if (priced.discounts.some((d) => d.amount === 0)) priced = priceDemoOrder(pricingLines, null, sale);
    const inMarket = marketColumns(priced, sale, o.locale);
    lines.forEach((l, i) => {
      const p = priced.lines[i]!;
      orderItemRows.push({
        id: l.id,
        orderId: id,
        productId: l.item.productId,
        variantId: l.item.variant?.id ?? null,
        productName: l.item.product.name,
        variantTitle: l.item.variant?.title ?? null,
        productSku: l.line.sku,
        imageUrl: l.item.product.images.length
          ? demoImageUrl(l.item.product, l.item.variant?.image ?? 0)
          : null,
        quantity: l.line.quantity,
        pricePerItem: l.price,
        costPerItem: l.item.product.costPrice,
        totalAmount: p.total,
        discountAmount: p.discount,
        taxAmount: p.tax,
        fulfilledQuantity: l.fulfilled,
        refundedQuantity: l.refunded,
        createdAt: at(placedAt),
      });
    });
    const wasPaid = o.paymentStatus !== 'unpaid' && o.paymentStatus !== 'failed';
    orderRows.push({
      id,
      ...(wasPaid ? {} : { orderNumber: null }),
      status: o.status,
      paymentStatus: o.paymentStatus,
      paymentMethod: wasPaid ? 'card' : null,
      fulfillmentStatus: o.fulfillmentStatus,
      shippingMethod: 'Standard',
      subtotalAmount: priced.subtotal,
      discountAmount: priced.lines.reduce((sum, l) => sum + l.discount, 0),
      discountCodes: priced.discounts.flatMap((d) => (d.code ? [d.code] : [])),
      shippingAmount: priced.shipping,
      taxAmount: priced.tax,
      totalAmount: priced.total,
      ...inMarket,
      customerId: o.buyer.guest ? null : seedId(`user:${o.buyer.email}`),
      customerEmail: o.buyer.email,
      customerFirstName: o.buyer.firstName,
      customerLastName: o.buyer.lastName,
      shippingAddress: o.shipTo,
      paymentProvider: 'local',
      paymentSessionId: `demo_sess_${n + 1}`,
      paidAt: wasPaid ? at(placedAt + 2 * MINUTE) : null,
      cancelledAt: o.status === 'cancelled' ? at(placedAt + (wasPaid ? DAY : DEMO_CHECKOUT_HOLD)) : null,
      createdAt: at(placedAt),
      updatedAt: at(placedAt + (wasPaid ? LAST_CHANGE_AFTER[o.status] : DEMO_CHECKOUT_HOLD)),
    });
    const built: BuiltDemoOrder = {
      id,
      number: n + 1,
      placed: placedAt,
      status: o.status,
      paymentStatus: o.paymentStatus,
      customerId: o.buyer.guest ? null : seedId(`user:${o.buyer.email}`),
      email: o.buyer.email,
      priced,
      currency: inMarket.currency ?? 'USD',
      items: lines.map((l) => ({
        id: l.id,
        quantity: l.line.quantity,
        fulfilled: l.fulfilled,
        refunded: l.refunded,
      })),
    };
    after.push(afterSaleRows(built, at));
  });
  return {
    users: userRows,
    accounts: accountRows,
    profiles: profileRows,
    brands: brandRows,
    categories: categoryRows,
    products: productRows,
    productCategories: productCategoryRows,
    productImages: imageRows,
    productOptions: optionRows,
    productOptionValues: valueRows,
    productVariants: variantRows,
    variantOptionValues: variantValueRows,
    orders: orderRows,
    orderItems: orderItemRows,
    orderTaxLines: after.flatMap((a) => a.taxLineRows),
    cartItems: demoCarts(BASE, history.customers, history.orders, items, at),
    // Each code's counter agrees with its redemptions (a use per paid order that took it).
    discounts: [...demoCodes.values()].map((d) => ({
      ...d,
      timesUsed: after.reduce((n, a) => n + a.redemptionRows.filter((r) => r.discountId === d.id).length, 0),
    })),
    orderDiscounts: after.flatMap((a) => a.discountRows),
    discountRedemptions: after.flatMap((a) => a.redemptionRows),
    fulfilments: after.flatMap((a) => a.shipmentRows),
    fulfilmentLines: after.flatMap((a) => a.shipmentLineRows),
    refunds: after.flatMap((a) => a.refundRows),
    refundLines: after.flatMap((a) => a.refundLineRows),
  };
}
