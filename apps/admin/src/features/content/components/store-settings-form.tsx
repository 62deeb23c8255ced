import type { StoreSettings, StoreSettingsRead } from '@cartwheel/shared/contracts/content';
import { contrastWithWhite, MIN_TEXT_CONTRAST } from '@cartwheel/shared/contrast';
import { Button } from '@cartwheel/ui/button';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { useSaveStoreSettings } from '../api/content.ts';
import { fieldErrorsOf } from './field-errors.ts';
import { ImageField } from './image-field.tsx';

type Draft = Omit<StoreSettings, 'logo_url' | 'social_image_url'> & {
  logo_url: string;
  social_image_url: string;
};

const HEX = /^#[0-9a-fA-F]{6}$/;

/** A colour with its picker and hex text, and a warning while white text on it is below WCAG AA. */
function ColorField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const ratio = HEX.test(value) ? contrastWithWhite(value) : null;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          className="h-9 w-12 rounded border"
          value={HEX.test(value) ? value : '#000000'}
          onChange={(e) => onChange(e.target.value)}
        />
        <Input
          id={id}
          className="w-32"
          value={value}
          aria-invalid={Boolean(error)}
          onChange={(e) => onChange(e.target.value)}
        />
        <span
          className="rounded px-2 py-1 text-sm text-white"
          style={{ background: HEX.test(value) ? value : undefined }}
        >
          Sample
        </span>
      </div>
      {ratio !== null && ratio < MIN_TEXT_CONTRAST ? (
        <p className="text-destructive text-sm" role="alert">
          White text on this colour has a contrast of {ratio.toFixed(2)}:1; WCAG AA needs {MIN_TEXT_CONTRAST}
          :1. Pick a darker colour.
        </p>
      ) : null}
      {error ? <p className="text-destructive text-sm">{error}</p> : null}
    </div>
  );
}

/** The shop's name, logo, colours, default SEO and social image (admins). */
export function StoreSettingsForm({ settings }: { settings: StoreSettingsRead }) {
  const save = useSaveStoreSettings();
  const { images, ...saved } = settings;
  const [draft, setDraft] = useState<Draft>({
    ...saved,
    logo_url: saved.logo_url ?? '',
    social_image_url: saved.social_image_url ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync({
        ...draft,
        logo_url: draft.logo_url.trim() || null,
        social_image_url: draft.social_image_url.trim() || null,
      });
      toast.success('Online Store saved');
    } catch (error) {
      setErrors(fieldErrorsOf(error));
    }
  };

  const text = (key: 'name' | 'seo_title' | 'seo_description', label: string) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`store-${key}`}>{label}</Label>
      <Input
        id={`store-${key}`}
        value={draft[key]}
        aria-invalid={Boolean(errors[key])}
        onChange={(e) => set({ [key]: e.target.value })}
      />
      {errors[key] ? <p className="text-destructive text-sm">{errors[key]}</p> : null}
    </div>
  );

  return (
    <form className="flex max-w-2xl flex-col gap-5" onSubmit={onSubmit} noValidate aria-label="Online Store">
      {text('name', 'Shop name')}
      <ImageField
        label="Logo"
        value={draft.logo_url}
        onChange={(logo_url) => set({ logo_url })}
        images={images}
        error={errors.logo_url}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <ColorField
          id="store-primary"
          label="Primary colour"
          value={draft.primary_color}
          onChange={(primary_color) => set({ primary_color })}
          error={errors.primary_color}
        />
        <ColorField
          id="store-accent"
          label="Accent colour"
          value={draft.accent_color}
          onChange={(accent_color) => set({ accent_color })}
          error={errors.accent_color}
        />
      </div>
      {text('seo_title', 'Default SEO title')}
      {text('seo_description', 'Default SEO description')}
      <ImageField
        label="Social image"
        value={draft.social_image_url}
        onChange={(social_image_url) => set({ social_image_url })}
        images={images}
        error={errors.social_image_url}
      />
      <Button type="submit" className="w-fit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}
