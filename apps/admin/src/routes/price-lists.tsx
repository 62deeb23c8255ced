import { Button } from '@cartwheel/ui/button';
import { Card, CardContent } from '@cartwheel/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { usePriceLists } from '../features/wholesale/api/wholesale.ts';
import { useCan } from '../lib/use-can.ts';

/** /admin/price-lists: the customer groups' price lists. */
export function PriceListsRoute() {
  const lists = usePriceLists();
  const can = useCan();
  return (
    <>
      <title>Price lists | Cartwheel Admin</title>
      <PageHeader title="Price lists">
        {can('wholesale.manage') ? (
          <Button asChild>
            <Link to="/price-lists/new">
              <Plus aria-hidden="true" />
              Create price list
            </Link>
          </Button>
        ) : null}
      </PageHeader>
      {lists.isPending ? (
        <LoadingBlocks blockClassName="h-16 w-full" />
      ) : lists.isError ? (
        <LoadError title="Error loading the price lists" error={lists.error} />
      ) : (
        <Card>
          <CardContent className="pt-6">
            {lists.data.items.length === 0 ? (
              <p className="text-muted-foreground text-sm">
                No price lists yet. Create a customer group first, then give it prices.
              </p>
            ) : (
              <Table aria-label="Price lists">
                <TableHeader>
                  <TableRow>
                    <TableHead>Name</TableHead>
                    <TableHead>Customer group</TableHead>
                    <TableHead>Prices</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {lists.data.items.map((l) => (
                    <TableRow key={l.id}>
                      <TableCell className="min-w-40 whitespace-normal [overflow-wrap:anywhere]">
                        <Link
                          to={`/price-lists/${l.id}`}
                          className="inline-block max-w-full font-medium hover:underline"
                        >
                          {l.name}
                        </Link>
                      </TableCell>
                      <TableCell className="min-w-32 whitespace-normal [overflow-wrap:anywhere]">
                        {l.group_name}
                      </TableCell>
                      <TableCell>{l.entry_count}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      )}
    </>
  );
}
