import { plural, pluralText } from '@cartwheel/shared/text';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@cartwheel/ui/table';
import { LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useShopChannel } from '../features/sales-channels/api/sales-channels.ts';
import { FeedIssuesTable } from '../features/sales-channels/components/feed-issues-table.tsx';

/** /admin/channels/shop (managers and admins): the product feeds for Google and Meta, the reviews feed, and what they leave out. */
export function ShopChannelRoute() {
  const shop = useShopChannel();
  return (
    <>
      <PageHeader title="Shop" />
      {shop.isPending ? (
        <LoadingBlocks />
      ) : shop.isError ? (
        <LoadError title="Error loading the product feeds" error={shop.error} />
      ) : (
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Product feeds</h2>
              </CardTitle>
              <CardDescription>
                Give these addresses to Google Merchant Center and Meta Commerce Manager: they read the
                catalog from them, one item per variant, with prices in US dollars. Google's product ratings
                feed lists the published reviews, one item per review. {shop.data.products_listed} of{' '}
                {plural(shop.data.products_total, 'product')}{' '}
                {pluralText(shop.data.products_listed, { one: 'is', other: 'are' })} listed.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Channel</TableHead>
                    <TableHead>Feed URL</TableHead>
                    <TableHead className="text-right">Items</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {shop.data.feeds.map((feed) => (
                    <TableRow key={feed.url} data-testid="feed">
                      <TableCell className="font-medium">{feed.name}</TableCell>
                      <TableCell className="max-w-72 truncate font-mono text-xs">
                        <a href={feed.url} target="_blank" rel="noreferrer" className="hover:underline">
                          {feed.url}
                        </a>
                      </TableCell>
                      <TableCell className="text-right">{feed.items}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Not in the feeds</h2>
              </CardTitle>
              <CardDescription>
                Products excluded with their "Include in sales channels" switch, drafts, and products missing
                a field the marketplaces require.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {shop.data.issues.length === 0 ? (
                <p className="text-muted-foreground text-sm">Every product is in the feeds.</p>
              ) : (
                <FeedIssuesTable issues={shop.data.issues} canEdit />
              )}
            </CardContent>
          </Card>
        </div>
      )}
    </>
  );
}
