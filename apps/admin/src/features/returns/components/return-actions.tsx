import {
  type AdminReturnDetail,
  RETURN_CONDITIONS,
  type ReturnCondition,
} from '@cartwheel/shared/contracts/returns';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Checkbox } from '@cartwheel/ui/checkbox';
import { Input } from '@cartwheel/ui/input';
import { Label } from '@cartwheel/ui/label';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { useState } from 'react';
import { toast } from 'sonner';
import { useLocations } from '../../../lib/stock-locations.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useReturnAction } from '../api/returns.ts';

export const CONDITION_LABELS: Record<ReturnCondition, string> = {
  as_new: 'As new',
  opened: 'Opened, resellable',
  damaged: 'Damaged',
};

type Step = Parameters<ReturnType<typeof useReturnAction>['mutate']>[0];

/** What staff can do next with a return, by its status and their permissions. */
export function ReturnActions({ detail }: { detail: AdminReturnDetail }) {
  const can = useCan();
  const step = useReturnAction(detail.id);
  const [declineReason, setDeclineReason] = useState('');
  const [received, setReceived] = useState<Record<string, { condition: ReturnCondition; restock: boolean }>>(
    Object.fromEntries(detail.items.map((i) => [i.id, { condition: 'as_new', restock: true }])),
  );
  const [storeCredit, setStoreCredit] = useState(false);
  const locations = useLocations();
  const [restockTo, setRestockTo] = useState('');
  const run = (action: Step, done: string) =>
    step.mutate(action, {
      onSuccess: () => toast.success(done),
      onError: (error) => toast.error(`Failed: ${getErrorMessage(error)}`),
    });
  if (!can('returns.manage')) return null;

  if (detail.status === 'requested') {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Review</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap items-end gap-3">
          <Button
            onClick={() => run({ action: 'approve' }, `Return ${detail.rma} approved`)}
            disabled={step.isPending}
          >
            Approve
          </Button>
          <div className="space-y-1">
            <Label htmlFor="decline-reason">Reason to decline</Label>
            <Input
              id="decline-reason"
              value={declineReason}
              maxLength={500}
              onChange={(e) => setDeclineReason(e.target.value)}
              className="w-72"
            />
          </div>
          <Button
            variant="destructive"
            disabled={step.isPending || !declineReason.trim()}
            onClick={() =>
              run({ action: 'decline', body: { reason: declineReason } }, `Return ${detail.rma} declined`)
            }
          >
            Decline
          </Button>
        </CardContent>
      </Card>
    );
  }

  if (detail.status === 'approved') {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Receive</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          {!detail.label ? (
            <Button
              variant="outline"
              onClick={() => run({ action: 'label' }, 'Label created')}
              disabled={step.isPending}
            >
              Create label
            </Button>
          ) : null}
          <ul className="space-y-2">
            {detail.items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-3">
                <span className="min-w-40 flex-1">
                  {item.product_name} × {item.quantity}
                </span>
                <NativeSelect
                  aria-label={`Condition of ${item.product_name}`}
                  value={received[item.id]?.condition}
                  onChange={(e) =>
                    setReceived((r) => ({
                      ...r,
                      [item.id]: { ...r[item.id]!, condition: e.target.value as ReturnCondition },
                    }))
                  }
                >
                  {RETURN_CONDITIONS.map((c) => (
                    <option key={c} value={c}>
                      {CONDITION_LABELS[c]}
                    </option>
                  ))}
                </NativeSelect>
                <Label className="flex items-center gap-2 font-normal">
                  <Checkbox
                    checked={received[item.id]?.restock}
                    onCheckedChange={(checked) =>
                      setReceived((r) => ({ ...r, [item.id]: { ...r[item.id]!, restock: checked === true } }))
                    }
                    aria-label={`Return ${item.product_name} to stock`}
                  />
                  Return to stock
                </Label>
              </li>
            ))}
          </ul>
          <Label className="flex flex-col items-start gap-1.5">
            Restock to
            <NativeSelect value={restockTo} onChange={(e) => setRestockTo(e.target.value)}>
              <option value="">Where the order's stock was taken</option>
              {(locations.data?.items ?? [])
                .filter((l) => l.active)
                .map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
            </NativeSelect>
          </Label>
          <div className="flex gap-2">
            <Button
              disabled={step.isPending}
              onClick={() =>
                run(
                  {
                    action: 'receive',
                    body: {
                      items: detail.items.map((i) => ({ return_item_id: i.id, ...received[i.id]! })),
                      location_id: restockTo || null,
                    },
                  },
                  `Return ${detail.rma} received`,
                )
              }
            >
              Mark received
            </Button>
            <Button
              variant="outline"
              disabled={step.isPending}
              onClick={() => run({ action: 'close' }, 'Return closed')}
            >
              Close without receiving
            </Button>
          </div>
        </CardContent>
      </Card>
    );
  }

  if (detail.status === 'received') {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Refund</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-3">
          {can('orders.refund') ? (
            <>
              <Label className="flex items-center gap-2 font-normal">
                <Checkbox
                  checked={storeCredit}
                  disabled={!detail.has_account}
                  onCheckedChange={(checked) => setStoreCredit(checked === true)}
                />
                As store credit
              </Label>
              <Button
                disabled={step.isPending}
                onClick={() =>
                  run(
                    { action: 'refund', body: { to_store_credit: storeCredit } },
                    `Return ${detail.rma} refunded`,
                  )
                }
              >
                Refund return
              </Button>
            </>
          ) : (
            <p className="text-muted-foreground text-sm">A manager refunds received returns.</p>
          )}
          <Button
            variant="outline"
            disabled={step.isPending}
            onClick={() => run({ action: 'close' }, 'Return closed')}
          >
            Close without refund
          </Button>
        </CardContent>
      </Card>
    );
  }
  return null;
}
