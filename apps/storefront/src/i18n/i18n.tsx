import { formatEnUSDate, formatEnUSNumber } from '@cartwheel/shared/en-us';
import { localeTag, type StoreLocale } from '@cartwheel/shared/locale';
import { formatMoney } from '@cartwheel/shared/money';
import { formatWeight, type WeightUnit } from '@cartwheel/shared/weight';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type en from './messages/en.json';

declare module '@lingui/core' {
  interface Register {
    /** Every message id is a key of the English catalog: a typo is a type error. */
    messageIds: keyof typeof en;
  }
}

type Values = Record<string, unknown>;

/**
 * `values` with `{name#}` and `{name#plural}` beside each number. The compiled catalogs hold each
 * plural as a select on `{name#plural}` and each `#` in it as `{name#}` (scripts/messages.mjs):
 * Lingui writes a plural's count with Intl.NumberFormat, even where no `#` shows it, and the first
 * one on a page loads ICU's number data, tens of milliseconds of main thread while the page hydrates
 * (decision 0059); the header's cart button counts its items on every page.
 */
function withCounts(
  values: Values | undefined,
  write: (value: number) => string,
  form: (value: number) => string,
): Values | undefined {
  const numbers = Object.entries(values ?? {}).filter(([, value]) => typeof value === 'number');
  if (numbers.length === 0) return values;
  const texts = numbers.flatMap(([key, value]) => [
    [`${key}#`, write(value as number)],
    [`${key}#plural`, form(value as number)],
  ]);
  return { ...values, ...Object.fromEntries(texts) };
}

// One set of plural rules per language for the process: the server builds a translator per page, and
// each new Intl.PluralRules costs more than all the page's lookups in it.
const pluralRules = new Map<string, Intl.PluralRules>();
function pluralRulesFor(tag: string): Intl.PluralRules {
  let rules = pluralRules.get(tag);
  if (!rules) {
    rules = new Intl.PluralRules(tag);
    pluralRules.set(tag, rules);
  }
  return rules;
}

/** One render's translator: the locale's compiled catalog, formatting for its BCP 47 tag. */
export function createI18n(locale: StoreLocale, messages: Messages): I18n {
  const tag = localeTag(locale);
  const i18n = setupI18n();
  const writeCount = (value: number) => (tag === 'en' ? formatEnUSNumber(value) : i18n.number(value));
  const pluralForm = (value: number) => pluralRulesFor(tag).select(value);
  type Id = string | { id: string; values?: Values };
  const translate = i18n._.bind(i18n) as (id: Id, values?: Values, options?: object) => string;
  // Both names: the React provider binds `t`, <Trans> calls `_`.
  i18n._ = i18n.t = ((id: Id, values?: Values, options?: object) =>
    typeof id === 'string'
      ? translate(id, withCounts(values, writeCount, pluralForm), options)
      : translate(
          { ...id, values: withCounts(id.values ?? values, writeCount, pluralForm) },
          undefined,
          options,
        )) as I18n['_'];
  i18n.loadAndActivate({ locale: tag, locales: [tag], messages });
  return i18n;
}

const LocaleContext = createContext<StoreLocale>({ language: 'en', prefix: '' });

/** The page's locale and its translator, around the whole storefront. */
export function LocaleProvider({
  locale,
  i18n,
  children,
}: {
  locale: StoreLocale;
  i18n: I18n;
  children: ReactNode;
}) {
  return (
    <LocaleContext value={locale}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </LocaleContext>
  );
}

/** The page's locale (its language, country and address prefix). */
export function useLocale(): StoreLocale {
  return useContext(LocaleContext);
}

/** Lists ("Jan 05, 2026", "05.01.2026"-style per locale) and page headers ("January 05, 2026"). */
const DATE_FORMATS = {
  medium: { year: 'numeric', month: 'short', day: '2-digit' },
  long: { year: 'numeric', month: 'long', day: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** The translator: `t('cart.add')`, `t('cart.count', { count })`; `t.date`/`t.number` format for the locale. */
export function useT() {
  const { i18n, _ } = useLingui();
  // One function per catalog, so hooks may list it in their dependencies.
  return useMemo(() => {
    const t = _.bind(i18n) as I18n['_'] & {
      date: (value: Date | string, size?: keyof typeof DATE_FORMATS) => string;
      number: (value: number, format?: Intl.NumberFormatOptions) => string;
      /** The page's language ('en', 'de'). */
      language: string;
      /** An amount in minor units written for the locale: "$28.00", "28,00 €", "￥2,800". */
      money: (minor: number | null | undefined, currency: string) => string;
      /** A catalog weight (pounds) in a market's unit, written for the locale: "0.4 lb", "0,18 kg". */
      weight: (pounds: number, unit: WeightUnit) => string;
    };
    // English pages write numbers and dates without Intl (see withCounts); other languages ask it.
    const english = i18n.locale === 'en';
    t.date = (value, size = 'medium') =>
      english
        ? formatEnUSDate(new Date(value), DATE_FORMATS[size].month)
        : i18n.date(value, DATE_FORMATS[size]);
    t.number = (value, format) => (english ? formatEnUSNumber(value, format) : i18n.number(value, format));
    t.language = i18n.locale.split('-')[0] ?? i18n.locale;
    // English pages write amounts (and weights) as the en-US shop always did ("$28.00", not "US$28.00" for en-CA).
    const moneyLocale = t.language === 'en' ? 'en-US' : i18n.locale;
    t.money = (minor, currency) => formatMoney(minor, currency, moneyLocale);
    t.weight = (pounds, unit) => formatWeight(pounds, unit, moneyLocale);
    return t;
  }, [i18n, _]);
}
