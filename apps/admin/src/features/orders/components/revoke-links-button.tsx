import { Button } from '@cartwheel/ui/button';
import { ConfirmDialog } from '@cartwheel/ui/confirm-dialog';
import { Link2Off, Send } from 'lucide-react';
import { useState } from 'react';
import { useRevokeOrderLinks } from '../api/revoke-order-links.ts';
import { useSendOrderLink } from '../api/send-order-link.ts';

/**
 * A guest order's confirmation email carries a link that opens the order without an account; this
 * ends every such link (when the email went to the wrong person, say).
 */
export function RevokeLinksButton({ orderId }: { orderId: string }) {
  const [open, setOpen] = useState(false);
  const revoke = useRevokeOrderLinks();
  return (
    <>
      <Button variant="outline" size="sm" className="mt-2 self-start" onClick={() => setOpen(true)}>
        <Link2Off aria-hidden="true" />
        Revoke order links
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Revoke order links?"
        description="The links in this order's emails will stop opening the order. The customer can still see it by creating an account with the same email."
        confirmLabel="Revoke links"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate(orderId, { onSettled: () => setOpen(false) })}
      />
    </>
  );
}

/** Emails the guest a new link to the order (after revoking, or when the first email went missing). */
export function SendLinkButton({ orderId }: { orderId: string }) {
  const send = useSendOrderLink();
  return (
    <Button
      variant="outline"
      size="sm"
      className="mt-2 self-start"
      disabled={send.isPending}
      onClick={() => send.mutate(orderId)}
    >
      <Send aria-hidden="true" />
      {send.isPending ? 'Sending...' : 'Email a new order link'}
    </Button>
  );
}
