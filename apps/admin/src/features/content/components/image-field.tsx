import type { ContentImage } from '@cartwheel/shared/contracts/content';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { imageOf } from '@cartwheel/shared/images';
import { Button } from '@cartwheel/ui/button';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { ResponsiveImage } from '@cartwheel/ui/responsive-image';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { uploadContentImage } from '../api/content.ts';

/**
 * An image by URL or by upload (stored with its copies, its URL put in the field). The 40 px preview
 * draws the smallest copy that fills it when the image has copies (`images`, or this field's uploads).
 */
export function ImageField({
  label,
  value,
  onChange,
  images,
  error,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  /** The copies of the saved images, as the settings' read returned them. */
  images: readonly ContentImage[];
  error?: string | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  const file = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploaded, setUploaded] = useState<ContentImage[]>([]);

  const upload = async (chosen: File | undefined) => {
    if (!chosen) return;
    setUploading(true);
    try {
      const image = await uploadContentImage(chosen);
      setUploaded((list) => [image, ...list]);
      onChange(image.url);
      toast.success('Image uploaded');
    } catch (e) {
      toast.error(`Upload failed: ${getErrorMessage(e)}`);
    } finally {
      setUploading(false);
      if (file.current) file.current.value = '';
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={id}
          className="min-w-0 flex-1"
          placeholder="https://… or upload"
          value={value}
          disabled={disabled}
          aria-invalid={Boolean(error)}
          onChange={(e) => onChange(e.target.value)}
        />
        <input
          ref={file}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-label={`Upload ${label.toLowerCase()}`}
          onChange={(e) => upload(e.target.files?.[0])}
        />
        <Button
          type="button"
          variant="outline"
          disabled={disabled || uploading}
          onClick={() => file.current?.click()}
        >
          {uploading ? 'Uploading…' : 'Upload'}
        </Button>
        {value ? (
          <ResponsiveImage
            image={imageOf([...uploaded, ...images], value)}
            alt=""
            width={40}
            height={40}
            sizes="40px"
            className="size-10 rounded border object-cover"
          />
        ) : null}
      </div>
      {error ? <p className="text-destructive text-sm">{error}</p> : null}
    </div>
  );
}
