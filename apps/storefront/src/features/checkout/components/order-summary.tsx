import type { PricedOrderJson, QuoteResponse } from '@cartwheel/shared/contracts/pricing';
import { formatPercent } from '@cartwheel/shared/money';
import { ResponsiveImage } from '@cartwheel/ui/responsive-image';
import { Skeleton } from '@cartwheel/ui/skeleton';
import type { ReactNode } from 'react';
import { GiftCardNote } from '../../../components/gift-card-note.tsx';
import type { CheckoutLineName } from '../../../components/quote/checkout-quote.ts';
import { useT } from '../../../i18n/i18n.tsx';

const PLACEHOLDER_IMAGE_URL = `${import.meta.env.BASE_URL}placeholder.svg`;

function Row({
  label,
  children,
  className,
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={`flex items-baseline justify-between gap-4 ${className ?? ''}`} data-testid={testId}>
      <dt className="min-w-0">{label}</dt>
      <dd className="shrink-0 tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * The order as the server priced it: lines, each discount with what it takes off, shipping before
 * a free-shipping discount, tax added or included, and the total. Read from top to bottom the rows
 * add up: subtotal − discounts + shipping + added tax = total.
 */
export function OrderSummary({
  priced,
  currency,
  lineNames,
  methodChosen,
  updating,
  tenders = [],
  amountDue,
}: {
  priced: PricedOrderJson | undefined;
  /** The quote's currency (its amounts are in it). */
  currency: string;
  lineNames: Record<string, CheckoutLineName>;
  /** A shipping method is chosen (else shipping is not in the total yet). */
  methodChosen: boolean;
  /** A newer quote is on its way: what is shown may change. */
  updating: boolean;
  /** Gift cards and store credit paying part of the total, after it (they are payment, not discounts). */
  tenders?: QuoteResponse['tenders'];
  /** The total less the tenders: what the card pays. */
  amountDue?: number | undefined;
}) {
  const t = useT();
  if (!priced) {
    return (
      <div className="grid gap-2" aria-hidden="true">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
      </div>
    );
  }
  const addedTax = priced.tax_lines.filter((line) => !line.inclusive);
  const includedTax = priced.tax_lines.filter((line) => line.inclusive && line.amount > 0);

  return (
    <section aria-label={t('checkout.summary')} aria-busy={updating} className="grid gap-3 text-sm">
      <h2 className="font-semibold text-base">{t('checkout.summary')}</h2>
      <ul className="grid gap-1.5" aria-label={t('checkout.lines')}>
        {priced.lines.map((line) => {
          const name = lineNames[line.key];
          return (
            <li key={line.key} className="flex items-center justify-between gap-4" data-testid="summary-line">
              <span className="flex min-w-0 items-center gap-3">
                <ResponsiveImage
                  image={name?.image ?? null}
                  fallbackSrc={PLACEHOLDER_IMAGE_URL}
                  alt=""
                  width={48}
                  height={48}
                  sizes="48px"
                  className="size-12 shrink-0 rounded-md border bg-muted object-cover"
                />
                <span className="min-w-0">
                  {name?.name ?? t('checkout.item')}
                  {name?.variantTitle ? (
                    <span className="text-muted-foreground"> ({name.variantTitle})</span>
                  ) : null}
                  <span className="text-muted-foreground"> × {line.quantity}</span>
                  <GiftCardNote giftCard={name?.giftCard} />
                </span>
              </span>
              <span className="shrink-0 tabular-nums">{t.money(line.subtotal, currency)}</span>
            </li>
          );
        })}
      </ul>
      <dl className="grid gap-1.5 border-t pt-3">
        <Row label={t('cart.subtotal')} testId="summary-subtotal">
          {t.money(priced.subtotal, currency)}
        </Row>
        {priced.discounts.map((discount) => (
          <Row
            key={discount.id}
            testId="summary-discount"
            className="text-green-700 dark:text-green-500"
            label={discount.code ? t('checkout.discountCode', { code: discount.code }) : discount.title}
          >
            −{t.money(discount.amount, currency)}
          </Row>
        ))}
        <Row label={t('checkout.shipping')} testId="summary-shipping">
          {!methodChosen
            ? '—'
            : priced.shipping_before_discount === 0
              ? t('checkout.free')
              : t.money(priced.shipping_before_discount, currency)}
        </Row>
        {addedTax.map((line) => (
          <Row
            key={`${line.name}-${line.rate_bps}`}
            testId="summary-tax"
            label={`${line.name} (${formatPercent(line.rate_bps)})`}
          >
            {t.money(line.amount, currency)}
          </Row>
        ))}
        <Row
          label={t('checkout.total')}
          testId="summary-total"
          className="border-t pt-2 font-semibold text-base"
        >
          {t.money(priced.total, currency)}
        </Row>
        {tenders.map((tender) => (
          <Row
            key={`${tender.kind}-${tender.last_characters ?? ''}`}
            testId="summary-tender"
            label={
              tender.kind === 'gift_card'
                ? t('checkout.giftCard', { last: tender.last_characters ?? '' })
                : t('checkout.storeCredit')
            }
          >
            −{t.money(tender.amount, currency)}
          </Row>
        ))}
        {tenders.length > 0 && amountDue !== undefined ? (
          <Row label={t('checkout.amountDue')} testId="summary-amount-due" className="font-semibold">
            {t.money(amountDue, currency)}
          </Row>
        ) : null}
      </dl>
      <div className="-mt-2 grid gap-1">
        {includedTax.map((line) => (
          <p
            key={`${line.name}-${line.rate_bps}`}
            className="text-right text-muted-foreground text-xs"
            data-testid="summary-included-tax"
          >
            {t('checkout.includedTax', {
              name: line.name,
              rate: formatPercent(line.rate_bps),
              amount: t.money(line.amount, currency),
            })}
          </p>
        ))}
        {priced.discount_total > 0 ? (
          <p
            className="text-right font-medium text-green-700 dark:text-green-500"
            data-testid="summary-saved"
          >
            {t('cart.youSave', { amount: t.money(priced.discount_total, currency) })}
          </p>
        ) : null}
      </div>
    </section>
  );
}
