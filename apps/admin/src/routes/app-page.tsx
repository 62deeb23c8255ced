import { useParams } from 'react-router';
import { PageHeader } from '../components/page-header.tsx';
import { useAppExtensions } from '../features/apps/api/app-extensions.ts';
import { AppFrame } from '../features/apps/components/app-frame.tsx';

/** /admin/apps/:appId: an app's own page (its sidebar link), in a sandboxed frame. */
export function AppPageRoute() {
  const { appId = '' } = useParams();
  const extensions = useAppExtensions();
  const link = extensions.data?.sidebar.find((entry) => entry.app_id === appId);
  return (
    <>
      <PageHeader title={link?.label ?? 'App'} />
      <AppFrame
        key={appId}
        appId={appId}
        frame={{ resource: 'page', id: null }}
        className="min-h-[70vh] w-full rounded-md border"
      />
    </>
  );
}
