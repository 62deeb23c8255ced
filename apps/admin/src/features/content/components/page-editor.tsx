import { type ContentPage, pageInput } from '@cartwheel/shared/contracts/content';
import { slugify } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import { DialogLayout } from '@cartwheel/ui/dialog-layout';
import { Form } from '@cartwheel/ui/form';
import { InputField, SwitchField, TextareaField } from '@cartwheel/ui/input-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { formErrorBanner } from '../../../lib/form-input.ts';
import { useDeletePage, usePages, useSavePage } from '../api/content.ts';
import { useMenus } from '../api/menus.ts';

/** The slugs of other pages the Markdown links to (/pages/slug) that are not published. */
function draftLinks(body: string, drafts: Set<string>): string[] {
  const linked = [...body.matchAll(/\/pages\/([a-z0-9-]+)/g)].map((m) => m[1] ?? '');
  return [...new Set(linked)].filter((slug) => drafts.has(slug));
}

/** The page as typed, checked by the page contract (an empty slug is made from the title). */
const pageForm = z
  .object({
    title: z.string(),
    slug: z.string(),
    body: z.string(),
    seo_title: z.string(),
    seo_description: z.string(),
    published: z.boolean(),
  })
  .transform((values): z.input<typeof pageInput> => ({ ...values, slug: values.slug.trim() }))
  .pipe(pageInput);

const EMPTY: z.input<typeof pageForm> = {
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
  const form = useForm({
    resolver: zodResolver(pageForm),
    defaultValues: page
      ? {
          title: page.title,
          slug: page.slug,
          body: page.body,
          seo_title: page.seo_title,
          seo_description: page.seo_description,
          published: page.published,
        }
      : EMPTY,
  });
  const { control } = form;
  const [title, slug, body, published] = useWatch({ control, name: ['title', 'slug', 'body', 'published'] });
  // A new page's slug follows its title until the slug is typed by hand.
  const slugTyped = useRef(Boolean(page));
  useEffect(() => {
    if (!slugTyped.current) form.setValue('slug', title.trim() ? slugify(title) : '');
  }, [title, form]);
  const pages = usePages();
  const drafts = new Set(
    (pages.data?.items ?? []).filter((p) => !p.published && p.id !== page?.id).map((p) => p.slug),
  );
  const linkedDrafts = draftLinks(body, drafts);
  const menus = useMenus().data;
  const inMenus = page
    ? (['header', 'footer'] as const).filter((menu) =>
        menus?.[menu].some((item) => item.type === 'page' && item.target === page.id),
      )
    : [];

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: page?.id ?? null, input });
      toast.success(page ? 'Page saved' : 'Page created');
      onClose();
    } catch (error) {
      toast.error(formErrorBanner(form.setError, error));
    }
  });

  const text = (name: 'title' | 'slug' | 'seo_title' | 'seo_description', label: string, hint?: string) => (
    <InputField
      control={control}
      name={name}
      id={`page-${name}`}
      label={label}
      placeholder={hint}
      disabled={readOnly}
    />
  );

  return (
    <DialogLayout
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={page ? 'Edit page' : 'Add page'}
      description="Written in Markdown; shown at /pages/ followed by its slug once published."
      className="sm:max-w-2xl"
    >
      <Form {...form}>
        <form className="flex max-h-[70vh] flex-col gap-4 overflow-y-auto p-1" onSubmit={onSubmit} noValidate>
          {text('title', 'Title')}
          <div onInput={() => (slugTyped.current = true)}>
            {text('slug', 'Slug', 'Made from the title when left empty')}
          </div>
          <TextareaField
            control={control}
            name="body"
            id="page-body"
            label="Body (Markdown)"
            rows={10}
            disabled={readOnly}
          />
          {text('seo_title', 'SEO title', 'The title when left empty')}
          {text('seo_description', 'SEO description')}
          {linkedDrafts.length ? (
            <p role="alert" className="text-amber-700 text-sm" data-testid="page-draft-links">
              This page links to {linkedDrafts.map((s) => `/pages/${s}`).join(', ')}, not published yet:
              shoppers following the link find nothing there until it is published.
            </p>
          ) : null}
          <SwitchField
            control={control}
            name="published"
            id="page-published"
            label="Published"
            disabled={readOnly}
            itemClassName="gap-3"
          />
          {!published && inMenus.length ? (
            <p role="alert" className="text-amber-700 text-sm" data-testid="page-menu-draft">
              The {inMenus.join(' and ')} menu links to this page: shoppers do not see that link until you
              publish it.
            </p>
          ) : null}
          <p className="text-sm" data-testid="page-state">
            {published
              ? `Published: shown at /pages/${slug || '…'}.`
              : `Draft: not in the store yet; /pages/${slug || '…'} answers "not found" until you publish it.`}
          </p>
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
      </Form>
    </DialogLayout>
  );
}
