import { Button } from '@cartwheel/ui/button';
import { DialogLayout } from '@cartwheel/ui/dialog-layout';
import { Input } from '@cartwheel/ui/input';
import { Copy } from 'lucide-react';
import { toast } from 'sonner';

/** Shows a new secret (an API key, a signing secret) once, with a copy button. */
export function SecretReveal({
  title,
  label,
  secret,
  onClose,
}: {
  title: string;
  label: string;
  secret: string | null;
  onClose: () => void;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      toast.success('Copied to clipboard');
    } catch {
      toast.error('Could not copy: select the text and copy it');
    }
  };
  return (
    <DialogLayout
      open={secret !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      description="Copy it now: it is stored only in a form that cannot be shown again."
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <div className="flex gap-2">
        <Input
          readOnly
          aria-label={label}
          data-testid="revealed-secret"
          value={secret ?? ''}
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="outline" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
          <Copy aria-hidden="true" />
        </Button>
      </div>
    </DialogLayout>
  );
}
