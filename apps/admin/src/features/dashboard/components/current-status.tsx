import { Badge } from '@cartwheel/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { cn } from '@cartwheel/ui/lib/utils';
import { useHealth } from '../api/get-health.ts';

/** Current status: Active, and whether the API and its database answer (GET /api/health). */
export function CurrentStatus() {
  const health = useHealth();
  const ok = health.data?.status === 'ok';
  const message = health.isPending
    ? 'Checking...'
    : ok
      ? 'All systems operational'
      : 'The store is not answering: its database is unavailable';
  return (
    <Card data-testid="current-status">
      <CardHeader>
        <CardTitle>Current status</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        <div className="flex items-center gap-2">
          <Badge variant={ok || health.isPending ? 'secondary' : 'destructive'}>
            {ok || health.isPending ? 'Active' : 'Degraded'}
          </Badge>
        </div>
        <p className="flex items-center gap-2" role="status">
          <span
            aria-hidden="true"
            className={cn(
              'size-2 rounded-full',
              health.isPending ? 'bg-muted-foreground' : ok ? 'bg-success' : 'bg-destructive',
            )}
          />
          {message}
        </p>
      </CardContent>
    </Card>
  );
}
