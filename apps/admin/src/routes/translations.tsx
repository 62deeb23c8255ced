import { TRANSLATE_VIEW_TYPES, type TranslateViewType } from '@cartwheel/shared/contracts/translations';
import { Card, CardContent } from '@cartwheel/ui/card';
import { Input } from '@cartwheel/ui/input';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../components/page-header.tsx';
import { useTranslatables } from '../features/translations/api/translations.ts';
import { TranslationsCsv } from '../features/translations/components/translations-csv.tsx';

const TYPE_LABELS: Record<TranslateViewType, string> = {
  product: 'Products',
  category: 'Categories',
  brand: 'Brands',
  page: 'Pages',
  site: 'Home page (hero and announcement)',
  shipping_method: 'Shipping methods',
};

const isType = (value: string | null): value is TranslateViewType =>
  (TRANSLATE_VIEW_TYPES as readonly string[]).includes(value ?? '');

/** /admin/translations: pick what to translate, and export or import the translations as CSV. */
export function TranslationsRoute() {
  const [params, setParams] = useSearchParams();
  const type = isType(params.get('type')) ? (params.get('type') as TranslateViewType) : 'product';
  const [search, setSearch] = useState('');
  const list = useTranslatables(type, search);
  const languages = list.data?.languages ?? [];
  const [language, setLanguage] = useState<string | undefined>(undefined);
  const chosen = language ?? languages[0] ?? 'de';

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Translations" />
      <div className="flex flex-wrap items-center gap-3">
        <NativeSelect
          aria-label="Content type"
          value={type}
          onChange={(e) => setParams({ type: e.target.value })}
        >
          {TRANSLATE_VIEW_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect aria-label="Language" value={chosen} onChange={(e) => setLanguage(e.target.value)}>
          {languages.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </NativeSelect>
        <Input
          className="max-w-xs"
          placeholder="Search by name"
          aria-label="Search by name"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <Card>
        <CardContent>
          {list.isError ? <p className="text-destructive text-sm">Could not load the list.</p> : null}
          <ul className="divide-y">
            {(list.data?.items ?? []).map((item) => (
              <li key={item.key} className="py-2">
                <Link
                  className="text-primary hover:underline"
                  to={`/translations/${type}/${item.key}?language=${chosen}`}
                >
                  {item.label || '(no name)'}
                </Link>
              </li>
            ))}
            {list.data && list.data.items.length === 0 ? (
              <li className="py-2 text-muted-foreground text-sm">Nothing found.</li>
            ) : null}
          </ul>
        </CardContent>
      </Card>
      <TranslationsCsv language={chosen} />
    </div>
  );
}
