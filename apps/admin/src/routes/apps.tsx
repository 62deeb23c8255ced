import { PageHeader } from '../components/page-header.tsx';
import { ApiKeysCard } from '../features/apps/components/api-keys-card.tsx';
import { ShopAppsCard } from '../features/apps/components/shop-apps-card.tsx';
import { WebhooksCard } from '../features/apps/components/webhooks-card.tsx';

/** /admin/apps (admins): apps in the back office, API keys and outbound webhooks. */
export function AppsRoute() {
  return (
    <>
      <PageHeader title="Apps" />
      <p className="-mt-2 text-muted-foreground text-sm">
        Connect other systems: API keys for the REST API (try one on the API page at /api/docs), and webhooks
        that tell them what happens in the shop.
      </p>
      <div className="flex flex-col gap-6">
        <ShopAppsCard />
        <ApiKeysCard />
        <WebhooksCard />
      </div>
    </>
  );
}
