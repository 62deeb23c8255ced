import type { ContentPage } from '@cartwheel/shared/contracts/content';
import type { MenuItemRead, MenuItemType } from '@cartwheel/shared/contracts/menus';
import { Button } from '@cartwheel/ui/button';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { useDebounced } from '@cartwheel/ui/lib/use-debounced';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { useId, useState } from 'react';
import { useMenuCategories, useMenuProductSearch } from '../api/menus.ts';

/** The shop's own places, as the back office names them (the storefront names them in its language). */
const SHOP_PLACES = [
  { target: 'home', title: 'Home', href: '/' },
  { target: 'catalog', title: 'Products', href: '/products' },
  { target: 'categories', title: 'Categories (menu)', href: '/products' },
  { target: 'pages', title: 'Every published page', href: '/pages' },
  { target: 'gift_cards', title: 'Gift card balance', href: '/gift-cards' },
] as const;

const TYPES: { type: MenuItemType; label: string }[] = [
  { type: 'page', label: 'Page' },
  { type: 'category', label: 'Category' },
  { type: 'product', label: 'Product' },
  { type: 'shop', label: 'Place of the shop' },
  { type: 'link', label: 'Custom link' },
];

/**
 * Adds an item to a menu: what it links to (a page, a category, a product, a place of the shop or a
 * custom link) and an optional label. The menu's form checks it again when it is saved.
 */
export function MenuItemAdder({
  menu,
  pages,
  onAdd,
}: {
  menu: 'header' | 'footer';
  pages: Omit<ContentPage, 'body'>[];
  onAdd: (item: MenuItemRead) => void;
}) {
  const id = useId();
  const [type, setType] = useState<MenuItemType>('page');
  const [target, setTarget] = useState('');
  const [label, setLabel] = useState('');
  const [search, setSearch] = useState('');
  const categories = useMenuCategories();
  const found = useMenuProductSearch(useDebounced(search, 250));
  const places = SHOP_PLACES.filter((p) => menu === 'header' || p.target !== 'categories');

  const choose = (title: string, href: string, state: MenuItemRead['state'] = 'live') => ({
    title,
    href,
    state,
  });
  const describe = (): Pick<MenuItemRead, 'title' | 'href' | 'state'> | null => {
    if (type === 'page') {
      const page = pages.find((p) => p.id === target);
      return page ? choose(page.title, `/pages/${page.slug}`, page.published ? 'live' : 'draft') : null;
    }
    if (type === 'category') {
      const category = categories.data?.items.find((c) => c.id === target);
      return category ? choose(category.name, `/categories/${category.slug}`) : null;
    }
    if (type === 'product') {
      const product = found.data?.items.find((p) => p.id === target);
      return product
        ? choose(product.name, `/product/${product.slug}`, product.is_visible ? 'live' : 'hidden')
        : null;
    }
    if (type === 'shop') {
      const place = places.find((p) => p.target === target);
      return place ? choose(place.title, place.href) : null;
    }
    return target.trim() ? choose(target.trim(), target.trim()) : null;
  };
  const chosen = describe();
  const add = () => {
    if (!chosen) return;
    onAdd({ type, target: target.trim(), label: label.trim(), ...chosen });
    setTarget('');
    setLabel('');
    setSearch('');
  };

  const targetId = `${id}-target`;
  const select = (options: { value: string; text: string }[], placeholder: string) => (
    <NativeSelect id={targetId} className="w-full" value={target} onChange={(e) => setTarget(e.target.value)}>
      <option value="">{placeholder}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.text}
        </option>
      ))}
    </NativeSelect>
  );

  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border p-3" data-testid={`menu-adder-${menu}`}>
      <legend className="px-1 font-medium text-sm">Add an item to the {menu} menu</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-type`}>Links to</Label>
          <NativeSelect
            id={`${id}-type`}
            className="w-full"
            value={type}
            onChange={(e) => {
              setType(e.target.value as MenuItemType);
              setTarget('');
            }}
          >
            {TYPES.map((t) => (
              <option key={t.type} value={t.type}>
                {t.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={type === 'product' ? `${id}-search` : targetId}>
            {type === 'link' ? 'Address' : TYPES.find((t) => t.type === type)?.label}
          </Label>
          {type === 'page'
            ? select(
                pages.map((p) => ({ value: p.id, text: p.published ? p.title : `${p.title} (draft)` })),
                'Choose a page',
              )
            : null}
          {type === 'category'
            ? select(
                (categories.data?.items ?? []).map((c) => ({ value: c.id, text: c.name })),
                'Choose a category',
              )
            : null}
          {type === 'shop'
            ? select(
                places.map((p) => ({ value: p.target, text: p.title })),
                'Choose a place',
              )
            : null}
          {type === 'link' ? (
            <Input
              id={targetId}
              value={target}
              placeholder="/products?sort=newest or https://…"
              onChange={(e) => setTarget(e.target.value)}
            />
          ) : null}
          {type === 'product' ? (
            <>
              <Input
                id={`${id}-search`}
                type="search"
                placeholder="Search products"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
              {search.trim() && found.data
                ? select(
                    found.data.items.map((p) => ({ value: p.id, text: p.name })),
                    found.data.items.length ? 'Choose a product' : 'No products found',
                  )
                : null}
            </>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <Label htmlFor={`${id}-label`}>Label{type === 'link' ? '' : ' (optional)'}</Label>
          <Input
            id={`${id}-label`}
            value={label}
            placeholder={type === 'link' ? 'What shoppers read' : (chosen?.title ?? 'Its own name')}
            onChange={(e) => setLabel(e.target.value)}
          />
        </div>
        <Button type="button" variant="outline" disabled={!chosen} onClick={add}>
          Add to {menu} menu
        </Button>
      </div>
    </fieldset>
  );
}
