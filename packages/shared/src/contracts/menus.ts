import { z } from 'zod';
import { contentLink, SHOP_LINKS } from './content.ts';

// The storefront's header and footer menus as the back office edits them (GET/PUT /api/admin/menus,
// docs/decisions/0085-navigation-menus.md). What the storefront draws is `storefrontSite.menus`.

export const MENU_NAMES = ['header', 'footer'] as const;
export type MenuName = (typeof MENU_NAMES)[number];

export const MENU_ITEM_TYPES = ['page', 'category', 'product', 'shop', 'link'] as const;
export type MenuItemType = (typeof MENU_ITEM_TYPES)[number];

export const MAX_MENU_ITEMS = 30;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One entry of a menu. `target` is what it leads to: a page's, category's or product's id, one of the
 * shop's own places (SHOP_LINKS), or a custom link (a path of the shop or an http(s) URL). An empty
 * label shows the target's own name (translated where it is).
 */
export const menuItem = z
  .object({
    type: z.enum(MENU_ITEM_TYPES, { error: 'Choose what the item links to' }),
    target: z.string().trim().min(1, 'Choose what the item links to').max(500),
    label: z.string().trim().max(60, 'Labels must be at most 60 characters'),
  })
  .superRefine((item, ctx) => {
    const fail = (path: 'target' | 'label', message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (item.type === 'page' || item.type === 'category' || item.type === 'product') {
      if (!UUID.test(item.target)) fail('target', `Choose a ${item.type}`);
    } else if (item.type === 'shop') {
      if (!(SHOP_LINKS as readonly string[]).includes(item.target))
        fail('target', 'Choose a place of the shop');
    } else {
      const link = contentLink.safeParse(item.target);
      if (!link.success) fail('target', link.error.issues[0]?.message ?? 'Invalid link');
      if (!item.label) fail('label', 'A custom link needs a label');
    }
  });
export type MenuItem = z.infer<typeof menuItem>;

const menuList = (name: string) =>
  z.array(menuItem).max(MAX_MENU_ITEMS, `The ${name} menu holds at most ${MAX_MENU_ITEMS} items`);

/** PUT /api/admin/menus: both menus, each in the order shown. */
export const menusInput = z
  .object({ header: menuList('header'), footer: menuList('footer') })
  .superRefine((menus, ctx) => {
    menus.footer.forEach((item, index) => {
      if (item.type === 'shop' && item.target === 'categories') {
        ctx.addIssue({
          code: 'custom',
          path: ['footer', index, 'target'],
          message: 'The category menu opens from the header only',
        });
      }
    });
  });
export type MenusInput = z.infer<typeof menusInput>;

/** Whether the storefront shows an item: a draft page or a hidden or deleted target is left out. */
export const MENU_ITEM_STATES = ['live', 'draft', 'hidden', 'missing'] as const;

/** An item as the back office lists it: what it leads to now and whether shoppers see it. */
export const menuItemRead = z.object({
  type: z.enum(MENU_ITEM_TYPES),
  target: z.string(),
  label: z.string(),
  /** The target's own name ("About us", "Outdoor"), null when it no longer exists. */
  title: z.string().nullable(),
  /** Where it leads on the storefront, null when nowhere. */
  href: z.string().nullable(),
  state: z.enum(MENU_ITEM_STATES),
});
export type MenuItemRead = z.infer<typeof menuItemRead>;

export const menusRead = z.object({
  header: z.array(menuItemRead),
  footer: z.array(menuItemRead),
  /** False until the menus are first saved: they are then the shop's defaults. */
  saved: z.boolean(),
});
export type MenusRead = z.infer<typeof menusRead>;
