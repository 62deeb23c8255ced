import type { AuditEntry } from '@cartwheel/shared/contracts/audit';
import { formatLogTime } from '@cartwheel/shared/dates';
import { Badge } from '@cartwheel/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';

/** A value of a change as text: JSON for lists and objects, "none" for nothing. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function Who({ entry }: { entry: AuditEntry }) {
  if (entry.actor_kind === 'system') return <span className="text-muted-foreground">System</span>;
  return (
    <div className="flex flex-col gap-1">
      <span className="break-all">{entry.actor_email ?? entry.actor_id ?? 'Unknown'}</span>
      <span className="flex gap-1">
        {entry.actor_role ? <Badge variant="outline">{entry.actor_role}</Badge> : null}
        {entry.actor_kind === 'api_key' ? <Badge variant="secondary">API key</Badge> : null}
      </span>
    </div>
  );
}

function Changes({ changes }: { changes: AuditEntry['changes'] }) {
  const fields = Object.entries(changes);
  if (fields.length === 0) return <span className="text-muted-foreground">None</span>;
  return (
    <ul className="flex flex-col gap-1 text-xs">
      {fields.map(([field, [before, after]]) => (
        <li key={field} className="break-all">
          <span className="font-medium">{field}</span>: {shown(before)} → {shown(after)}
        </li>
      ))}
    </ul>
  );
}

/** One row per audit entry: when, who, from where, what, and the fields changed. */
export function AuditLogTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>When</TableHead>
          <TableHead>Who</TableHead>
          <TableHead>Action</TableHead>
          <TableHead>Target</TableHead>
          <TableHead>Changes</TableHead>
          <TableHead>From</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id} data-testid="audit-entry" className="align-top">
            <TableCell className="whitespace-nowrap">{formatLogTime(entry.at)}</TableCell>
            {/* Emails, targets and changes wrap: the table fits its card down to a laptop's width. */}
            <TableCell className="min-w-36 whitespace-normal">
              <Who entry={entry} />
            </TableCell>
            <TableCell className="min-w-28 whitespace-normal">
              {/* Long actions (customer.wholesale_updated) break at any point rather than widen the table. */}
              <code className="text-xs [overflow-wrap:anywhere]">{entry.action}</code>
            </TableCell>
            <TableCell className="min-w-32 whitespace-normal">
              <div className="flex flex-col gap-1">
                <span className="text-muted-foreground text-xs">{entry.target_type}</span>
                <span className="break-all">{entry.target_label ?? entry.target_id ?? ''}</span>
              </div>
            </TableCell>
            <TableCell className="min-w-40 max-w-md whitespace-normal">
              <Changes changes={entry.changes} />
            </TableCell>
            <TableCell className="text-xs">
              <div className="flex flex-col gap-1">
                <span>{entry.ip ?? ''}</span>
                <span className="max-w-48 truncate text-muted-foreground" title={entry.user_agent ?? ''}>
                  {entry.user_agent ?? ''}
                </span>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
