import type { HomeContent, HomeContentRead } from '@cartwheel/shared/contracts/content';
import { Button } from '@cartwheel/ui/button';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { Switch } from '@cartwheel/ui/switch';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { useSaveHomeContent } from '../api/content.ts';
import { fieldErrorsOf } from './field-errors.ts';
import { ImageField } from './image-field.tsx';

function TextField({
  id,
  label,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled: boolean;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={Boolean(error)}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? <p className="text-destructive text-sm">{error}</p> : null}
    </div>
  );
}

/** The home page's hero and the announcement bar, saved together; read-only below manager. */
export function HomeContentForm({ content, readOnly }: { content: HomeContentRead; readOnly: boolean }) {
  const save = useSaveHomeContent();
  const { images, ...saved } = content;
  const [draft, setDraft] = useState<HomeContent>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const hero = draft.hero;
  const setHero = (patch: Partial<HomeContent['hero']>) =>
    setDraft({ ...draft, hero: { ...hero, ...patch } });
  const setAnnouncement = (patch: Partial<HomeContent['announcement']>) =>
    setDraft({ ...draft, announcement: { ...draft.announcement, ...patch } });
  const field = (id: string, label: string, value: string, onChange: (v: string) => void) => (
    <TextField
      id={id.replaceAll('.', '-')}
      label={label}
      value={value}
      onChange={onChange}
      error={errors[id]}
      disabled={readOnly}
    />
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync({
        hero: { ...hero, image_url: hero.image_url?.trim() || null },
        announcement: { ...draft.announcement, link: draft.announcement.link?.trim() || null },
      });
      toast.success('Home page saved');
    } catch (error) {
      setErrors(fieldErrorsOf(error));
    }
  };

  return (
    <form className="flex flex-col gap-6" onSubmit={onSubmit} noValidate aria-label="Home page">
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-semibold">Hero</legend>
        {field('hero.title', 'Title', hero.title, (title) => setHero({ title }))}
        {field('hero.subtitle', 'Subtitle', hero.subtitle, (subtitle) => setHero({ subtitle }))}
        <ImageField
          label="Hero image"
          value={hero.image_url ?? ''}
          onChange={(image_url) => setHero({ image_url })}
          images={images}
          error={errors['hero.image_url']}
          disabled={readOnly}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          {field('hero.primary_button.label', 'First button label', hero.primary_button.label, (label) =>
            setHero({ primary_button: { ...hero.primary_button, label } }),
          )}
          {field('hero.primary_button.link', 'First button link', hero.primary_button.link, (link) =>
            setHero({ primary_button: { ...hero.primary_button, link } }),
          )}
          {field('hero.secondary_button.label', 'Second button label', hero.secondary_button.label, (label) =>
            setHero({ secondary_button: { ...hero.secondary_button, label } }),
          )}
          {field('hero.secondary_button.link', 'Second button link', hero.secondary_button.link, (link) =>
            setHero({ secondary_button: { ...hero.secondary_button, link } }),
          )}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-semibold">Announcement bar</legend>
        <div className="flex items-center gap-3">
          <Switch
            id="announcement-enabled"
            checked={draft.announcement.enabled}
            disabled={readOnly}
            onCheckedChange={(enabled) => setAnnouncement({ enabled })}
          />
          <Label htmlFor="announcement-enabled">Show the announcement bar</Label>
        </div>
        {field('announcement.text', 'Announcement', draft.announcement.text, (text) =>
          setAnnouncement({ text }),
        )}
        {field('announcement.link', 'Announcement link (optional)', draft.announcement.link ?? '', (link) =>
          setAnnouncement({ link }),
        )}
      </fieldset>
      {readOnly ? null : (
        <Button type="submit" className="w-fit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save home page'}
        </Button>
      )}
    </form>
  );
}
