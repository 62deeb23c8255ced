import type { AdminCategory } from '@cartwheel/shared/contracts/category-tree';
import { plural } from '@cartwheel/shared/text';
import { Badge } from '@cartwheel/ui/badge';
import { Button } from '@cartwheel/ui/button';
import { ConfirmDialog } from '@cartwheel/ui/confirm-dialog';
import { Input } from '@cartwheel/ui/input';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { Switch } from '@cartwheel/ui/switch';
import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { type CategoryChange, useChangeCategories } from '../api/categories.ts';

/** The ids of a category and everything below it (a category cannot move under any of them). */
function subtreeIds(items: AdminCategory[], id: string): Set<string> {
  const ids = new Set([id]);
  for (const item of items) if (item.parent_id && ids.has(item.parent_id)) ids.add(item.id);
  return ids;
}

/** A parent picker: "Top level" or any category, indented by depth; `exclude` cannot be chosen. */
function ParentSelect({
  items,
  value,
  onChange,
  exclude,
  label,
  disabled,
}: {
  items: AdminCategory[];
  value: string | null;
  onChange: (id: string | null) => void;
  exclude?: Set<string>;
  label: string;
  disabled?: boolean;
}) {
  return (
    <NativeSelect
      aria-label={label}
      className="max-w-40 sm:max-w-56"
      value={value ?? ''}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value || null)}
    >
      <option value="">Top level</option>
      {items
        .filter((c) => !exclude?.has(c.id))
        .map((c) => (
          <option key={c.id} value={c.id}>
            {`${'\u2014 '.repeat(c.depth)}${c.name}`}
          </option>
        ))}
    </NativeSelect>
  );
}

/**
 * The Categories screen's tree: each row indented by depth, with move up/down among its siblings,
 * a parent picker, a visibility switch, rename and delete. Deleting asks first and says what happens
 * to sub-categories and products. Read-only below manager.
 */
export function CategoryTreeEditor({ items, readOnly }: { items: AdminCategory[]; readOnly: boolean }) {
  const change = useChangeCategories();
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const [newName, setNewName] = useState('');
  const [newParent, setNewParent] = useState<string | null>(null);

  const run = (c: CategoryChange, done?: string) =>
    change.mutate(c, {
      onSuccess: () => {
        if (done) toast.success(done);
      },
      onError: (error) => toast.error(error.message),
    });
  const siblings = (c: AdminCategory) => items.filter((s) => s.parent_id === c.parent_id);

  const create = (event: FormEvent) => {
    event.preventDefault();
    if (!newName.trim()) return;
    change.mutate(
      { kind: 'create', body: { name: newName.trim(), parent_id: newParent } },
      {
        onSuccess: () => {
          toast.success('Category created');
          setNewName('');
        },
        onError: (error) => toast.error(error.message),
      },
    );
  };

  return (
    <div className="grid gap-4">
      {readOnly ? null : (
        <form onSubmit={create} className="flex flex-wrap items-end gap-2" aria-label="New category">
          <Input
            aria-label="New category name"
            placeholder="New category name"
            value={newName}
            maxLength={100}
            onChange={(event) => setNewName(event.target.value)}
            className="w-56"
          />
          <ParentSelect
            items={items}
            value={newParent}
            onChange={setNewParent}
            label="New category's parent"
          />
          <Button type="submit" disabled={change.isPending || !newName.trim()}>
            Add category
          </Button>
        </form>
      )}
      {items.length === 0 ? (
        <p className="text-muted-foreground text-sm">No categories yet.</p>
      ) : (
        <ul aria-label="Category tree" className="divide-y rounded-lg border">
          {items.map((c) => {
            const group = siblings(c);
            const at = group.findIndex((s) => s.id === c.id);
            return (
              <li
                key={c.id}
                aria-label={c.name}
                className="flex flex-wrap items-center gap-2 px-3 py-2 md:flex-nowrap"
                style={{ paddingLeft: `${0.75 + c.depth * 1.5}rem` }}
              >
                {/* Name, slug and badges wrap among themselves; the controls keep their column. */}
                <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
                  {renaming?.id === c.id ? (
                    <form
                      className="flex items-center gap-2"
                      onSubmit={(event) => {
                        event.preventDefault();
                        run(
                          { kind: 'update', id: c.id, body: { name: renaming.name.trim() } },
                          'Category renamed',
                        );
                        setRenaming(null);
                      }}
                    >
                      <Input
                        aria-label={`New name for ${c.name}`}
                        value={renaming.name}
                        maxLength={100}
                        autoFocus
                        onChange={(event) => setRenaming({ id: c.id, name: event.target.value })}
                        className="h-8 w-48"
                      />
                      <Button type="submit" size="sm" disabled={!renaming.name.trim()}>
                        Save
                      </Button>
                      <Button type="button" size="sm" variant="ghost" onClick={() => setRenaming(null)}>
                        Cancel
                      </Button>
                    </form>
                  ) : (
                    <span className="font-medium">{c.name}</span>
                  )}
                  <span className="text-muted-foreground text-xs">/{c.slug}</span>
                  <Badge variant="outline">{plural(c.product_count, 'product')}</Badge>
                  {c.is_visible ? null : <Badge variant="secondary">Hidden</Badge>}
                </div>
                {/* On a phone the controls wrap under the name within the row; from tablets up they keep one line. */}
                <div className="ml-auto flex min-w-0 max-w-full flex-wrap items-center gap-1 md:shrink-0 md:flex-nowrap">
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={`Move ${c.name} up`}
                    disabled={readOnly || change.isPending || at <= 0}
                    onClick={() => run({ kind: 'move', id: c.id, body: { direction: 'up' } })}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={`Move ${c.name} down`}
                    disabled={readOnly || change.isPending || at >= group.length - 1}
                    onClick={() => run({ kind: 'move', id: c.id, body: { direction: 'down' } })}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <ParentSelect
                    items={items}
                    value={c.parent_id}
                    exclude={subtreeIds(items, c.id)}
                    label={`Parent of ${c.name}`}
                    disabled={readOnly || change.isPending}
                    onChange={(parent) =>
                      run({ kind: 'update', id: c.id, body: { parent_id: parent } }, 'Category moved')
                    }
                  />
                  <Switch
                    aria-label={`Show ${c.name} in the store`}
                    checked={c.is_visible}
                    disabled={readOnly || change.isPending}
                    onCheckedChange={(on) => run({ kind: 'update', id: c.id, body: { is_visible: on } })}
                  />
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={`Rename ${c.name}`}
                    disabled={readOnly}
                    onClick={() => setRenaming({ id: c.id, name: c.name })}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={`Delete ${c.name}`}
                    disabled={readOnly}
                    onClick={() => setDeleting(c)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title={`Delete ${deleting?.name ?? 'category'}?`}
        description={
          items.some((c) => c.parent_id === deleting?.id)
            ? 'Its sub-categories move up one level, to its parent. Its products stay in the catalog and only leave this category.'
            : 'Its products stay in the catalog and only leave this category.'
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={change.isPending}
        onConfirm={() => {
          if (!deleting) return;
          change.mutate(
            { kind: 'delete', id: deleting.id },
            {
              onSuccess: () => {
                toast.success('Category deleted');
                setDeleting(null);
              },
              onError: (error) => toast.error(error.message),
            },
          );
        }}
      />
    </div>
  );
}
