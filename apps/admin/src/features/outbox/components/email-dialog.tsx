import { formatLogTime } from '@cartwheel/shared/dates';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@cartwheel/ui/dialog';
import type { OutboxEmail } from '../api/get-outbox.ts';

/** One email as it was sent: plain text, so links show as the addresses they are. */
export function EmailDialog({ email, onClose }: { email: OutboxEmail | null; onClose: () => void }) {
  return (
    <Dialog open={email !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="pr-6">{email?.subject}</DialogTitle>
          <DialogDescription>
            To {email?.to}
            {email ? ` · ${formatLogTime(email.created_at)}` : null}
          </DialogDescription>
        </DialogHeader>
        <pre
          data-testid="email-text"
          className="max-h-[60vh] overflow-auto whitespace-pre-wrap break-words rounded-md bg-muted p-4 font-mono text-sm"
        >
          {email?.text}
        </pre>
      </DialogContent>
    </Dialog>
  );
}
