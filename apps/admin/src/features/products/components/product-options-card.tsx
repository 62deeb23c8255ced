import { OPTION_TYPES } from '@cartwheel/shared/constants';
import { optionValueSlug, PRODUCT_MESSAGES } from '@cartwheel/shared/contracts/admin-products';
import type { ProductOption } from '@cartwheel/shared/contracts/catalog';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { centsToDollarString, dollarsToCents } from '@cartwheel/shared/money';
import { capitalize } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { ConfirmDialog } from '@cartwheel/ui/confirm-dialog';
import { FormError } from '@cartwheel/ui/form';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { ArrowDown, ArrowUp, Plus, Trash2, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { useDeleteOption } from '../api/delete-option.ts';
import { useProductOptions } from '../api/get-options.ts';
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
  const [type, setType] = useState<(typeof OPTION_TYPES)[number]>(option?.type ?? 'select');
  const [rows, setRows] = useState<ValueRow[]>(() => toRows(option));
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  // A saved option follows the server's copy after a save.
  useEffect(() => {
    if (!option) return;
    setName(option.name);
    setDisplayName(option.display_name);
    setType(option.type);
    setRows(toRows(option));
  }, [option]);

  const update = (key: string, change: Partial<ValueRow>) =>
    setRows((all) =>
      all.map((row) => {
        if (row.key !== key) return row;
        const next = { ...row, ...change };
        if ('label' in change && !next.valueEdited) next.value = optionValueSlug(next.label);
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

  const submit = () => {
    if (!name.trim()) return setError('Option name is required');
    if (rows.some((r) => !r.label.trim())) return setError('Value label is required');
    setError(null);
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
          toast.success(`Option "${name.trim()}" saved`);
          onDone?.();
        },
        onError: (e) => {
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
            onChange={(e) => setType(e.target.value as (typeof OPTION_TYPES)[number])}
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
            <span>Value</span>
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
            <Input
              aria-label={`Value ${index + 1} value`}
              value={row.value}
              placeholder="large"
              onChange={(e) => update(row.key, { value: e.target.value, valueEdited: true })}
            />
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
          <Button onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save option'}
          </Button>
        </div>
      ) : null}

      {option ? (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title={`Delete option "${option.name}"?`}
          description="Its values and every variant made with them are deleted too. Generate variants again afterwards."
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
