import {
  FIELD_LABELS,
  type TranslateViewType,
  type TranslationView,
  translateForm,
} from '@cartwheel/shared/contracts/translations';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { plural } from '@cartwheel/shared/text';
import { Badge } from '@cartwheel/ui/badge';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Form } from '@cartwheel/ui/form';
import { InputField, TextareaField } from '@cartwheel/ui/input-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useAiTranslate, useSaveTranslations } from '../api/translations.ts';

/** Long texts get a textarea. */
const LONG_FIELDS = new Set(['description', 'body', 'seo_description', 'hero_subtitle']);

/** A field's name in the form: `type|key|field` (no dots, which react-hook-form reads as a path). */
const fieldId = (f: { type: string; key: string; field: string }) => `${f.type}|${f.key}|${f.field}`;

/**
 * The Translate view's form: each English original beside its translation in the chosen language.
 * Only the fields changed are sent, so saving does not mark untouched outdated translations as
 * current; an emptied field removes its translation (the storefront then shows the English text).
 */
export function TranslateForm({
  type,
  resourceKey,
  view,
}: {
  type: TranslateViewType;
  resourceKey: string;
  view: TranslationView;
}) {
  const save = useSaveTranslations();
  const ai = useAiTranslate();
  const [aiError, setAiError] = useState<string | null>(null);
  const fields = view.groups.flatMap((g) => g.fields);
  const form = useForm({
    resolver: zodResolver(translateForm),
    defaultValues: { values: Object.fromEntries(fields.map((f) => [fieldId(f), f.translation ?? ''])) },
  });

  const onSubmit = form.handleSubmit(async ({ values }) => {
    // Changed from what is stored: compared with the view, not react-hook-form's dirty flags (which
    // only track what the render read).
    const items = fields
      .filter((f) => (values[fieldId(f)] ?? '') !== (f.translation ?? ''))
      .map((f) => ({ type: f.type, key: f.key, field: f.field, value: values[fieldId(f)] ?? '' }));
    if (items.length === 0) {
      toast.info('Nothing to save');
      return;
    }
    try {
      await save.mutateAsync({ language: view.language, items });
      form.reset({ values });
      toast.success('Translations saved');
    } catch (error) {
      toast.error(`Failed to save translations: ${getErrorMessage(error)}`);
    }
  });

  const onAi = async () => {
    setAiError(null);
    try {
      const { items } = await ai.mutateAsync({ language: view.language, type, key: resourceKey });
      for (const item of items) {
        form.setValue(`values.${fieldId(item)}`, item.value, { shouldDirty: true });
      }
      toast.success(`${plural(items.length, 'field')} filled in: check them, then save`);
    } catch (error) {
      setAiError(getErrorMessage(error));
    }
  };

  return (
    <Form {...form}>
      <form className="flex flex-col gap-6" onSubmit={onSubmit} noValidate aria-label="Translations">
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" variant="outline" onClick={onAi} disabled={ai.isPending}>
            <Sparkles aria-hidden="true" />
            {ai.isPending ? 'Translating…' : 'Translate with AI'}
          </Button>
          {aiError ? (
            <p role="alert" className="text-destructive text-sm">
              {aiError}
            </p>
          ) : null}
        </div>
        {view.groups.map((group) => (
          <Card key={`${group.type}|${group.key}`}>
            <CardHeader>
              <CardTitle>{group.label || '(no name)'}</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-5">
              {group.fields.map((f) => {
                const id = fieldId(f);
                const label = `${FIELD_LABELS[f.field] ?? f.field} (${view.language})`;
                const inputId = `translation-${id.replaceAll('|', '-')}`;
                return (
                  <div key={id} className="grid gap-3 md:grid-cols-2">
                    <div className="flex flex-col gap-2">
                      <span className="font-medium text-sm">
                        {FIELD_LABELS[f.field] ?? f.field} (English)
                      </span>
                      <p className="whitespace-pre-wrap rounded-md border bg-muted/40 px-3 py-2 text-sm">
                        {f.original || <span className="text-muted-foreground">(empty)</span>}
                      </p>
                      {f.outdated ? (
                        <Badge variant="destructive" className="w-fit">
                          Outdated: the original changed
                        </Badge>
                      ) : null}
                    </div>
                    {LONG_FIELDS.has(f.field) ? (
                      <TextareaField
                        control={form.control}
                        name={`values.${id}`}
                        id={inputId}
                        label={label}
                        rows={4}
                      />
                    ) : (
                      <InputField control={form.control} name={`values.${id}`} id={inputId} label={label} />
                    )}
                  </div>
                );
              })}
            </CardContent>
          </Card>
        ))}
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save translations'}
          </Button>
        </div>
      </form>
    </Form>
  );
}
