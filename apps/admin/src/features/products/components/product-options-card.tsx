import { isColorCode } from '@cartwheel/shared/color-code';
import { OPTION_TYPES } from '@cartwheel/shared/constants';
import { type AdminVariant, optionValueSlug } from '@cartwheel/shared/contracts/admin-products';
import type { ProductOption } from '@cartwheel/shared/contracts/catalog';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { currencySymbol } from '@cartwheel/shared/money';
import { capitalize, listOf, plural, pluralText } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { ConfirmDialog } from '@cartwheel/ui/confirm-dialog';
import { Form, FormControl, FormError, FormField, FormItem } from '@cartwheel/ui/form';
import { Input } from '@cartwheel/ui/input';
import { InputField, NativeSelectField } from '@cartwheel/ui/input-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus, Trash2, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import {
  type ControllerRenderProps,
  type UseFormReturn,
  useFieldArray,
  useForm,
  useFormState,
  useWatch,
} from 'react-hook-form';
import { toast } from 'sonner';
import { useUnsavedChanges } from '../../../components/unsaved-changes.tsx';
import { useBaseCurrency } from '../../../lib/base-currency.ts';
import { formErrorBanner, listMessage } from '../../../lib/form-input.ts';
import { useDeleteOption } from '../api/delete-option.ts';
import { useProductOptions } from '../api/get-options.ts';
import { productKeys } from '../api/product-keys.ts';
import { useSaveOption } from '../api/save-option.ts';
import { newValueRow, type OptionValues, optionForm, optionToValues } from './option-form-schema.ts';
import { DOLLAR_INPUT } from './product-form-schema.ts';
import { RowIconButton } from './row-icon-button.tsx';
import { SaveFirstButton } from './save-first-button.tsx';

/** Options (Size, Color...) with their values; the variants are generated from them. */
export function ProductOptionsCard({
  productId,
  canEdit,
  onSaveFirst,
}: {
  productId: string | undefined;
  canEdit: boolean;
  /** A new product: saves it, then the options can be added. */
  onSaveFirst?: () => void;
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
          <SaveFirstButton label="Save and add options" onSave={canEdit ? onSaveFirst : undefined} />
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

type OptionType = (typeof OPTION_TYPES)[number];

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
  // Price adjustments are in the base currency, as the catalog's prices.
  const currency = useBaseCurrency();
  const schema = useMemo(() => optionForm(currency), [currency]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: optionToValues(currency, option) });
  const { control } = form;
  const rows = useFieldArray({ control, name: 'values', keyName: 'key' });
  const [name, type, values] = useWatch({ control, name: ['name', 'type', 'values'] });
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
    form.reset(optionToValues(currency, option));
    setError(null);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the saved copy's content changes
  useEffect(() => {
    if (option) reset();
  }, [savedCopy]);
  const dirty = form.formState.isDirty;
  useUnsavedChanges(
    `option:${option?.id ?? uid}`,
    option ? `option ${option.name}` : 'a new option',
    canEdit && dirty,
  );

  /** Variants made with the values this save removes (they are deleted with them). */
  const removedValues = (option?.values ?? []).filter((v) => !values.some((r) => r.id === v.id));
  const lostVariants = cachedVariants().filter((v) =>
    v.option_values.some((ov) => removedValues.some((r) => r.id === ov.option_value_id)),
  );

  const submit = form.handleSubmit((body) => {
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
      { optionId: option?.id, body },
      {
        onSuccess: () => {
          setConfirmRemove(null);
          toast.success(`Option "${body.name}" saved`);
          onDone?.();
        },
        onError: (e) => {
          setConfirmRemove(null);
          const banner = formErrorBanner(form.setError, e);
          setError(banner);
          toast.error(`Failed to save option: ${banner}`);
        },
      },
    );
  });

  return (
    <Form {...form}>
      <fieldset
        className="grid gap-3 rounded-md border p-3"
        disabled={!canEdit}
        data-testid="option-editor"
        aria-label={option ? `Option ${option.name}` : 'New option'}
      >
        <div className="grid gap-3 sm:grid-cols-3">
          <InputField
            control={control}
            name="name"
            id={`${uid}-name`}
            label="Option name"
            placeholder="Size"
          />
          <InputField
            control={control}
            name="display_name"
            id={`${uid}-display`}
            label="Display name"
            placeholder={name || 'Shown to shoppers'}
          />
          <NativeSelectField
            control={control}
            name="type"
            id={`${uid}-type`}
            label="Type"
            className="w-full"
            options={OPTION_TYPES.map((t) => [t, capitalize(t)] as const)}
          />
        </div>

        <div className="grid gap-2">
          <p className="font-medium text-sm">Values</p>
          {rows.fields.length ? (
            <div className="hidden grid-cols-[1fr_1fr_7rem_auto] gap-2 text-muted-foreground text-xs sm:grid">
              <span>Label</span>
              <span>{type === 'color' ? 'Color' : 'Value'}</span>
              <span>Price adjustment ({currencySymbol(currency)})</span>
              <span className="w-28" />
            </div>
          ) : null}
          {rows.fields.map((row, index) => (
            <ValueRowFields
              key={row.key}
              form={form}
              index={index}
              count={rows.fields.length}
              type={type}
              currency={currency}
              onMove={(by) => rows.move(index, index + by)}
              onRemove={() => rows.remove(index)}
            />
          ))}
          <FormError>{listMessage(form.formState.errors.values, false)}</FormError>
          {canEdit ? (
            <div>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => rows.append(newValueRow(), { shouldFocus: false })}
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
    </Form>
  );
}

/** One value of an option: label, value (a colour's code and picker), price adjustment, order. */
function ValueRowFields({
  form,
  index,
  count,
  type,
  currency,
  onMove,
  onRemove,
}: {
  form: UseFormReturn<OptionValues, unknown, unknown>;
  index: number;
  count: number;
  type: OptionType;
  currency: string;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { control } = form;
  const path = `values.${index}` as const;
  const { errors } = useFormState({ control, name: path });
  const rowErrors = errors.values?.[index];
  const cell = (
    name: 'label' | 'value' | 'price_adjustment',
    render: (field: ControllerRenderProps<OptionValues, `values.${number}.${typeof name}`>) => ReactNode,
  ) => (
    <FormField
      control={control}
      name={`${path}.${name}`}
      render={({ field }) => (
        <FormItem>
          <FormControl>{render(field)}</FormControl>
        </FormItem>
      )}
    />
  );
  // A colour's value is its code, picked on its own; other values follow the label until typed.
  const setValue = (value: string) => {
    form.setValue(`${path}.value`, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    form.setValue(`${path}.value_edited`, true);
  };
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_1fr_7rem_auto]" data-testid="option-value-row">
      {cell('label', (field) => (
        <Input
          aria-label={`Value ${index + 1} label`}
          placeholder="Large"
          {...field}
          onChange={(e) => {
            field.onChange(e);
            if (type !== 'color' && !form.getValues(`${path}.value_edited`)) {
              form.setValue(`${path}.value`, optionValueSlug(e.target.value), { shouldDirty: true });
            }
          }}
        />
      ))}
      {type === 'color' ? (
        <FormField
          control={control}
          name={`${path}.value`}
          render={({ field }) => (
            <FormItem className="flex items-center gap-2">
              <input
                type="color"
                aria-label={`Value ${index + 1} color`}
                className="h-9 w-11 shrink-0 cursor-pointer rounded-md border bg-background p-1"
                // A colour input cannot be empty: it shows black until a colour is picked.
                value={isColorCode(field.value) && field.value.length === 7 ? field.value : '#000000'}
                onChange={(e) => setValue(e.target.value)}
              />
              <FormControl aria-invalid={!isColorCode(field.value) || undefined}>
                <Input
                  aria-label={`Value ${index + 1} value`}
                  placeholder="#1f3a5f"
                  className="font-mono"
                  {...field}
                  onChange={(e) => setValue(e.target.value)}
                />
              </FormControl>
            </FormItem>
          )}
        />
      ) : (
        cell('value', (field) => (
          <Input
            aria-label={`Value ${index + 1} value`}
            placeholder="large"
            {...field}
            onChange={(e) => setValue(e.target.value)}
          />
        ))
      )}
      {cell('price_adjustment', (field) => (
        <Input
          aria-label={`Value ${index + 1} price adjustment (${currencySymbol(currency)})`}
          {...DOLLAR_INPUT}
          {...field}
        />
      ))}
      <div className="flex items-center gap-1">
        <RowIconButton
          icon={ArrowUp}
          label={`Move value ${index + 1} up`}
          disabled={index === 0}
          onClick={() => onMove(-1)}
        />
        <RowIconButton
          icon={ArrowDown}
          label={`Move value ${index + 1} down`}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        />
        <RowIconButton icon={X} label={`Remove value ${index + 1}`} onClick={onRemove} />
      </div>
      <FormError className="col-span-full">
        {rowErrors?.label?.message ?? rowErrors?.value?.message ?? rowErrors?.price_adjustment?.message}
      </FormError>
    </div>
  );
}
