import { MIN_QUANTITY } from '@cartwheel/shared/constants';
import { Button } from '@cartwheel/ui/button';
import { cn } from '@cartwheel/ui/lib/utils';
import { Minus, Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useT } from '../../../i18n/i18n.tsx';

/** A typed quantity as a whole number of at least 1: anything else becomes 1. */
export function parseQuantity(text: string, max?: number): number {
  const n = Number(text.trim());
  if (!Number.isInteger(n) || n < MIN_QUANTITY) return MIN_QUANTITY;
  return max !== undefined && max >= MIN_QUANTITY ? Math.min(n, max) : n;
}

interface QuantityInputProps {
  value: number;
  onChange: (quantity: number) => void;
  /** The + button stops here (the stock); typed values above it are left for the cart to cap. */
  max?: number;
  /** Accessible name of the field, e.g. "Quantity" or "Quantity of Enamel Camp Mug". */
  label: string;
  /** Names the item in the buttons' labels ("Decrease quantity of Enamel Camp Mug"). */
  itemName?: string;
  disabled?: boolean;
  size?: 'sm' | 'default';
  className?: string;
}

/** − [n] + : decrement disabled at 1; typing is allowed and nonsense becomes 1 when the field is left. */
export function QuantityInput({
  value,
  onChange,
  max,
  label,
  itemName,
  disabled = false,
  size = 'default',
  className,
}: QuantityInputProps) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState(String(value));
  // Follow the value when it changes from outside (a cap by stock, another tab).
  useEffect(() => setText(String(value)), [value]);

  const commit = () => {
    const next = parseQuantity(text);
    setText(String(next));
    if (next !== value) onChange(next);
  };
  const buttonSize = size === 'sm' ? 'size-8!' : 'size-9';

  return (
    <div className={cn('flex items-center', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Button
        variant="outline"
        size="icon"
        className={cn(buttonSize, 'rounded-r-none')}
        aria-label={itemName ? t('quantity.decreaseOf', { name: itemName }) : t('quantity.decrease')}
        disabled={disabled || value <= MIN_QUANTITY}
        onClick={() => onChange(value - 1)}
      >
        <Minus aria-hidden="true" />
      </Button>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        value={text}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
        className={cn(
          buttonSize,
          'w-12 border-input border-y bg-background text-center text-sm tabular-nums outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50',
        )}
      />
      <Button
        variant="outline"
        size="icon"
        className={cn(buttonSize, 'rounded-l-none')}
        aria-label={itemName ? t('quantity.increaseOf', { name: itemName }) : t('quantity.increase')}
        disabled={disabled || (max !== undefined && value >= max)}
        onClick={() => onChange(value + 1)}
      >
        <Plus aria-hidden="true" />
      </Button>
    </div>
  );
}
