/** Business constants shared by the API and both front ends (docs/product.md describes the rules). */
export const DEFAULT_WARNING_LEVEL = 5;
export const MIN_QUANTITY = 1;
export const DEFAULT_COUNTRY = 'US';
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
export const FEATURED_LIMIT = 8;
export const LATEST_LIMIT = 8;
export const MAX_EXTRA_THUMBNAILS = 4;
export const MAX_CARD_CATEGORY_BADGES = 2;
export const PAGE_SIZES = [10, 20, 30, 40, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const GUEST_CART_KEY = 'guest_cart';
/**
 * The longest message a buyer may send with a gift card; here rather than in its contract, so a
 * storefront form can show it without loading zod.
 */
export const GIFT_CARD_MESSAGE_MAX = 300;
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
/** The banner both front ends show while payments are simulated (the site data's test_payments). */
export const TEST_PAYMENTS_NOTICE = 'Test mode: payments are simulated; no card is charged.';

export const ROLES = ['customer', 'staff', 'manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** Back-office levels: staff (1) < manager (2) < admin (3); customers have none. */
export const ROLE_LEVEL: Record<Role, number> = { customer: 0, staff: 1, manager: 2, admin: 3 };

export const PRODUCT_CONDITIONS = ['New', 'Used', 'Refurbished'] as const;
export const PRODUCT_TYPES = ['physical', 'digital'] as const;
export const OPTION_TYPES = ['select', 'radio', 'color'] as const;
export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'partially_refunded', 'failed', 'refunded'] as const;
/** Payment statuses of an order the shopper has paid for (some of it may have been refunded since). */
export const PAID_STATUSES = ['paid', 'partially_refunded', 'refunded'] as const;
export const FULFILLMENT_STATUSES = ['unfulfilled', 'partial', 'fulfilled'] as const;

/** The storefront's four sort orders; price sorts use the sale price when present. */
export const PRODUCT_SORTS = ['newest', 'name', 'price_asc', 'price_desc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
