import type { AppFrameBody } from '@cartwheel/shared/contracts/apps';
import { Skeleton } from '@cartwheel/ui/skeleton';
import { LoadError } from '../../../components/load-state.tsx';
import { useAppFrame } from '../api/app-extensions.ts';

/**
 * An app's page or panel in a sandboxed frame: scripts and forms run, but without allow-same-origin
 * the frame cannot read the back office's cookies or storage, so it learns who is looking only from
 * the signed token in its address (docs/apps.md).
 */
export function AppFrame({
  appId,
  frame,
  className,
}: {
  appId: string;
  frame: AppFrameBody;
  className?: string;
}) {
  const address = useAppFrame(appId, frame);
  if (address.isPending) return <Skeleton className={className} />;
  if (address.isError) return <LoadError title="Error loading the app" error={address.error} />;
  return (
    <iframe
      title={address.data.name}
      src={address.data.src}
      sandbox="allow-scripts allow-forms"
      referrerPolicy="no-referrer"
      className={className}
      data-testid="app-frame"
    />
  );
}
