import { PageTitle } from '../components/page-title.tsx';
import { BalanceForm } from '../features/gift-cards/components/balance-form.tsx';
import { useT } from '../i18n/i18n.tsx';

/** /gift-cards: a shopper checks what is left on a gift card. */
export function GiftCardsRoute() {
  const t = useT();
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-10">
      <PageTitle page={t('giftCards.title')} />
      <h1 className="font-bold text-3xl tracking-tight">{t('giftCards.title')}</h1>
      <p className="text-muted-foreground">{t('giftCards.intro')}</p>
      <BalanceForm />
    </div>
  );
}
