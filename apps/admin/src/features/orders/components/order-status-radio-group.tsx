import { ORDER_STATUSES } from '@cartwheel/shared/constants';
import type { OrderStatus } from '@cartwheel/shared/contracts/orders';
import { capitalize } from '@cartwheel/shared/text';
import { DropdownMenuRadioGroup, DropdownMenuRadioItem } from '@cartwheel/ui/dropdown-menu';

/**
 * The statuses of an order's Change status menu, the current one checked. Picking Cancelled calls
 * `onCancel` (the cancel dialog asks first); any other new status goes to `onChange`.
 */
export function OrderStatusRadioGroup({
  status,
  onChange,
  onCancel,
}: {
  status: OrderStatus;
  onChange: (status: OrderStatus) => void;
  onCancel: () => void;
}) {
  return (
    <DropdownMenuRadioGroup
      value={status}
      onValueChange={(value) => {
        const next = value as OrderStatus;
        if (next === status) return;
        if (next === 'cancelled') onCancel();
        else onChange(next);
      }}
    >
      {ORDER_STATUSES.map((option) => (
        <DropdownMenuRadioItem key={option} value={option}>
          {capitalize(option)}
        </DropdownMenuRadioItem>
      ))}
    </DropdownMenuRadioGroup>
  );
}
