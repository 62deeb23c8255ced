import { TRANSLATE_VIEW_TYPES, type TranslateViewType } from '@cartwheel/shared/contracts/translations';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { useParams, useSearchParams } from 'react-router';
import { BackLink, RecordError, RecordLoading } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useTranslationView } from '../features/translations/api/translations.ts';
import { TranslateForm } from '../features/translations/components/translate-form.tsx';

/** /admin/translations/:type/:key: a resource's Translate view, in the language of `?language=`. */
export function TranslateRoute() {
  const { type = '', key = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const viewType = (TRANSLATE_VIEW_TYPES as readonly string[]).includes(type)
    ? (type as TranslateViewType)
    : 'product';
  const view = useTranslationView(viewType, key, params.get('language') ?? undefined);
  const back = <BackLink to={`/translations?type=${viewType}`}>Back to Translations</BackLink>;
  if (view.isPending) return <RecordLoading back={back} bodyClassName="h-96 w-full" />;
  if (view.isError) return <RecordError back={back} noun="translation" error={view.error} />;
  const { data } = view;
  return (
    <div className="flex flex-col gap-6">
      {back}
      <PageHeader title={`Translate: ${data.groups[0]?.label ?? ''}`}>
        <NativeSelect
          aria-label="Language"
          value={data.language}
          onChange={(e) => setParams({ language: e.target.value })}
        >
          {data.languages.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </NativeSelect>
      </PageHeader>
      <TranslateForm key={`${data.language}|${key}`} type={viewType} resourceKey={key} view={data} />
    </div>
  );
}
