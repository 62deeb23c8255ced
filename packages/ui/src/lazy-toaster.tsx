import { lazy, Suspense } from 'react';
import type { toast as sonnerToast } from 'sonner';

// sonner (its code and the stylesheet it injects when it loads) is not needed to show a page, only
// once something is toasted. Apps that count their first-load JavaScript render <LazyToaster /> and
// call `toast` from here: both load sonner in its own chunk after the first render.
const Toaster = lazy(() => import('./toaster.tsx').then((m) => ({ default: m.Toaster })));
const loadSonner = () => import('sonner');

/** The app-wide toast region (see toaster.tsx), loaded in its own chunk once the app has rendered. */
export function LazyToaster() {
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

type Toast = typeof sonnerToast;

/**
 * sonner's `toast.success` / `.error` / `.info`, callable before sonner has loaded: the toast is raised
 * once it has, and sonner's region shows toasts raised before it mounted.
 */
export const toast = {
  success: (...args: Parameters<Toast['success']>): void => {
    void loadSonner().then((m) => m.toast.success(...args));
  },
  error: (...args: Parameters<Toast['error']>): void => {
    void loadSonner().then((m) => m.toast.error(...args));
  },
  info: (...args: Parameters<Toast['info']>): void => {
    void loadSonner().then((m) => m.toast.info(...args));
  },
  dismiss: (id?: string | number): void => {
    void loadSonner().then((m) => m.toast.dismiss(id));
  },
};
