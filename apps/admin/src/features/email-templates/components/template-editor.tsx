import type { EmailTemplateInfo } from '@cartwheel/shared/contracts/email-templates';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { apiFieldErrors } from '@cartwheel/shared/field-errors';
import { Badge } from '@cartwheel/ui/badge';
import { Button } from '@cartwheel/ui/button';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { useDebounced } from '@cartwheel/ui/lib/use-debounced';
import { Skeleton } from '@cartwheel/ui/skeleton';
import { Textarea } from '@cartwheel/ui/textarea';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { useSaveTemplate, useTemplatePreview } from '../api/email-templates.ts';

/**
 * One template: its subject and intro paragraph, editable, and the email as it will look with sample
 * data. The preview is the server's rendering shown in a sandboxed frame (no scripts, no same origin).
 */
export function TemplateEditor({ template }: { template: EmailTemplateInfo }) {
  const [subject, setSubject] = useState(template.subject);
  const [intro, setIntro] = useState(template.intro);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveTemplate(template.kind);
  const draft = useDebounced({ subject, intro }, 400);
  const preview = useTemplatePreview(template.kind, draft.subject, draft.intro);

  const submit = async (patch: { subject: string | null; intro: string | null }, done: string) => {
    setErrors({});
    try {
      const saved = await save.mutateAsync(patch);
      setSubject(saved.subject);
      setIntro(saved.intro);
      toast.success(done);
    } catch (error) {
      const fields = apiFieldErrors(error);
      setErrors(Object.fromEntries(fields.map((f) => [f.field.replace(/^body\./, ''), f.message])));
      if (fields.length === 0) toast.error(getErrorMessage(error));
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit({ subject, intro }, 'Template saved');
  };

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <form
        className="flex flex-col gap-4"
        onSubmit={onSubmit}
        noValidate
        aria-label={`${template.name} template`}
      >
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold text-lg">{template.name}</h2>
          {template.marketing ? <Badge variant="outline">Marketing</Badge> : null}
          {template.customized ? <Badge variant="secondary">Customized</Badge> : null}
        </div>
        <p className="text-muted-foreground text-sm">{template.description}</p>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="template-subject">Subject</Label>
          <Input
            id="template-subject"
            value={subject}
            aria-invalid={Boolean(errors.subject)}
            onChange={(e) => setSubject(e.target.value)}
          />
          {errors.subject ? <p className="text-destructive text-sm">{errors.subject}</p> : null}
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="template-intro">Intro paragraph</Label>
          <Textarea
            id="template-intro"
            rows={6}
            value={intro}
            aria-invalid={Boolean(errors.intro)}
            aria-describedby="template-placeholders"
            onChange={(e) => setIntro(e.target.value)}
          />
          {errors.intro ? <p className="text-destructive text-sm">{errors.intro}</p> : null}
          <p id="template-placeholders" className="text-muted-foreground text-sm">
            Plain text; a blank line starts a new paragraph. Placeholders:{' '}
            {template.placeholders.map((name) => `{${name}}`).join(', ')}
          </p>
        </div>
        <div className="flex gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={save.isPending || !template.customized}
            onClick={() => void submit({ subject: null, intro: null }, 'Template reset to default')}
          >
            Reset to default
          </Button>
        </div>
      </form>
      <section aria-label="Preview" className="flex flex-col gap-2">
        <p className="text-sm">
          <span className="text-muted-foreground">Subject: </span>
          <span data-testid="preview-subject">{preview.data?.subject ?? ''}</span>
        </p>
        {preview.isError ? (
          <p role="alert" className="text-destructive text-sm">
            Preview failed: {getErrorMessage(preview.error)}
          </p>
        ) : null}
        {/* The frame mounts with its document: an empty frame that is then given one navigates twice. */}
        {preview.data ? (
          <iframe
            title={`${template.name} preview`}
            sandbox=""
            srcDoc={preview.data.html}
            className="h-[560px] w-full rounded-md border bg-white"
          />
        ) : preview.isError ? null : (
          <div role="status" aria-busy="true" aria-label="Loading preview">
            <Skeleton className="h-[560px] w-full" />
          </div>
        )}
        <details>
          <summary className="cursor-pointer text-sm">Plain-text part</summary>
          <pre className="mt-2 max-h-80 overflow-auto whitespace-pre-wrap rounded-md border p-3 text-xs">
            {preview.data?.text ?? ''}
          </pre>
        </details>
      </section>
    </div>
  );
}
