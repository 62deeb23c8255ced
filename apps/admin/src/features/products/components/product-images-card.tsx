import { MAX_IMAGE_UPLOAD_BYTES } from '@cartwheel/shared/contracts/admin-products';
import type { ProductImage } from '@cartwheel/shared/contracts/catalog';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Badge } from '@cartwheel/ui/badge';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { ResponsiveImage } from '@cartwheel/ui/responsive-image';
import { ImagePlus, Link2, Star, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { useImageAction } from '../api/product-images.ts';
import { ImageImportsNotice } from './image-imports-notice.tsx';
import { SaveFirstButton } from './save-first-button.tsx';

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];

/** What the browser can tell before sending: the file's size and type (the server checks the rest). */
function uploadRefusal(file: File): string | null {
  if (file.size > MAX_IMAGE_UPLOAD_BYTES) {
    const mb = (file.size / (1024 * 1024)).toFixed(1);
    return `It is ${mb} MB, and images can be at most 10 MB`;
  }
  if (file.type && !ACCEPTED_TYPES.includes(file.type)) {
    return 'It is not a JPEG, PNG, WebP, GIF or AVIF image';
  }
  return null;
}

/** Images: upload (stored as WebP, at most 1600 px) or add by URL, choose the thumbnail, delete. */
export function ProductImagesCard({
  productId,
  images,
  canEdit,
  onSaveFirst,
}: {
  productId: string | undefined;
  images: ProductImage[];
  canEdit: boolean;
  /** A new product: saves it, then images can be added. */
  onSaveFirst?: () => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Images</CardTitle>
        <CardDescription>
          The thumbnail is the product's main image in the store. Uploads are resized to at most 1600 px.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {productId ? (
          <ImagesEditor productId={productId} images={images} canEdit={canEdit} />
        ) : (
          <SaveFirstButton label="Save and add images" onSave={canEdit ? onSaveFirst : undefined} />
        )}
      </CardContent>
    </Card>
  );
}

function ImagesEditor({
  productId,
  images,
  canEdit,
}: {
  productId: string;
  images: ProductImage[];
  canEdit: boolean;
}) {
  const action = useImageAction(productId);
  const fileInput = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  // Why the last file was refused (size, type, dimensions), said beside the upload button.
  const [refusal, setRefusal] = useState<string | null>(null);

  const run = (label: string, ...args: Parameters<typeof action.mutate>) => {
    setBusy(label);
    action.mutate(args[0], {
      onSuccess: () => {
        if (args[0].kind === 'upload') toast.success('Image uploaded');
        if (args[0].kind === 'url') {
          setUrl('');
          setAlt('');
          toast.success('Image added');
        }
      },
      onError: (error) => {
        if (args[0].kind === 'upload')
          setRefusal(`Could not add "${args[0].file.name}": ${getErrorMessage(error)}`);
        else toast.error(`Failed to ${label}: ${getErrorMessage(error)}`);
      },
      onSettled: () => setBusy(null),
    });
  };

  const onFile = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    setRefusal(null);
    if (!file) return;
    const problem = uploadRefusal(file);
    if (problem) {
      setRefusal(`Could not add "${file.name}": ${problem}`);
      return;
    }
    run('upload image', { kind: 'upload', file, altText: alt.trim() || undefined });
  };

  return (
    <div className="grid gap-4">
      <ImageImportsNotice productId={productId} />
      {images.length ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Product images">
          {images.map((image) => (
            <li
              key={image.id}
              className="group relative overflow-hidden rounded-md border"
              data-testid="product-image"
            >
              <ResponsiveImage
                image={image}
                alt={image.alt_text || 'Product image'}
                width={240}
                height={240}
                sizes="(min-width: 640px) 240px, 50vw"
                className="aspect-square w-full bg-muted object-cover"
              />
              {image.is_thumbnail ? <Badge className="absolute top-2 left-2">Thumbnail</Badge> : null}
              {canEdit ? (
                <div className="flex items-center justify-between gap-1 border-t bg-background p-1">
                  {image.is_thumbnail ? (
                    <span className="px-2 text-muted-foreground text-xs">Main image</span>
                  ) : (
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={busy !== null}
                      onClick={() => run('set the thumbnail', { kind: 'thumbnail', imageId: image.id })}
                    >
                      <Star aria-hidden="true" />
                      Set as thumbnail
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    disabled={busy !== null}
                    onClick={() => run('delete image', { kind: 'delete', imageId: image.id })}
                  >
                    <Trash2 aria-hidden="true" />
                    <span className="sr-only">Delete image</span>
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground text-sm">No images yet.</p>
      )}

      {canEdit ? (
        <div className="grid gap-3 rounded-md border border-dashed p-3">
          <div className="flex flex-wrap items-center gap-2">
            <input
              ref={fileInput}
              type="file"
              accept={ACCEPTED_TYPES.join(',')}
              className="sr-only"
              id="image-upload"
              data-testid="image-upload-input"
              onChange={(event) => onFile(event.target.files?.[0])}
            />
            <Button variant="outline" disabled={busy !== null} onClick={() => fileInput.current?.click()}>
              <ImagePlus aria-hidden="true" />
              {busy === 'upload image' ? 'Uploading...' : 'Upload image'}
            </Button>
            <span className="text-muted-foreground text-xs" id="image-upload-hint">
              JPEG, PNG, WebP, GIF or AVIF, up to 10 MB and 50 megapixels
            </span>
          </div>
          {refusal ? (
            <p role="alert" className="text-destructive text-sm" data-testid="image-upload-refusal">
              {refusal}
            </p>
          ) : null}
          <div className="grid gap-2 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
            <div className="grid gap-2">
              <Label htmlFor="image-url">Image URL</Label>
              <Input
                id="image-url"
                type="url"
                placeholder="https://..."
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    if (url.trim())
                      run('add image', { kind: 'url', url: url.trim(), altText: alt.trim() || undefined });
                  }
                }}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="image-alt">Alt text (optional)</Label>
              <Input id="image-alt" value={alt} onChange={(e) => setAlt(e.target.value)} />
            </div>
            <Button
              variant="outline"
              disabled={!url.trim() || busy !== null}
              onClick={() =>
                run('add image', { kind: 'url', url: url.trim(), altText: alt.trim() || undefined })
              }
            >
              <Link2 aria-hidden="true" />
              Add image URL
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
