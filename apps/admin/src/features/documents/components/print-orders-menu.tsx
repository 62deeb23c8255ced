import type { OrderListItem } from '@cartwheel/shared/contracts/orders';
import { Button } from '@cartwheel/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@cartwheel/ui/dropdown-menu';
import { ChevronDown, FileText, Package, Printer } from 'lucide-react';
import { toast } from 'sonner';
import { bulkDocumentsUrl } from '../api/document-urls.ts';

const INVOICEABLE = new Set(['paid', 'partially_refunded', 'refunded']);

/** The selected orders' packing slips or invoices, printed together in one PDF in a new tab. */
export function PrintOrdersMenu({
  selected,
}: {
  selected: Array<Pick<OrderListItem, 'id' | 'order_number' | 'payment_status'>>;
}) {
  const open = (kind: 'packing-slips' | 'invoices') =>
    window.open(
      bulkDocumentsUrl(
        kind,
        selected.map((order) => order.id),
      ),
      '_blank',
      'noopener',
    );
  const printInvoices = () => {
    const unpaid = selected.filter((order) => !INVOICEABLE.has(order.payment_status));
    if (unpaid.length) {
      toast.error(
        `Only paid orders have invoices: ${unpaid.map((order) => `#${order.order_number}`).join(', ')} ${unpaid.length === 1 ? 'is' : 'are'} not paid`,
      );
      return;
    }
    open('invoices');
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <Printer aria-hidden="true" />
          Print
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel>
          {selected.length ? `${selected.length} selected` : 'Select orders first'}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={!selected.length} onSelect={() => open('packing-slips')}>
          <Package aria-hidden="true" />
          Packing slips
        </DropdownMenuItem>
        <DropdownMenuItem disabled={!selected.length} onSelect={printInvoices}>
          <FileText aria-hidden="true" />
          Invoices
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
