import { formatLogTime } from '@cartwheel/shared/dates';
import { Badge } from '@cartwheel/ui/badge';
import { Button } from '@cartwheel/ui/button';
import { Table, TableBody, TableCell, TableRow } from '@cartwheel/ui/table';
import { useState } from 'react';
import { ActionsTableHeader } from '../../../components/actions-table-header.tsx';
import { TextCell } from '../../../components/data-table-columns.tsx';
import type { OutboxEmail } from '../api/get-outbox.ts';
import { EmailDialog } from './email-dialog.tsx';

/** "order_confirmation" as "Order confirmation". */
const kindLabel = (kind: string) => {
  const words = kind.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const STATUS_VARIANT = { sent: 'secondary', queued: 'outline', failed: 'destructive' } as const;

/** The outbox's emails: recipient, subject, kind, status, date; View opens the email as sent. */
export function OutboxTable({ emails }: { emails: OutboxEmail[] }) {
  const [open, setOpen] = useState<OutboxEmail | null>(null);
  return (
    <>
      <Table pinEnd>
        <ActionsTableHeader titles={['To', 'Subject', 'Kind', 'Status', 'Date']} />
        <TableBody>
          {emails.map((email) => (
            <TableRow key={email.id} data-testid="outbox-email">
              <TableCell>
                <TextCell text={email.to} />
              </TableCell>
              <TableCell>
                <TextCell text={email.subject} />
              </TableCell>
              <TableCell>
                <span className="whitespace-nowrap text-sm" title={email.kind}>
                  {kindLabel(email.kind)}
                </span>
              </TableCell>
              <TableCell>
                <Badge variant={STATUS_VARIANT[email.status]}>{email.status}</Badge>
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatLogTime(email.created_at)}</TableCell>
              <TableCell className="text-right">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setOpen(email)}
                  aria-label={`View email to ${email.to}: ${email.subject}`}
                >
                  View
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <EmailDialog email={open} onClose={() => setOpen(null)} />
    </>
  );
}
