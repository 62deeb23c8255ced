import type { ContentPage, PageInput } from '@cartwheel/shared/contracts/content';
import { Button } from '@cartwheel/ui/button';
import { DialogLayout } from '@cartwheel/ui/dialog-layout';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { Switch } from '@cartwheel/ui/switch';
import { Textarea } from '@cartwheel/ui/textarea';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { useDeletePage, useSavePage } from '../api/content.ts';
import { fieldErrorsOf } from './field-errors.ts';

const EMPTY: PageInput = {
  title: '',
  slug: '',
  body: '',
  seo_title: '',
  seo_description: '',
  published: false,
};

/** Creates a page (`page` null) or edits one: title, slug, Markdown body, SEO fields, published. */
export function PageEditor({
  page,
  readOnly,
  onClose,
}: {
  page: ContentPage | null;
  readOnly: boolean;
  onClose: () => void;
}) {
  const save = useSavePage();
  const remove = useDeletePage();
  const [draft, setDraft] = useState<PageInput>(page ? { ...page } : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<PageInput>) => setDraft({ ...draft, ...patch });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync({ id: page?.id ?? null, input: { ...draft, slug: draft.slug?.trim() ?? '' } });
      toast.success(page ? 'Page saved' : 'Page created');
      onClose();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
    }
  };

  const text = (key: 'title' | 'slug' | 'seo_title' | 'seo_description', label: string, hint?: string) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`page-${key}`}>{label}</Label>
      <Input
        id={`page-${key}`}
        value={draft[key] ?? ''}
        placeholder={hint}
        disabled={readOnly}
        aria-invalid={Boolean(errors[key])}
        onChange={(e) => set({ [key]: e.target.value })}
      />
      {errors[key] ? <p className="text-destructive text-sm">{errors[key]}</p> : null}
    </div>
  );

  return (
    <DialogLayout
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={page ? 'Edit page' : 'Add page'}
      description="Written in Markdown; shown at /pages/ followed by its slug once published."
      className="sm:max-w-2xl"
    >
      <form className="flex max-h-[70vh] flex-col gap-4 overflow-y-auto p-1" onSubmit={onSubmit} noValidate>
        {text('title', 'Title')}
        {text('slug', 'Slug', 'Made from the title when left empty')}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="page-body">Body (Markdown)</Label>
          <Textarea
            id="page-body"
            rows={10}
            value={draft.body}
            disabled={readOnly}
            onChange={(e) => set({ body: e.target.value })}
          />
          {errors.body ? <p className="text-destructive text-sm">{errors.body}</p> : null}
        </div>
        {text('seo_title', 'SEO title', 'The title when left empty')}
        {text('seo_description', 'SEO description')}
        <div className="flex items-center gap-3">
          <Switch
            id="page-published"
            checked={draft.published}
            disabled={readOnly}
            onCheckedChange={(published) => set({ published })}
          />
          <Label htmlFor="page-published">Published</Label>
        </div>
        {readOnly ? null : (
          <div className="flex flex-wrap justify-between gap-2">
            {page ? (
              <Button
                type="button"
                variant="destructive"
                disabled={remove.isPending}
                onClick={async () => {
                  await remove.mutateAsync(page.id);
                  toast.success('Page deleted');
                  onClose();
                }}
              >
                Delete page
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save page'}
            </Button>
          </div>
        )}
      </form>
    </DialogLayout>
  );
}
