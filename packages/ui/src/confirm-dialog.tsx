import type * as React from 'react';
import { Button } from './button.tsx';
import { DialogLayout } from './dialog-layout.tsx';

/**
 * Asks before an action that cannot be taken back: a way out, and the action's button (destructive
 * by default). Both are disabled while the action runs; closing is left to `onConfirm`.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  cancelLabel = 'Cancel',
  confirmLabel,
  pendingLabel = confirmLabel,
  pending = false,
  variant = 'destructive',
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description: React.ReactNode;
  cancelLabel?: string;
  confirmLabel: string;
  /** The action button's text while it runs. */
  pendingLabel?: string;
  pending?: boolean;
  variant?: React.ComponentProps<typeof Button>['variant'];
  onConfirm: () => void;
}) {
  return (
    <DialogLayout
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button variant={variant} disabled={pending} onClick={onConfirm}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </>
      }
    />
  );
}
