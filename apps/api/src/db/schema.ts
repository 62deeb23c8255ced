// Every table, for the Drizzle client and drizzle-kit. Tables live beside their module.
export * from '../modules/accounts/accounts.schema.ts';
export * from '../modules/addresses/addresses.schema.ts';
export * from '../modules/analytics/analytics.schema.ts';
export * from '../modules/apps/apps.schema.ts';
export * from '../modules/cart/cart.schema.ts';
export * from '../modules/catalog/catalog.schema.ts';
export * from '../modules/catalog/product-import.schema.ts';
export * from '../modules/content/content.schema.ts';
export * from '../modules/discounts/discounts.schema.ts';
export * from '../modules/draft-orders/draft-orders.schema.ts';
export * from '../modules/email/email.schema.ts';
export * from '../modules/marketing/marketing.schema.ts';
export * from '../modules/order-links/order-links.schema.ts';
export * from '../modules/orders/after-sale.schema.ts';
export * from '../modules/orders/orders.schema.ts';
export * from '../modules/payments/payments.schema.ts';
export * from '../modules/shipping/shipping.schema.ts';
