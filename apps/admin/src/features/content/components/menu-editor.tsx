import type { ContentPage } from '@cartwheel/shared/contracts/content';
import {
  type MenuItemRead,
  type MenusInput,
  type MenusRead,
  menusInput,
} from '@cartwheel/shared/contracts/menus';
import { Button } from '@cartwheel/ui/button';
import { Input } from '@cartwheel/ui/input';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { zodResolver } from '@hookform/resolvers/zod';
import { GripVertical, X } from 'lucide-react';
import {
  type Control,
  type Resolver,
  useController,
  useFieldArray,
  useForm,
  useFormState,
} from 'react-hook-form';
import { toast } from 'sonner';
import { formErrorBanner, listMessage } from '../../../lib/form-input.ts';
import { useSaveMenus } from '../api/menus.ts';
import { MenuItemAdder } from './menu-item-adder.tsx';

type Menus = { header: MenuItemRead[]; footer: MenuItemRead[] };
type MenuName = keyof Menus;

const KIND: Record<MenuItemRead['type'], string> = {
  page: 'Page',
  category: 'Category',
  product: 'Product',
  shop: 'Shop',
  link: 'Link',
};

/** Why shoppers do not see an item, said beside it (null when they do). */
function warning(item: MenuItemRead): string | null {
  if (item.state === 'draft') return 'Draft page: shoppers do not see this link until the page is published.';
  if (item.state === 'hidden') return 'Hidden: shoppers do not see this link until it is visible again.';
  if (item.state === 'missing') return 'Deleted: this item leads nowhere and is not shown; remove it.';
  return null;
}

function MenuRow({
  id,
  menu,
  index,
  item,
  control,
  readOnly,
  onRemove,
}: {
  id: string;
  menu: MenuName;
  index: number;
  item: MenuItemRead;
  control: Control<Menus, unknown, MenusInput>;
  readOnly: boolean;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  const { errors } = useFormState({ control, name: `${menu}.${index}` });
  const labelField = useController({ control, name: `${menu}.${index}.label` }).field;
  const name = item.label || item.title || item.target;
  const message = listMessage(errors[menu]?.[index]);
  const warn = warning(item);
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className="flex flex-col gap-2 rounded-lg border bg-card p-2 data-[dragging]:shadow-lg"
      data-dragging={isDragging || undefined}
      data-testid={`menu-item-${menu}`}
    >
      <div className="flex items-center gap-2">
        <button
          type="button"
          className="cursor-grab touch-none rounded-md p-1.5 text-muted-foreground outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-default"
          aria-label={`Move ${name}`}
          disabled={readOnly}
          {...attributes}
          {...listeners}
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
        <div className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-medium text-sm">{name}</span>
          <span className="truncate text-muted-foreground text-xs">
            {KIND[item.type]}: {item.href ?? 'nowhere'}
          </span>
        </div>
        {readOnly ? null : (
          <Button type="button" variant="ghost" size="icon" aria-label={`Remove ${name}`} onClick={onRemove}>
            <X aria-hidden="true" className="size-4" />
          </Button>
        )}
      </div>
      <Input
        aria-label={`Label of ${name}`}
        placeholder={item.title ?? 'Label'}
        disabled={readOnly}
        {...labelField}
      />
      {warn ? (
        <p className="text-amber-700 text-sm" data-testid="menu-item-warning">
          {warn}
        </p>
      ) : null}
      {message ? (
        <p role="alert" className="text-destructive text-sm">
          {message}
        </p>
      ) : null}
    </li>
  );
}

/** One menu: its items in order (dragged, or moved with the keyboard from their handle) and the adder. */
function MenuList({
  menu,
  control,
  pages,
  readOnly,
}: {
  menu: MenuName;
  control: Control<Menus, unknown, MenusInput>;
  pages: Omit<ContentPage, 'body'>[];
  readOnly: boolean;
}) {
  const { fields, move, remove, append } = useFieldArray({ control, name: menu });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = fields.findIndex((f) => f.id === active.id);
    const to = fields.findIndex((f) => f.id === over.id);
    if (from >= 0 && to >= 0) move(from, to);
  };
  // A page's state follows the pages list, so one published since the menus were read shows no warning.
  const withPageState = (item: MenuItemRead): MenuItemRead => {
    if (item.type !== 'page') return item;
    const page = pages.find((p) => p.id === item.target);
    return page ? { ...item, state: page.published ? 'live' : 'draft' } : item;
  };
  return (
    <section aria-labelledby={`menu-${menu}-heading`} className="flex min-w-0 flex-col gap-3">
      <h3 id={`menu-${menu}-heading`} className="font-semibold">
        {menu === 'header' ? 'Header menu' : 'Footer menu'}
      </h3>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={fields.map((f) => f.id)} strategy={verticalListSortingStrategy}>
          <ol
            className="flex flex-col gap-2"
            aria-label={`${menu === 'header' ? 'Header' : 'Footer'} menu items`}
          >
            {fields.map((field, index) => (
              <MenuRow
                key={field.id}
                id={field.id}
                menu={menu}
                index={index}
                item={withPageState(field)}
                control={control}
                readOnly={readOnly}
                onRemove={() => remove(index)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {fields.length === 0 ? <p className="text-muted-foreground text-sm">No items.</p> : null}
      {readOnly ? null : <MenuItemAdder menu={menu} pages={pages} onAdd={(item) => append(item)} />}
    </section>
  );
}

/** The navigation editor: the storefront's header and footer menus, saved together. */
export function MenuEditor({
  menus,
  pages,
  readOnly,
}: {
  menus: MenusRead;
  pages: Omit<ContentPage, 'body'>[];
  readOnly: boolean;
}) {
  const save = useSaveMenus();
  // The rows carry what the back office shows (title, state); the contract keeps what is stored.
  const form = useForm<Menus, unknown, MenusInput>({
    resolver: zodResolver(menusInput) as unknown as Resolver<Menus, unknown, MenusInput>,
    defaultValues: { header: menus.header, footer: menus.footer },
  });
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync(input);
      // The saved menus come back with each item's target and state (a new item's among them).
      form.reset({ header: saved.header, footer: saved.footer });
      toast.success('Menus saved');
    } catch (error) {
      toast.error(formErrorBanner(form.setError, error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-6 lg:grid-cols-2">
        <MenuList menu="header" control={form.control} pages={pages} readOnly={readOnly} />
        <MenuList menu="footer" control={form.control} pages={pages} readOnly={readOnly} />
      </div>
      {readOnly ? null : (
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save menus'}
          </Button>
        </div>
      )}
    </form>
  );
}
