import type { Category } from '@cartwheel/shared/contracts/catalog';
import { Badge } from '@cartwheel/ui/badge';
import { Button } from '@cartwheel/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@cartwheel/ui/dropdown-menu';
import { ChevronDown, X } from 'lucide-react';
import { LoadingField } from './loading-field.tsx';

/**
 * Categories multi-select: a menu of checkboxes, the chosen ones shown as removable badges. While the
 * list loads, a placeholder: the chosen ones cannot be named yet, and are not "Hidden category".
 */
export function CategoryPicker({
  id,
  categories,
  value,
  onChange,
  disabled,
  loading = false,
}: {
  id: string;
  categories: Category[];
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  loading?: boolean;
}) {
  if (loading) return <LoadingField status="Loading categories..." testId="categories-skeleton" />;
  const chosen = new Set(value);
  const toggle = (categoryId: string, on: boolean) =>
    onChange(on ? [...value, categoryId] : value.filter((v) => v !== categoryId));
  // A category hidden from the store (not in the list) still shows, by its id, so it is not lost.
  const known = new Map(categories.map((c) => [c.id, c.name]));
  return (
    <div className="grid gap-2">
      <DropdownMenu>
        <DropdownMenuTrigger asChild disabled={disabled}>
          <Button id={id} variant="outline" className="justify-between font-normal">
            {value.length ? `${value.length} selected` : 'Choose categories'}
            <ChevronDown aria-hidden="true" className="opacity-50" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-(--radix-dropdown-menu-trigger-width) min-w-56">
          <DropdownMenuLabel>Categories</DropdownMenuLabel>
          <DropdownMenuSeparator />
          {categories.length ? (
            categories.map((category) => (
              <DropdownMenuCheckboxItem
                key={category.id}
                checked={chosen.has(category.id)}
                onSelect={(event) => event.preventDefault()}
                onCheckedChange={(on) => toggle(category.id, on === true)}
              >
                {category.name}
              </DropdownMenuCheckboxItem>
            ))
          ) : (
            <p className="px-2 py-1.5 text-muted-foreground text-sm">No categories yet</p>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {value.length ? (
        <ul className="flex flex-wrap gap-1" aria-label="Chosen categories">
          {value.map((categoryId) => (
            <li key={categoryId}>
              <Badge variant="secondary" className="gap-1 pr-1">
                {known.get(categoryId) ?? 'Hidden category'}
                <button
                  type="button"
                  disabled={disabled}
                  className="rounded-sm opacity-70 hover:opacity-100 disabled:hidden"
                  onClick={() => toggle(categoryId, false)}
                >
                  <X aria-hidden="true" className="size-3" />
                  <span className="sr-only">Remove {known.get(categoryId) ?? 'category'}</span>
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
