import { FEED_PROBLEM_LABELS, type FeedProductIssue } from '@cartwheel/shared/contracts/sales-channels';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { Button } from '@cartwheel/ui/button';
import { Table, TableBody, TableCell, TableRow } from '@cartwheel/ui/table';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ActionsTableHeader } from '../../../components/actions-table-header.tsx';
import { useBulkSalesChannels } from '../api/sales-channels.ts';

/** Products the feeds leave out, with why; excluded ones can be included again from here, all at once. */
export function FeedIssuesTable({ issues, canEdit }: { issues: FeedProductIssue[]; canEdit: boolean }) {
  const bulk = useBulkSalesChannels();
  const excluded = issues.filter((issue) => issue.problems.includes('excluded')).map((issue) => issue.id);
  const include = (ids: string[]) =>
    bulk.mutate(
      { ids, included: true },
      {
        onSuccess: (result) => toast.success(`${result.updated} included in sales channels`),
        onError: (error) => toast.error(`Failed to include: ${getErrorMessage(error)}`),
      },
    );
  return (
    <div className="grid grid-cols-1 gap-3">
      {canEdit && excluded.length > 1 ? (
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={bulk.isPending}
          onClick={() => include(excluded)}
        >
          Include all {excluded.length} excluded products
        </Button>
      ) : null}
      <Table pinEnd>
        <ActionsTableHeader titles={['Product', 'SKU', 'Why it is left out']} />
        <TableBody>
          {issues.map((issue) => (
            <TableRow key={issue.id} data-testid="feed-issue">
              <TableCell className="max-w-56 truncate">
                <Link to={`/products/${issue.id}`} className="font-medium hover:underline">
                  {issue.name}
                </Link>
              </TableCell>
              <TableCell className="font-mono text-xs">{issue.sku}</TableCell>
              <TableCell>{issue.problems.map((p) => FEED_PROBLEM_LABELS[p]).join(', ')}</TableCell>
              <TableCell className="text-right">
                {canEdit && issue.problems.includes('excluded') ? (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={bulk.isPending}
                    onClick={() => include([issue.id])}
                  >
                    Include
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
