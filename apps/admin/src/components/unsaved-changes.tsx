import { listOf } from '@cartwheel/shared/text';
import { ConfirmDialog } from '@cartwheel/ui/confirm-dialog';
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useBlocker } from 'react-router';

type Report = (key: string, label: string | null) => void;

const UnsavedChangesContext = createContext<Report>(() => {});

/**
 * Warns before leaving a page with unsaved changes: a dialog for a link or the browser's back button
 * (react-router's blocker), the browser's own prompt for a reload or a closed tab (`beforeunload`).
 * Parts of the page report what they hold unsaved with `useUnsavedChanges`. Replacing the address
 * (a new product moving to its own, a deleted one leaving) is not blocked.
 */
export function UnsavedChangesGuard({ children }: { children: React.ReactNode }) {
  const [unsaved, setUnsaved] = useState<Record<string, string>>({});
  const report = useCallback<Report>((key, label) => {
    setUnsaved((current) => {
      if (label === null) {
        if (!(key in current)) return current;
        const { [key]: _, ...rest } = current;
        return rest;
      }
      return current[key] === label ? current : { ...current, [key]: label };
    });
  }, []);
  const labels = useMemo(() => Object.values(unsaved), [unsaved]);
  const hasUnsaved = labels.length > 0;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation, historyAction }) =>
      hasUnsaved && historyAction !== 'REPLACE' && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!hasUnsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasUnsaved]);

  return (
    <UnsavedChangesContext.Provider value={report}>
      {children}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => {
          if (!open) blocker.reset?.();
        }}
        title="Leave without saving?"
        description={`Unsaved changes in ${listOf(labels)} are lost if you leave this page.`}
        cancelLabel="Stay on this page"
        confirmLabel="Leave without saving"
        onConfirm={() => blocker.proceed?.()}
      />
    </UnsavedChangesContext.Provider>
  );
}

/** Tells the page's UnsavedChangesGuard that `label` (e.g. "variant Blue / L") holds unsaved changes. */
export function useUnsavedChanges(key: string, label: string, unsaved: boolean) {
  const report = useContext(UnsavedChangesContext);
  useEffect(() => {
    report(key, unsaved ? label : null);
    return () => report(key, null);
  }, [report, key, label, unsaved]);
}
