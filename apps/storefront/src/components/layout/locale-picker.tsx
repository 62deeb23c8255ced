import { LANGUAGES, type Language, LOCALE_COOKIE, localizePath } from '@cartwheel/shared/locale';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { useId } from 'react';
import { useLocation } from 'react-router';
import { useLocale, useT } from '../../i18n/i18n.tsx';

/** Each language in its own words: a shopper looks for their own language's name. */
const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  ja: '日本語',
};

/**
 * The language picker (header and footer): remembers the choice in the locale cookie and opens the
 * same page in that language, a new page load so the server renders it with its catalog.
 */
export function LocalePicker({ className }: { className?: string }) {
  const t = useT();
  const id = useId();
  const locale = useLocale();
  const location = useLocation();
  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        {t('locale.label')}
      </label>
      <NativeSelect
        id={id}
        value={locale.language}
        onChange={(event) => {
          const prefix = event.target.value === 'en' ? '' : event.target.value;
          // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari
          document.cookie = `${LOCALE_COOKIE}=${prefix || 'en'}; path=/; max-age=31536000; samesite=lax`;
          window.location.assign(localizePath(`${location.pathname}${location.search}`, prefix));
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
