import type { AppPanel } from '@cartwheel/shared/contracts/apps';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { useAppExtensions } from '../api/app-extensions.ts';
import { AppFrame } from './app-frame.tsx';

/** The panels the shop's apps add to an order, product or customer page, one card each. */
export function AppPanels({ resource, id }: { resource: AppPanel; id: string }) {
  const extensions = useAppExtensions();
  const panels = extensions.data?.panels.filter((panel) => panel.resource === resource) ?? [];
  return panels.map((panel) => (
    <Card key={panel.app_id} data-testid="app-panel">
      <CardHeader>
        <CardTitle>{panel.name}</CardTitle>
      </CardHeader>
      <CardContent>
        <AppFrame appId={panel.app_id} frame={{ resource, id }} className="h-48 w-full rounded-md border" />
      </CardContent>
    </Card>
  ));
}
