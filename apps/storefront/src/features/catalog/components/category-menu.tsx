import type { CategoryNode } from '@cartwheel/shared/contracts/category-tree';
import { cn } from '@cartwheel/ui/lib/utils';
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useT } from '../../../i18n/i18n.tsx';
import { useCategoryTree } from '../api/get-category-tree.ts';

const linkClass =
  'block rounded-md px-2 py-1.5 text-sm outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50';

/** A category and its sub-categories as nested lists of links, indented by depth. */
function Branch({ nodes, depth }: { nodes: CategoryNode[]; depth: number }) {
  return (
    <ul className={cn(depth > 0 && 'ml-3 border-l pl-2')}>
      {nodes.map((node) => (
        <li key={node.id}>
          <Link
            to={`/categories/${encodeURIComponent(node.slug)}`}
            className={cn(linkClass, depth === 0 ? 'font-semibold' : 'text-muted-foreground')}
          >
            {node.name}
          </Link>
          {node.children.length ? <Branch nodes={node.children} depth={depth + 1} /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The header's "Categories" menu, as an item of the header's list of links: a disclosure button and a panel of the category tree (top-level
 * categories as columns on wide screens, one list on phones). Escape or a click outside closes it
 * and gives the focus back to the button; following a link closes it too. The tree is small JSON
 * and loads with the header; nothing else is added to the first screen.
 */
export function CategoryMenu() {
  const t = useT();
  const { data } = useCategoryTree();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // Any navigation (a link in the panel, the back button) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the address changes
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  // Shown while the tree loads, so the header's links never move when it arrives; a shop without
  // categories loses the button once it knows.
  if (data && !data.items.length) return null;
  return (
    <li ref={root} className="md:relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        className="flex items-center gap-1 rounded-md px-2 py-1.5 font-medium text-muted-foreground text-sm outline-none transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-expanded:text-foreground"
      >
        {t('search.categories')}
        <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      <nav
        id={panelId}
        aria-label={t('search.categories')}
        hidden={!open}
        className="absolute inset-x-0 top-full z-50 max-h-[70vh] overflow-y-auto border-b bg-background p-4 shadow-lg md:inset-x-auto md:left-0 md:mt-2 md:w-max md:max-w-3xl md:rounded-lg md:border"
      >
        <div className="grid gap-4 md:auto-cols-[minmax(10rem,1fr)] md:grid-flow-col">
          {(data?.items ?? []).map((top) => (
            <Branch key={top.id} nodes={[top]} depth={0} />
          ))}
        </div>
      </nav>
    </li>
  );
}
