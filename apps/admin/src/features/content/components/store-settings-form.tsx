import { type StoreSettingsRead, storeSettingsPatch } from '@cartwheel/shared/contracts/content';
import { contrastWithWhite, MIN_TEXT_CONTRAST } from '@cartwheel/shared/contrast';
import { Button } from '@cartwheel/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@cartwheel/ui/form';
import { Input } from '@cartwheel/ui/input';
import { InputField } from '@cartwheel/ui/input-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Control, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { formErrorBanner } from '../../../lib/form-input.ts';
import { useSaveStoreSettings } from '../api/content.ts';
import { ImageField } from './image-field.tsx';

/** The settings as typed (no image is ""), checked by the PATCH contract. */
const storeSettingsForm = z
  .object({
    name: z.string(),
    legal_name: z.string(),
    logo_url: z.string(),
    primary_color: z.string(),
    accent_color: z.string(),
    seo_title: z.string(),
    seo_description: z.string(),
    social_image_url: z.string(),
  })
  .transform(
    (values): z.input<typeof storeSettingsPatch> => ({
      ...values,
      logo_url: values.logo_url.trim() || null,
      social_image_url: values.social_image_url.trim() || null,
    }),
  )
  .pipe(storeSettingsPatch);
type StoreSettingsValues = z.input<typeof storeSettingsForm>;

const HEX = /^#[0-9a-fA-F]{6}$/;

/** A colour with its picker and hex text, and a warning while white text on it is below WCAG AA. */
function ColorField({
  control,
  name,
  id,
  label,
}: {
  control: Control<StoreSettingsValues, unknown, unknown>;
  name: 'primary_color' | 'accent_color';
  id: string;
  label: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const ratio = HEX.test(field.value) ? contrastWithWhite(field.value) : null;
        return (
          <FormItem id={id}>
            <FormLabel>{label}</FormLabel>
            <div className="flex flex-wrap items-center gap-2">
              <input
                type="color"
                aria-label={`${label} picker`}
                className="h-9 w-12 rounded border"
                value={HEX.test(field.value) ? field.value : '#000000'}
                onChange={(e) => field.onChange(e.target.value)}
              />
              <FormControl>
                <Input className="w-32" {...field} />
              </FormControl>
              <span
                className="rounded px-2 py-1 text-sm text-white"
                style={{ background: HEX.test(field.value) ? field.value : undefined }}
              >
                Sample
              </span>
            </div>
            {ratio !== null && ratio < MIN_TEXT_CONTRAST ? (
              <p className="text-destructive text-sm" role="alert">
                White text on this colour has a contrast of {ratio.toFixed(2)}:1; WCAG AA needs{' '}
                {MIN_TEXT_CONTRAST}
                :1. Pick a darker colour.
              </p>
            ) : null}
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}

/** An image of the settings: by URL or by upload. */
function SettingsImageField({
  control,
  name,
  label,
  images,
}: {
  control: Control<StoreSettingsValues, unknown, unknown>;
  name: 'logo_url' | 'social_image_url';
  label: string;
  images: StoreSettingsRead['images'];
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ImageField
          label={label}
          value={field.value}
          onChange={field.onChange}
          images={images}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** The shop's name, logo, colours, default SEO and social image (admins). */
export function StoreSettingsForm({ settings }: { settings: StoreSettingsRead }) {
  const save = useSaveStoreSettings();
  const { images, ...saved } = settings;
  const form = useForm({
    resolver: zodResolver(storeSettingsForm),
    defaultValues: {
      ...saved,
      logo_url: saved.logo_url ?? '',
      social_image_url: saved.social_image_url ?? '',
    },
  });
  const { control } = form;

  const onSubmit = form.handleSubmit(async (patch) => {
    try {
      await save.mutateAsync(patch);
      toast.success('Online Store saved');
    } catch (error) {
      toast.error(formErrorBanner(form.setError, error));
    }
  });

  return (
    <Form {...form}>
      <form
        className="flex max-w-2xl flex-col gap-5"
        onSubmit={onSubmit}
        noValidate
        aria-label="Online Store"
      >
        <InputField control={control} name="name" id="store-name" label="Shop name" />
        <InputField
          control={control}
          name="legal_name"
          id="store-legal_name"
          label="Legal name"
          description="Shown in the storefront's copyright line; leave empty to use the shop name."
        />
        <SettingsImageField control={control} name="logo_url" label="Logo" images={images} />
        <div className="grid gap-4 sm:grid-cols-2">
          <ColorField control={control} name="primary_color" id="store-primary" label="Primary colour" />
          <ColorField control={control} name="accent_color" id="store-accent" label="Accent colour" />
        </div>
        <InputField control={control} name="seo_title" id="store-seo_title" label="Default SEO title" />
        <InputField
          control={control}
          name="seo_description"
          id="store-seo_description"
          label="Default SEO description"
        />
        <SettingsImageField control={control} name="social_image_url" label="Social image" images={images} />
        <Button type="submit" className="w-fit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </form>
    </Form>
  );
}
