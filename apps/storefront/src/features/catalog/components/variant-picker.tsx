import { isColorCode } from '@cartwheel/shared/color-code';
import type { Product, ProductOption } from '@cartwheel/shared/contracts/catalog';
import { cn } from '@cartwheel/ui/lib/utils';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { type ReactNode, useId } from 'react';
import { useT } from '../../../i18n/i18n.tsx';
import { pickerOptions, type Selection, type ValueState, valueStates } from '../lib/variants.ts';
import { SELECT_CLASS } from './filter-select.tsx';

interface VariantPickerProps {
  product: Pick<Product, 'options' | 'variants'>;
  selection: Selection;
  onChoose: (optionId: string, valueId: string) => void;
}

/** What a value's label says after it when it cannot be chosen. */
function useStateNote(): (state: ValueState) => string {
  const t = useT();
  return (state) =>
    state === 'available' ? '' : t(state === 'out_of_stock' ? 'variant.outOfStock' : 'variant.unavailable');
}

/**
 * The product's options, each shown by its type: select as a drop-down, radio as a radio group,
 * color as swatches. Values that would make a missing or sold-out variant are disabled.
 */
export function VariantPicker({ product, selection, onChoose }: VariantPickerProps) {
  const options = pickerOptions(product);
  if (options.length === 0) return null;
  const states = valueStates(product, selection);
  return (
    <div className="flex flex-col gap-4" data-testid="variant-picker">
      {options.map((option) => {
        const props = {
          option,
          selected: selection[option.id],
          states: states[option.id] ?? {},
          onChoose: (valueId: string) => onChoose(option.id, valueId),
        };
        if (option.type === 'color') return <SwatchGroup key={option.id} {...props} />;
        if (option.type === 'radio') return <RadioGroup key={option.id} {...props} />;
        return <SelectOption key={option.id} {...props} />;
      })}
    </div>
  );
}

interface OptionProps {
  option: ProductOption;
  selected: string | undefined;
  states: Record<string, ValueState>;
  onChoose: (valueId: string) => void;
}

function SelectOption({ option, selected, states, onChoose }: OptionProps) {
  const t = useT();
  const stateNote = useStateNote();
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-sm">
        {option.display_name}
      </label>
      <NativeSelect
        id={id}
        value={selected ?? ''}
        onChange={(event) => onChoose(event.target.value)}
        className="w-full sm:w-64"
        selectClassName={cn(SELECT_CLASS, 'h-10!')}
      >
        {selected === undefined ? (
          <option value="" disabled>
            {t('variant.choose', { option: option.display_name.toLowerCase() })}
          </option>
        ) : null}
        {option.values.map((value) => {
          const state = states[value.id] ?? 'unavailable';
          return (
            <option key={value.id} value={value.id} disabled={state !== 'available'}>
              {value.label}
              {stateNote(state)}
            </option>
          );
        })}
      </NativeSelect>
    </div>
  );
}

/** Shared by radio pills and colour swatches: native radios, so arrow keys and screen readers just work. */
function ChoiceGroup({
  option,
  selected,
  states,
  onChoose,
  renderChoice,
  className,
}: OptionProps & {
  renderChoice: (value: ProductOption['values'][number], state: ValueState, checked: boolean) => ReactNode;
  className?: string;
}) {
  const name = useId();
  const stateNote = useStateNote();
  const selectedLabel = option.values.find((v) => v.id === selected)?.label;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-medium text-sm">
        {option.display_name}
        {selectedLabel ? (
          <span className="font-normal text-muted-foreground" aria-hidden="true">
            : {selectedLabel}
          </span>
        ) : null}
      </legend>
      <div className={cn('flex flex-wrap gap-2', className)}>
        {option.values.map((value) => {
          const state = states[value.id] ?? 'unavailable';
          const checked = value.id === selected;
          return (
            <label key={value.id} className={cn('relative', state !== 'available' && 'cursor-not-allowed')}>
              <input
                type="radio"
                name={name}
                value={value.id}
                checked={checked}
                disabled={state !== 'available'}
                onChange={() => onChoose(value.id)}
                // Transparent over the whole pill or swatch, so the visible choice is the radio itself.
                className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-md opacity-0 disabled:cursor-not-allowed"
                aria-label={`${value.label}${stateNote(state)}`}
              />
              {renderChoice(value, state, checked)}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function RadioGroup(props: OptionProps) {
  return (
    <ChoiceGroup
      {...props}
      renderChoice={(value, state, checked) => (
        <span
          aria-hidden="true"
          className={cn(
            'flex h-9 min-w-11 items-center justify-center rounded-md border px-3 font-medium text-sm transition-colors',
            'peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50',
            checked ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-accent',
            state !== 'available' && 'text-muted-foreground line-through opacity-50 hover:bg-background',
          )}
        >
          {value.label}
        </span>
      )}
    />
  );
}

function SwatchGroup(props: OptionProps) {
  return (
    <ChoiceGroup
      {...props}
      className="gap-3!"
      renderChoice={(value, state, checked) => {
        // The same test on the server and in the browser, so hydration finds the swatch it rendered.
        const fill = isColorCode(value.value) ? value.value : undefined;
        return (
          <span
            aria-hidden="true"
            title={value.label}
            className={cn(
              'relative flex size-9 items-center justify-center rounded-full border-2 p-0.5 transition-shadow',
              'peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50',
              checked ? 'border-primary' : 'border-transparent hover:border-muted-foreground/40',
              state !== 'available' && 'opacity-40',
            )}
          >
            <span
              className="flex size-full items-center justify-center overflow-hidden rounded-full border border-black/15 text-[10px]"
              style={fill ? { backgroundColor: fill } : undefined}
            >
              {fill ? null : value.label.slice(0, 2)}
            </span>
            {state !== 'available' ? (
              // A diagonal line through a sold-out or missing colour.
              <span className="absolute inset-0 m-auto h-0.5 w-10 rotate-45 rounded bg-foreground/70" />
            ) : null}
          </span>
        );
      }}
    />
  );
}
