import type { SiteMenuLink } from '@cartwheel/shared/contracts/content';
import {
  MENU_NAMES,
  type MenuItem,
  type MenuItemRead,
  type MenusInput,
  type MenusRead,
  menusInput,
} from '@cartwheel/shared/contracts/menus';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { invalid } from '../../lib/errors.ts';
import { settings } from '../accounts/accounts.schema.ts';
import { storeSettings as storeSettingRows } from '../accounts/accounts.service.ts';
import { categories, products } from '../catalog/catalog.schema.ts';
import { translatedSql } from '../translations/translated-sql.ts';
import { contentPages } from './content.schema.ts';

// The header's and footer's menus: one settings row. Its key starts with "storefront.", so saving it
// empties every process's page caches (the settings trigger), as the other storefront settings do.
const MENUS_KEY = 'storefront.menus';

type ShopTarget = 'home' | 'catalog' | 'categories' | 'pages' | 'gift_cards';
const shop = (target: ShopTarget): MenuItem => ({ type: 'shop', target, label: '' });

/** The menus before they are first saved: the links the storefront always had. */
export const DEFAULT_MENUS: MenusInput = {
  header: [shop('home'), shop('catalog'), shop('categories')],
  footer: [shop('pages'), shop('gift_cards')],
};

const SHOP_PLACES: Record<ShopTarget, { title: string; href: string }> = {
  home: { title: 'Home', href: '/' },
  catalog: { title: 'Products', href: '/products' },
  categories: { title: 'Categories (menu)', href: '/products' },
  pages: { title: 'Every published page', href: '/pages' },
  gift_cards: { title: 'Gift card balance', href: '/gift-cards' },
};

/** The stored menus, or the defaults (`saved` false) when none are stored or they no longer parse. */
export async function loadMenus(db: Db | Tx): Promise<{ menus: MenusInput; saved: boolean }> {
  const [row] = await db.select().from(settings).where(eq(settings.key, MENUS_KEY));
  const parsed = row ? menusInput.safeParse(row.value) : null;
  return parsed?.success ? { menus: parsed.data, saved: true } : { menus: DEFAULT_MENUS, saved: false };
}

interface Target {
  title: string;
  href: string;
  /** Shoppers can open it: a published page, a visible category or product. */
  live: boolean;
}

interface Targets {
  page: Map<string, Target>;
  category: Map<string, Target>;
  product: Map<string, Target>;
  /** Every published page by title, for the "every published page" item. */
  published: { title: string; href: string }[];
}

const idsOf = (items: MenuItem[], type: MenuItem['type']) => [
  ...new Set(items.filter((i) => i.type === type).map((i) => i.target)),
];

/** The pages, categories and products the menus name (in `language`), looked up in one go. */
async function loadTargets(db: Db | Tx, menus: MenusInput, language: string): Promise<Targets> {
  const items = [...menus.header, ...menus.footer];
  const pageIds = idsOf(items, 'page');
  const categoryIds = idsOf(items, 'category');
  const productIds = idsOf(items, 'product');
  const wantsPublished = items.some((i) => i.type === 'shop' && i.target === 'pages');
  const name = (type: 'page' | 'category' | 'product', id: AnyPgColumn, field: string, column: AnyPgColumn) =>
    sql<string>`${translatedSql(language, type, sql`${id}`, field, sql`${column}`)}`;
  const [pageRows, categoryRows, productRows] = await Promise.all([
    pageIds.length || wantsPublished
      ? db
          .select({
            id: contentPages.id,
            title: name('page', contentPages.id, 'title', contentPages.title),
            slug: contentPages.slug,
            live: contentPages.published,
          })
          .from(contentPages)
      : [],
    categoryIds.length
      ? db
          .select({
            id: categories.id,
            title: name('category', categories.id, 'name', categories.name),
            slug: categories.slug,
            live: categories.isVisible,
          })
          .from(categories)
          .where(inArray(categories.id, categoryIds))
      : [],
    productIds.length
      ? db
          .select({
            id: products.id,
            title: name('product', products.id, 'name', products.name),
            slug: products.slug,
            live: products.isVisible,
          })
          .from(products)
          .where(and(inArray(products.id, productIds), isNull(products.deletedAt)))
      : [],
  ]);
  const mapOf = (rows: { id: string; title: string; slug: string; live: boolean }[], prefix: string) =>
    new Map(
      rows.map((r) => [
        r.id,
        { title: r.title, href: `${prefix}/${encodeURIComponent(r.slug)}`, live: r.live },
      ]),
    );
  const page = mapOf(pageRows, '/pages');
  return {
    page,
    category: mapOf(categoryRows, '/categories'),
    product: mapOf(productRows, '/product'),
    published: [...page.values()]
      .filter((p) => p.live)
      .sort((a, b) => a.title.localeCompare(b.title))
      .map(({ title, href }) => ({ title, href })),
  };
}

function readItem(item: MenuItem, targets: Targets): MenuItemRead {
  if (item.type === 'shop') {
    const place = SHOP_PLACES[item.target as ShopTarget];
    return { ...item, title: place.title, href: place.href, state: 'live' };
  }
  if (item.type === 'link') return { ...item, title: item.target, href: item.target, state: 'live' };
  const target = targets[item.type].get(item.target);
  if (!target) return { ...item, title: null, href: null, state: 'missing' };
  const state = target.live ? 'live' : item.type === 'page' ? 'draft' : 'hidden';
  return { ...item, title: target.title, href: target.href, state };
}

/** The menus as the back office lists them: each item's target and whether shoppers see it. */
export async function readMenus(db: Db | Tx): Promise<MenusRead> {
  const { menus, saved } = await loadMenus(db);
  const targets = await loadTargets(db, menus, 'en');
  return {
    header: menus.header.map((item) => readItem(item, targets)),
    footer: menus.footer.map((item) => readItem(item, targets)),
    saved,
  };
}

/** One menu as the storefront draws it: only what shoppers can open, "every published page" spread out. */
function siteLinks(items: MenuItem[], targets: Targets): SiteMenuLink[] {
  const linked = new Set(items.filter((i) => i.type === 'page').map((i) => targets.page.get(i.target)?.href));
  return items.flatMap((item): SiteMenuLink[] => {
    if (item.type === 'link') return [{ label: item.label, to: item.target, shop: null }];
    if (item.type === 'shop') {
      if (item.target !== 'pages') {
        const target = item.target as Exclude<ShopTarget, 'pages'>;
        return [{ label: item.label, to: SHOP_PLACES[target].href, shop: target }];
      }
      return targets.published
        .filter((p) => !linked.has(p.href))
        .map((p) => ({ label: p.title, to: p.href, shop: null }));
    }
    const target = targets[item.type].get(item.target);
    return target?.live ? [{ label: item.label || target.title, to: target.href, shop: null }] : [];
  });
}

/**
 * The storefront's menus in `language`, and whether they name products or categories (their changes
 * then purge the site's cached answer too).
 */
export async function loadSiteMenus(db: Db, language: string) {
  const { menus } = await loadMenus(db);
  const targets = await loadTargets(db, menus, language);
  return {
    menus: { header: siteLinks(menus.header, targets), footer: siteLinks(menus.footer, targets) },
    namesProducts: targets.product.size > 0,
    namesCategories: targets.category.size > 0,
  };
}

/**
 * Stores both menus. Every page, category and product an item names must exist (a draft page or a
 * hidden product may be linked: the back office warns, the storefront leaves it out until it shows).
 */
export async function saveMenus(db: Db | Tx, input: MenusInput): Promise<void> {
  const targets = await loadTargets(db, input, 'en');
  const fields: { field: string; message: string }[] = [];
  for (const menu of MENU_NAMES) {
    input[menu].forEach((item, index) => {
      if (item.type !== 'page' && item.type !== 'category' && item.type !== 'product') return;
      if (!targets[item.type].has(item.target)) {
        fields.push({ field: `body.${menu}.${index}.target`, message: `No ${item.type} with this id` });
      }
    });
  }
  if (fields.length) {
    throw invalid('menu_target_missing', fields.map((f) => f.message).join('; '), fields);
  }
  await storeSettingRows(db, [[MENUS_KEY, input]]);
}
