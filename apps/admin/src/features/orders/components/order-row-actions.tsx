import type { OrderListItem } from '@cartwheel/shared/contracts/orders';
import { Button } from '@cartwheel/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from '@cartwheel/ui/dropdown-menu';
import { Ban, Copy, Eye, MoreHorizontal, PackageCheck, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useCan } from '../../../lib/use-can.ts';
import { useFulfilOrder } from '../api/fulfil-order.ts';
import { useUpdateOrderStatus } from '../api/update-order-status.ts';
import { CancelOrderDialog } from './cancel-order-dialog.tsx';
import { OrderStatusRadioGroup } from './order-status-radio-group.tsx';

/**
 * An order row's menu: Copy order ID, View, and what applies to the order and the member's role:
 * Change status and Cancel (orders.edit, not on a cancelled order), Fulfil (orders.fulfil, not on a
 * cancelled or fully fulfilled order).
 */
export function OrderRowActions({ order }: { order: OrderListItem }) {
  const navigate = useNavigate();
  const updateStatus = useUpdateOrderStatus();
  const fulfil = useFulfilOrder();
  const can = useCan();
  const [cancelling, setCancelling] = useState(false);
  const cancelled = order.status === 'cancelled';
  const canEdit = can('orders.edit') && !cancelled;
  const canFulfil = can('orders.fulfil') && !cancelled && order.fulfillment_status !== 'fulfilled';

  const copyId = async () => {
    try {
      await navigator.clipboard.writeText(order.id);
      toast.success('Order ID copied');
    } catch {
      toast.error('Could not copy the order ID');
    }
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-8" data-testid="order-row-menu">
            <MoreHorizontal aria-hidden="true" />
            <span className="sr-only">Actions for order #{order.order_number}</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-48">
          <DropdownMenuLabel>Order #{order.order_number}</DropdownMenuLabel>
          <DropdownMenuItem onSelect={copyId}>
            <Copy aria-hidden="true" />
            Copy order ID
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate(`/orders/${order.id}`)}>
            <Eye aria-hidden="true" />
            View
          </DropdownMenuItem>
          {canEdit || canFulfil ? <DropdownMenuSeparator /> : null}
          {canEdit ? (
            <DropdownMenuSub>
              <DropdownMenuSubTrigger>
                <RefreshCw aria-hidden="true" className="mr-2 size-4 text-muted-foreground" />
                Change status
              </DropdownMenuSubTrigger>
              <DropdownMenuSubContent>
                <OrderStatusRadioGroup
                  status={order.status}
                  onChange={(status) => updateStatus.mutate({ orderId: order.id, status })}
                  onCancel={() => setCancelling(true)}
                />
              </DropdownMenuSubContent>
            </DropdownMenuSub>
          ) : null}
          {canFulfil ? (
            <DropdownMenuItem
              disabled={fulfil.isPending}
              onSelect={() => fulfil.mutate({ orderId: order.id })}
            >
              <PackageCheck aria-hidden="true" />
              Fulfil
            </DropdownMenuItem>
          ) : null}
          {canEdit ? (
            <DropdownMenuItem variant="destructive" onSelect={() => setCancelling(true)}>
              <Ban aria-hidden="true" />
              Cancel
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <CancelOrderDialog order={order} open={cancelling} onOpenChange={setCancelling} />
    </>
  );
}
