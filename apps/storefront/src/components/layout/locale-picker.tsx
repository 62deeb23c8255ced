import type { StorefrontSite } from '@cartwheel/shared/contracts/content';
import {
  isLanguage,
  LANGUAGES,
  type Language,
  LOCALE_COOKIE,
  localizePath,
  marketForLocale,
  type StoreLocale,
} from '@cartwheel/shared/locale';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { useId } from 'react';
import { useLocation } from 'react-router';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { useSite } from '../../lib/site.ts';

/** Each language in its own words: a shopper looks for their own language's name. */
const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  ja: '日本語',
};

interface Choice {
  prefix: string;
  label: string;
  language: Language;
}

/**
 * Every market in each language the storefront speaks there ("Canada · Français · CAD"), with the
 * address prefix that shops in it: the bare language where that language's shop is this market
 * ('de' for the European Union), else the language and the market's first country ('fr-ca').
 */
function localeChoices(markets: StorefrontSite['markets']): Choice[] {
  return markets.flatMap((market) => {
    const spoken = market.languages.filter(isLanguage);
    return (spoken.length ? spoken : (['en'] as Language[])).map((language) => {
      const own = (marketForLocale(markets, { language }) ?? markets[0])?.handle === market.handle;
      const country = market.countries[0]?.toLowerCase();
      const prefix = own || !country ? (language === 'en' ? '' : language) : `${language}-${country}`;
      return { prefix, language, label: `${market.name} · ${LANGUAGE_NAMES[language]} · ${market.currency}` };
    });
  });
}

/** The choices, with the page's own locale when no market lists it (a language the address names alone). */
function choicesWith(markets: StorefrontSite['markets'], locale: StoreLocale): Choice[] {
  const choices = localeChoices(markets);
  if (choices.some((c) => c.prefix === locale.prefix)) return choices;
  return [
    ...choices,
    { prefix: locale.prefix, language: locale.language, label: LANGUAGE_NAMES[locale.language] },
  ];
}

/**
 * The country and language picker (header and footer): remembers the choice in the locale cookie and
 * opens the same page there, a new page load so the server renders it in its language and prices.
 * Before the site answer has come, the storefront's languages alone.
 */
export function LocalePicker({ className }: { className?: string }) {
  const t = useT();
  const id = useId();
  const locale = useLocale();
  const location = useLocation();
  const markets = useSite().data?.markets;
  const choices = markets?.length
    ? choicesWith(markets, locale)
    : LANGUAGES.map((language) => ({
        prefix: language === 'en' ? '' : language,
        language,
        label: LANGUAGE_NAMES[language],
      }));
  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        {t('locale.label')}
      </label>
      <NativeSelect
        id={id}
        value={locale.prefix}
        onChange={(event) => {
          const prefix = event.target.value;
          // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari
          document.cookie = `${LOCALE_COOKIE}=${prefix || 'en'}; path=/; max-age=31536000; samesite=lax`;
          window.location.assign(localizePath(`${location.pathname}${location.search}`, prefix));
        }}
      >
        {choices.map((choice) => (
          <option key={choice.prefix} value={choice.prefix} lang={choice.language}>
            {choice.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
