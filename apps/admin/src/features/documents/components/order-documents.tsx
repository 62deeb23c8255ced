import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import { Button } from '@cartwheel/ui/button';
import { FileText, Package, ReceiptText } from 'lucide-react';
import type { ReactNode } from 'react';
import { creditNoteUrl, invoiceUrl, packingSlipUrl } from '../api/document-urls.ts';
import { useOrderDocuments } from '../api/get-order-documents.ts';

/** Payment states of an order that has been paid: only those have an invoice. */
const INVOICEABLE = new Set(['paid', 'partially_refunded', 'refunded']);

/** A PDF opened in a tab of its own, so the order page stays where it was. */
function PdfLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button variant="outline" asChild>
      <a href={href} target="_blank" rel="noopener">
        {children}
      </a>
    </Button>
  );
}

/**
 * The order's printed documents: its packing slip, its invoice (issued on the first print once the
 * order is paid) and its refunds' credit notes.
 */
export function OrderDocuments({ order }: { order: Pick<OrderDetail, 'id' | 'payment_status'> }) {
  const documents = useOrderDocuments(order.id);
  const invoice = documents.data?.invoice;
  return (
    <div className="flex flex-wrap gap-2">
      <PdfLink href={packingSlipUrl(order.id)}>
        <Package aria-hidden="true" />
        Packing slip
      </PdfLink>
      {INVOICEABLE.has(order.payment_status) ? (
        <PdfLink href={invoiceUrl(order.id)}>
          <FileText aria-hidden="true" />
          {invoice ? `Invoice ${invoice.number}` : 'Invoice'}
        </PdfLink>
      ) : null}
      {(documents.data?.credit_notes ?? []).map((note) => (
        <PdfLink key={note.id} href={creditNoteUrl(order.id, note.id)}>
          <ReceiptText aria-hidden="true" />
          {`Credit note ${note.number}`}
        </PdfLink>
      ))}
    </div>
  );
}
