import { Button } from '@cartwheel/ui/button';
import { Save } from 'lucide-react';

/**
 * On a new product, where images and options would go: one click saves what is typed (the form's own
 * checks first) and the editor opens on the saved product with this card ready, so a product is
 * made in one go rather than after a first save.
 */
export function SaveFirstButton({ label, onSave }: { label: string; onSave?: () => void }) {
  if (!onSave) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" variant="outline" onClick={onSave}>
        <Save aria-hidden="true" />
        {label}
      </Button>
      <span className="text-muted-foreground text-sm">The product is saved with what you typed above.</span>
    </div>
  );
}
