import { type HomeContentRead, homeContent } from '@cartwheel/shared/contracts/content';
import { Button } from '@cartwheel/ui/button';
import { Form, FormField } from '@cartwheel/ui/form';
import { InputField, SwitchField } from '@cartwheel/ui/input-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { formErrorBanner } from '../../../lib/form-input.ts';
import { useSaveHomeContent } from '../api/content.ts';
import { ImageField } from './image-field.tsx';

const button = z.object({ label: z.string(), link: z.string() });

/** The hero and announcement as typed (no image or link is ""), checked by the home content contract. */
const homeContentForm = z
  .object({
    hero: z.object({
      title: z.string(),
      subtitle: z.string(),
      image_url: z.string(),
      primary_button: button,
      secondary_button: button,
    }),
    announcement: z.object({ enabled: z.boolean(), text: z.string(), link: z.string() }),
  })
  .transform(
    ({ hero, announcement }): z.input<typeof homeContent> => ({
      hero: { ...hero, image_url: hero.image_url.trim() || null },
      announcement: { ...announcement, link: announcement.link.trim() || null },
    }),
  )
  .pipe(homeContent);

type TextName =
  | 'hero.title'
  | 'hero.subtitle'
  | `hero.${'primary' | 'secondary'}_button.${'label' | 'link'}`
  | 'announcement.text'
  | 'announcement.link';

/** The home page's hero and the announcement bar, saved together; read-only below manager. */
export function HomeContentForm({ content, readOnly }: { content: HomeContentRead; readOnly: boolean }) {
  const save = useSaveHomeContent();
  const { images, hero, announcement } = content;
  const form = useForm({
    resolver: zodResolver(homeContentForm),
    defaultValues: {
      hero: { ...hero, image_url: hero.image_url ?? '' },
      announcement: { ...announcement, link: announcement.link ?? '' },
    },
  });
  const { control } = form;
  const field = (name: TextName, label: string) => (
    <InputField
      control={control}
      name={name}
      id={name.replaceAll('.', '-')}
      label={label}
      disabled={readOnly}
    />
  );

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      toast.success('Home page saved');
    } catch (error) {
      toast.error(formErrorBanner(form.setError, error));
    }
  });

  return (
    <Form {...form}>
      <form className="flex flex-col gap-6" onSubmit={onSubmit} noValidate aria-label="Home page">
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 font-semibold">Hero</legend>
          {field('hero.title', 'Title')}
          {field('hero.subtitle', 'Subtitle')}
          <FormField
            control={control}
            name="hero.image_url"
            render={({ field: image, fieldState }) => (
              <ImageField
                label="Hero image"
                value={image.value}
                onChange={image.onChange}
                images={images}
                error={fieldState.error?.message}
                disabled={readOnly}
              />
            )}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            {field('hero.primary_button.label', 'First button label')}
            {field('hero.primary_button.link', 'First button link')}
            {field('hero.secondary_button.label', 'Second button label')}
            {field('hero.secondary_button.link', 'Second button link')}
          </div>
        </fieldset>
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 font-semibold">Announcement bar</legend>
          <SwitchField
            control={control}
            name="announcement.enabled"
            id="announcement-enabled"
            label="Show the announcement bar"
            disabled={readOnly}
            itemClassName="gap-3"
          />
          {field('announcement.text', 'Announcement')}
          {field('announcement.link', 'Announcement link (optional)')}
        </fieldset>
        {readOnly ? null : (
          <Button type="submit" className="w-fit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save home page'}
          </Button>
        )}
      </form>
    </Form>
  );
}
