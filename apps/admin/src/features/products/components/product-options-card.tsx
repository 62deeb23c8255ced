import { OPTION_TYPES } from '@cartwheel/shared/constants';
import {
  type AdminVariant,
  colorValueMessage,
  isColorCode,
  optionValueSlug,
  PRODUCT_MESSAGES,
} from '@cartwheel/shared/contracts/admin-products';
import type { ProductOption } from '@cartwheel/shared/contracts/catalog';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { centsToDollarString, dollarsToCents } from '@cartwheel/shared/money';
import { capitalize, listOf, plural, pluralText } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { ConfirmDialog } from '@cartwheel/ui/confirm-dialog';
import { FormError } from '@cartwheel/ui/form';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus, Trash2, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { useUnsavedChanges } from '../../../components/unsaved-changes.tsx';
import { useDeleteOption } from '../api/delete-option.ts';
import { useProductOptions } from '../api/get-options.ts';
import { productKeys } from '../api/product-keys.ts';
import { useSaveOption } from '../api/save-option.ts';
import { DOLLAR_INPUT } from './product-form-schema.ts';
import { RowIconButton } from './row-icon-button.tsx';

/** Options (Size, Color...) with their values; the variants are generated from them. */
export function ProductOptionsCard({
  productId,
  canEdit,
}: {
  productId: string | undefined;
  canEdit: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Options</CardTitle>
        <CardDescription>
          Choices like size or color. Each value can change the price; variants are made from every
          combination.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {productId ? (
          <OptionsEditor productId={productId} canEdit={canEdit} />
        ) : (
          <p className="text-muted-foreground text-sm">{PRODUCT_MESSAGES.saveBeforeGenerate}</p>
        )}
      </CardContent>
    </Card>
  );
}

function OptionsEditor({ productId, canEdit }: { productId: string; canEdit: boolean }) {
  const options = useProductOptions(productId);
  const [drafts, setDrafts] = useState<number[]>([]);
  useEffect(() => {
    if (options.isError) toast.error('Failed to load product options');
  }, [options.isError]);

  if (options.isPending) return <p className="text-muted-foreground text-sm">Loading options...</p>;
  const list = options.data ?? [];
  return (
    <div className="grid gap-4">
      {list.map((option) => (
        <OptionEditor key={option.id} productId={productId} option={option} canEdit={canEdit} />
      ))}
      {drafts.map((draft) => (
        <OptionEditor
          key={`draft-${draft}`}
          productId={productId}
          canEdit={canEdit}
          onDone={() => setDrafts((d) => d.filter((x) => x !== draft))}
        />
      ))}
      {!list.length && !drafts.length ? (
        <p className="text-muted-foreground text-sm">No options yet.</p>
      ) : null}
      {canEdit ? (
        <div>
          <Button variant="outline" onClick={() => setDrafts((d) => [...d, Date.now()])}>
            <Plus aria-hidden="true" />
            Add option
          </Button>
        </div>
      ) : null}
    </div>
  );
}

interface ValueRow {
  key: string;
  id?: string;
  label: string;
  value: string;
  /** Once the value is typed by hand it no longer follows the label. */
  valueEdited: boolean;
  adjustment: string;
}

const toRows = (option?: ProductOption): ValueRow[] =>
  (option?.values ?? []).map((v) => ({
    key: v.id,
    id: v.id,
    label: v.label,
    value: v.value,
    valueEdited: v.value !== optionValueSlug(v.label),
    adjustment: centsToDollarString(v.price_adjustment),
  }));

let rowKey = 0;

type OptionType = (typeof OPTION_TYPES)[number];

/** What the editor holds, to tell an edited option from its saved copy. */
const snapshot = (name: string, displayName: string, type: OptionType, rows: ValueRow[]) =>
  JSON.stringify([name, displayName, type, rows.map((r) => [r.id, r.label, r.value, r.adjustment])]);

/** " (3 variants)": how many variants use an option's values. */
function optionVariants(
  option: ProductOption,
  variants: ReadonlyArray<{ option_values: Array<{ option_id: string }> }>,
): string {
  const n = variants.filter((v) => v.option_values.some((ov) => ov.option_id === option.id)).length;
  return n ? ` (${plural(n, 'variant')})` : '';
}

/** One option: name, display name, type and its values (label, value, price adjustment, order). */
function OptionEditor({
  productId,
  option,
  canEdit,
  onDone,
}: {
  productId: string;
  option?: ProductOption;
  canEdit: boolean;
  onDone?: () => void;
}) {
  const uid = useId();
  const save = useSaveOption(productId);
  const remove = useDeleteOption(productId);
  const [name, setName] = useState(option?.name ?? '');
  const [displayName, setDisplayName] = useState(option?.display_name ?? '');
  const [type, setType] = useState<OptionType>(option?.type ?? 'select');
  const [rows, setRows] = useState<ValueRow[]>(() => toRows(option));
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState<string | null>(null);
  const queryClient = useQueryClient();
  // Read when asked (a save that removes values, a delete), not subscribed: no refetch per option.
  const cachedVariants = () =>
    queryClient.getQueryData<{ items: AdminVariant[] }>(productKeys.variants(productId))?.items ?? [];

  // A saved option follows the server's copy when that copy changes (after a save), not on every
  // refetch of the same copy: what is typed stays until it is saved or discarded.
  const savedCopy = option ? JSON.stringify(option) : '';
  const reset = () => {
    setName(option?.name ?? '');
    setDisplayName(option?.display_name ?? '');
    setType(option?.type ?? 'select');
    setRows(toRows(option));
    setError(null);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the saved copy's content changes
  useEffect(() => {
    if (option) reset();
  }, [savedCopy]);
  const dirty =
    snapshot(name, displayName, type, rows) !==
    snapshot(option?.name ?? '', option?.display_name ?? '', option?.type ?? 'select', toRows(option));
  useUnsavedChanges(
    `option:${option?.id ?? uid}`,
    option ? `option ${option.name}` : 'a new option',
    canEdit && dirty,
  );

  const update = (key: string, change: Partial<ValueRow>) =>
    setRows((all) =>
      all.map((row) => {
        if (row.key !== key) return row;
        const next = { ...row, ...change };
        // A colour's value is its code, picked on its own; other values follow the label until typed.
        if ('label' in change && !next.valueEdited && type !== 'color') {
          next.value = optionValueSlug(next.label);
        }
        return next;
      }),
    );
  const move = (index: number, by: -1 | 1) =>
    setRows((all) => {
      const next = [...all];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row!);
      return next;
    });

  /** Variants made with the values this save removes (they are deleted with them). */
  const removedValues = (option?.values ?? []).filter((v) => !rows.some((r) => r.id === v.id));
  const lostVariants = cachedVariants().filter((v) =>
    v.option_values.some((ov) => removedValues.some((r) => r.id === ov.option_value_id)),
  );

  const submit = () => {
    if (!name.trim()) return setError('Option name is required');
    if (rows.some((r) => !r.label.trim())) return setError('Value label is required');
    const notColor = type === 'color' ? rows.find((r) => !isColorCode(r.value)) : undefined;
    if (notColor) return setError(colorValueMessage(notColor.label.trim()));
    setError(null);
    if (lostVariants.length && !confirmRemove) {
      setConfirmRemove(
        `Removing ${listOf(removedValues.map((v) => `"${v.label}"`))} deletes ${plural(lostVariants.length, 'variant')} made with ${pluralText(removedValues.length, { one: 'it', other: 'them' })}: ${listOf(
          lostVariants.map((v) => v.title || v.sku),
          5,
        )}. This cannot be undone.`,
      );
      return;
    }
    save.mutate(
      {
        optionId: option?.id,
        body: {
          name: name.trim(),
          display_name: displayName.trim() || name.trim(),
          type,
          values: rows.map((r, i) => ({
            ...(r.id ? { id: r.id } : {}),
            label: r.label.trim(),
            value: r.value.trim() || optionValueSlug(r.label),
            price_adjustment: dollarsToCents(r.adjustment),
            sort_order: i,
          })),
        },
      },
      {
        onSuccess: () => {
          setConfirmRemove(null);
          toast.success(`Option "${name.trim()}" saved`);
          onDone?.();
        },
        onError: (e) => {
          setConfirmRemove(null);
          setError(getErrorMessage(e));
          toast.error(`Failed to save option: ${getErrorMessage(e)}`);
        },
      },
    );
  };

  return (
    <fieldset
      className="grid gap-3 rounded-md border p-3"
      disabled={!canEdit}
      data-testid="option-editor"
      aria-label={option ? `Option ${option.name}` : 'New option'}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="grid gap-2">
          <Label htmlFor={`${uid}-name`}>Option name</Label>
          <Input
            id={`${uid}-name`}
            value={name}
            placeholder="Size"
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${uid}-display`}>Display name</Label>
          <Input
            id={`${uid}-display`}
            value={displayName}
            placeholder={name || 'Shown to shoppers'}
            onChange={(e) => setDisplayName(e.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${uid}-type`}>Type</Label>
          <NativeSelect
            id={`${uid}-type`}
            className="w-full"
            value={type}
            onChange={(e) => setType(e.target.value as OptionType)}
          >
            {OPTION_TYPES.map((t) => (
              <option key={t} value={t}>
                {capitalize(t)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      <div className="grid gap-2">
        <p className="font-medium text-sm">Values</p>
        {rows.length ? (
          <div className="hidden grid-cols-[1fr_1fr_7rem_auto] gap-2 text-muted-foreground text-xs sm:grid">
            <span>Label</span>
            <span>{type === 'color' ? 'Color' : 'Value'}</span>
            <span>Price adjustment ($)</span>
            <span className="w-28" />
          </div>
        ) : null}
        {rows.map((row, index) => (
          <div
            key={row.key}
            className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_1fr_7rem_auto]"
            data-testid="option-value-row"
          >
            <Input
              aria-label={`Value ${index + 1} label`}
              value={row.label}
              placeholder="Large"
              onChange={(e) => update(row.key, { label: e.target.value })}
            />
            {type === 'color' ? (
              <div className="flex items-center gap-2">
                <input
                  type="color"
                  aria-label={`Value ${index + 1} color`}
                  className="h-9 w-11 shrink-0 cursor-pointer rounded-md border bg-background p-1"
                  // A colour input cannot be empty: it shows black until a colour is picked.
                  value={isColorCode(row.value) && row.value.length === 7 ? row.value : '#000000'}
                  onChange={(e) => update(row.key, { value: e.target.value, valueEdited: true })}
                />
                <Input
                  aria-label={`Value ${index + 1} value`}
                  aria-invalid={!isColorCode(row.value) || undefined}
                  value={row.value}
                  placeholder="#1f3a5f"
                  className="font-mono"
                  onChange={(e) => update(row.key, { value: e.target.value, valueEdited: true })}
                />
              </div>
            ) : (
              <Input
                aria-label={`Value ${index + 1} value`}
                value={row.value}
                placeholder="large"
                onChange={(e) => update(row.key, { value: e.target.value, valueEdited: true })}
              />
            )}
            <Input
              aria-label={`Value ${index + 1} price adjustment in dollars`}
              {...DOLLAR_INPUT}
              value={row.adjustment}
              onChange={(e) => update(row.key, { adjustment: e.target.value })}
            />
            <div className="flex items-center gap-1">
              <RowIconButton
                icon={ArrowUp}
                label={`Move value ${index + 1} up`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              />
              <RowIconButton
                icon={ArrowDown}
                label={`Move value ${index + 1} down`}
                disabled={index === rows.length - 1}
                onClick={() => move(index, 1)}
              />
              <RowIconButton
                icon={X}
                label={`Remove value ${index + 1}`}
                onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
              />
            </div>
          </div>
        ))}
        {canEdit ? (
          <div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() =>
                setRows((all) => [
                  ...all,
                  { key: `new-${++rowKey}`, label: '', value: '', valueEdited: false, adjustment: '0' },
                ])
              }
            >
              <Plus aria-hidden="true" />
              Add value
            </Button>
          </div>
        ) : null}
      </div>

      <FormError>{error}</FormError>
      {canEdit ? (
        <div className="flex flex-wrap justify-end gap-2">
          {option ? (
            <Button
              variant="ghost"
              className="mr-auto text-destructive"
              onClick={() => setConfirmDelete(true)}
            >
              <Trash2 aria-hidden="true" />
              Delete option
            </Button>
          ) : (
            <Button variant="ghost" onClick={onDone}>
              Cancel
            </Button>
          )}
          {option && dirty ? (
            <Button variant="ghost" onClick={reset}>
              Discard changes
            </Button>
          ) : null}
          <Button onClick={submit} disabled={save.isPending || (Boolean(option) && !dirty)}>
            {save.isPending ? 'Saving...' : 'Save option'}
          </Button>
        </div>
      ) : null}

      <ConfirmDialog
        open={confirmRemove !== null}
        onOpenChange={(open) => {
          if (!open) setConfirmRemove(null);
        }}
        title="Remove values?"
        description={confirmRemove ?? ''}
        confirmLabel="Remove and save"
        pendingLabel="Saving..."
        pending={save.isPending}
        onConfirm={submit}
      />
      {option ? (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title={`Delete option "${option.name}"?`}
          description={`Its values and every variant made with them${optionVariants(option, cachedVariants())} are deleted too. Generate variants again afterwards.`}
          confirmLabel="Delete option"
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(option.id, {
              onSuccess: () => {
                setConfirmDelete(false);
                toast.success(`Option "${option.name}" deleted`);
              },
              onError: (e) => toast.error(`Failed to delete option: ${getErrorMessage(e)}`),
            })
          }
        />
      ) : null}
    </fieldset>
  );
}
