import { getErrorMessage } from '@cartwheel/shared/errors';
import { Button } from '@cartwheel/ui/button';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { uploadContentImage } from '../api/content.ts';

/** An image by URL or by upload (stored by the uploads module, its URL put in the field). */
export function ImageField({
  label,
  value,
  onChange,
  error,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  const file = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const upload = async (chosen: File | undefined) => {
    if (!chosen) return;
    setUploading(true);
    try {
      onChange(await uploadContentImage(chosen));
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
        {value ? <img src={value} alt="" className="size-10 rounded border object-cover" /> : null}
      </div>
      {error ? <p className="text-destructive text-sm">{error}</p> : null}
    </div>
  );
}
