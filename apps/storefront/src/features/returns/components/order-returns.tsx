import {
  type CustomerReturn,
  type OrderReturns as OrderReturnsData,
  RETURN_REASONS,
  type ReturnReason,
  type ReturnStatus,
} from '@cartwheel/shared/contracts/returns';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { Textarea } from '@cartwheel/ui/textarea';
import { Undo2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useT } from '../../../i18n/i18n.tsx';
import { type ReturnsSource, useOrderReturns, useRequestReturn } from '../api/order-returns.ts';

type T = ReturnType<typeof useT>;

const STATUS_KEYS = {
  requested: 'returns.status.requested',
  approved: 'returns.status.approved',
  declined: 'returns.status.declined',
  received: 'returns.status.received',
  refunded: 'returns.status.refunded',
  closed: 'returns.status.closed',
} as const satisfies Record<ReturnStatus, string>;

const REASON_KEYS = {
  too_small: 'returns.reason.tooSmall',
  too_large: 'returns.reason.tooLarge',
  not_as_described: 'returns.reason.notAsDescribed',
  damaged: 'returns.reason.damaged',
  wrong_item: 'returns.reason.wrongItem',
  changed_mind: 'returns.reason.changedMind',
  other: 'returns.reason.other',
} as const satisfies Record<ReturnReason, string>;

const NOT_RETURNABLE_KEYS = {
  final_sale: 'returns.finalSale',
  window_over: 'returns.windowOver',
  already_returned: 'returns.alreadyReturned',
  not_delivered: 'returns.notDelivered',
} as const;

/** One return: its status line ("Return requested · R1001") and what it sends back. */
function ReturnEntry({ entry, t }: { entry: CustomerReturn; t: T }) {
  return (
    <li className="space-y-1 py-3" data-testid="order-return">
      <p className="font-medium">
        <span data-testid="return-status">{t(STATUS_KEYS[entry.status])}</span>
        <span className="text-muted-foreground"> · {entry.rma}</span>
      </p>
      <p className="text-muted-foreground text-sm">
        {entry.items
          .map(
            (i) =>
              `${i.product_name} × ${i.quantity}${i.exchange ? ` (${t('returns.exchangedFor', { variant: i.exchange.title })})` : ''}`,
          )
          .join(', ')}
      </p>
      {entry.decline_reason ? (
        <p className="text-sm">{t('returns.declinedBecause', { reason: entry.decline_reason })}</p>
      ) : null}
    </li>
  );
}

/** The form: units and a reason per returnable line, and a note. */
function ReturnForm({
  source,
  data,
  onDone,
}: {
  source: ReturnsSource;
  data: OrderReturnsData;
  onDone: () => void;
}) {
  const t = useT();
  const id = useId();
  const request = useRequestReturn(source);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [reasons, setReasons] = useState<Record<string, ReturnReason | ''>>({});
  const [exchanges, setExchanges] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const lines = data.lines.filter((l) => l.returnable_quantity > 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = lines.filter((l) => (quantities[l.order_item_id] ?? 0) > 0);
    if (chosen.length === 0) return setProblem(t('returns.chooseOne'));
    if (chosen.some((l) => !reasons[l.order_item_id])) return setProblem(t('returns.reasonNeeded'));
    setProblem(null);
    request.mutate(
      {
        items: chosen.map((l) => ({
          order_item_id: l.order_item_id,
          quantity: quantities[l.order_item_id]!,
          reason: reasons[l.order_item_id] as ReturnReason,
          exchange_variant_id: exchanges[l.order_item_id] || undefined,
        })),
        note: note.trim() || null,
      },
      { onSuccess: onDone },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={t('returns.start')}>
      <ul className="space-y-3">
        {lines.map((line) => {
          const name = `${line.product_name}${line.variant_title ? ` (${line.variant_title})` : ''}`;
          return (
            <li key={line.order_item_id} className="flex flex-wrap items-end gap-3">
              <p className="min-w-40 flex-1 font-medium">{name}</p>
              <div className="space-y-1">
                <Label htmlFor={`${id}-q-${line.order_item_id}`} className="sr-only">
                  {t('returns.quantityOf', { name })}
                </Label>
                <Input
                  id={`${id}-q-${line.order_item_id}`}
                  type="number"
                  min={0}
                  max={line.returnable_quantity}
                  value={quantities[line.order_item_id] ?? 0}
                  onChange={(e) =>
                    setQuantities((q) => ({
                      ...q,
                      [line.order_item_id]: Math.max(
                        0,
                        Math.min(line.returnable_quantity, Number(e.target.value) || 0),
                      ),
                    }))
                  }
                  className="w-20"
                />
              </div>
              <div className="space-y-1">
                <Label htmlFor={`${id}-r-${line.order_item_id}`} className="sr-only">
                  {t('returns.reasonOf', { name })}
                </Label>
                <NativeSelect
                  id={`${id}-r-${line.order_item_id}`}
                  value={reasons[line.order_item_id] ?? ''}
                  onChange={(e) =>
                    setReasons((r) => ({ ...r, [line.order_item_id]: e.target.value as ReturnReason }))
                  }
                >
                  <option value="">{t('returns.chooseReason')}</option>
                  {RETURN_REASONS.map((reason) => (
                    <option key={reason} value={reason}>
                      {t(REASON_KEYS[reason])}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              {line.exchange_variants.length ? (
                <div className="space-y-1">
                  <Label htmlFor={`${id}-x-${line.order_item_id}`}>{t('returns.exchangeFor')}</Label>
                  <NativeSelect
                    id={`${id}-x-${line.order_item_id}`}
                    value={exchanges[line.order_item_id] ?? ''}
                    onChange={(e) => setExchanges((x) => ({ ...x, [line.order_item_id]: e.target.value }))}
                  >
                    <option value="">{t('returns.noExchange')}</option>
                    {line.exchange_variants.map((variant) => (
                      <option key={variant.id} value={variant.id}>
                        {variant.title}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="space-y-1">
        <Label htmlFor={`${id}-note`}>{t('returns.note')}</Label>
        <Textarea id={`${id}-note`} value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
      </div>
      {problem || request.error ? (
        <p role="alert" className="text-destructive text-sm">
          {problem ?? request.error?.message}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={request.isPending}>
          {t('returns.submit')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('returns.cancel')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The order page's returns: the returns asked for, with their status, and a "Return items" form for
 * the delivered units still within the shop's return window. Nothing before anything is delivered.
 */
export function OrderReturns({ source }: { source: ReturnsSource }) {
  const t = useT();
  const { data } = useOrderReturns(source);
  const [open, setOpen] = useState(false);
  if (!data) return null;
  const returnable = data.lines.some((l) => l.returnable_quantity > 0);
  const delivered = data.lines.some((l) => l.not_returnable !== 'not_delivered');
  if (!returnable && data.returns.length === 0 && !delivered) return null;
  return (
    <Card data-testid="order-returns">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg leading-7!">
          <Undo2 aria-hidden="true" className="size-5" />
          {t('returns.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {data.returns.length ? (
          <ul className="divide-y">
            {data.returns.map((entry) => (
              <ReturnEntry key={entry.id} entry={entry} t={t} />
            ))}
          </ul>
        ) : null}
        {open ? (
          <ReturnForm source={source} data={data} onDone={() => setOpen(false)} />
        ) : returnable ? (
          <div className="space-y-2">
            <p className="text-muted-foreground text-sm">{t('returns.window', { days: data.window_days })}</p>
            <Button variant="outline" onClick={() => setOpen(true)}>
              {t('returns.start')}
            </Button>
          </div>
        ) : (
          <ul className="text-muted-foreground text-sm">
            {data.lines
              .filter((l) => l.not_returnable)
              .map((l) => (
                <li key={l.order_item_id}>
                  {l.product_name}: {t(NOT_RETURNABLE_KEYS[l.not_returnable!])}
                </li>
              ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
