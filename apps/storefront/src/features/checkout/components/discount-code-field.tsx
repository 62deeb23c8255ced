import { Button } from '@cartwheel/ui/button';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { useId, useState } from 'react';
import { problemMessage } from '../../../i18n/api-errors.ts';
import { useT } from '../../../i18n/i18n.tsx';

export type DiscountStatus =
  | { state: 'none' }
  | { state: 'checking' }
  | { state: 'applied' }
  /** `code` and `details`: the API's reason (discount_expired...) and values, for the page's language. */
  | { state: 'refused'; message: string; code?: string; details?: unknown };

/**
 * The discount code box: Apply sends the code with the next quote, which says whether it applies
 * (and why not). An applied code can be removed.
 */
export function DiscountCodeField({
  applied,
  status,
  onApply,
  onRemove,
  disabled,
}: {
  applied: string | null;
  status: DiscountStatus;
  onApply: (code: string) => void;
  onRemove: () => void;
  disabled: boolean;
}) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState(applied ?? '');
  const messageId = `${id}-message`;
  const apply = () => {
    const code = text.trim();
    if (code) onApply(code);
  };
  return (
    <div className="col-span-2 grid gap-2">
      <Label htmlFor={id}>{t('checkout.discount.label')}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={text}
          autoComplete="off"
          autoCapitalize="characters"
          disabled={disabled}
          aria-invalid={status.state === 'refused' ? true : undefined}
          aria-describedby={status.state === 'none' ? undefined : messageId}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Enter applies the code instead of submitting the whole checkout.
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
        />
        {applied && status.state === 'applied' && text.trim() === applied ? (
          <Button
            type="button"
            variant="outline"
            disabled={disabled}
            onClick={() => {
              setText('');
              onRemove();
            }}
          >
            {t('checkout.discount.remove')}
          </Button>
        ) : (
          <Button type="button" variant="outline" disabled={disabled || !text.trim()} onClick={apply}>
            {t('filters.apply')}
          </Button>
        )}
      </div>
      {status.state === 'checking' ? (
        <p id={messageId} className="text-muted-foreground text-sm">
          {t('checkout.discount.checking')}
        </p>
      ) : status.state === 'applied' ? (
        <p
          id={messageId}
          className="text-green-700 text-sm dark:text-green-500"
          data-testid="discount-applied"
        >
          {t('checkout.discount.applied', { code: applied ?? '' })}
        </p>
      ) : status.state === 'refused' ? (
        <p id={messageId} role="alert" className="text-destructive text-sm" data-testid="discount-error">
          {problemMessage(t, { code: status.code ?? '', message: status.message, details: status.details })}
        </p>
      ) : null}
    </div>
  );
}
