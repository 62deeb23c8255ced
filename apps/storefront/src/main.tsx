import './index.css';

// index.html paints a static shell (the header, and for the home and product pages their first screen)
// before any script runs. This entry waits for that paint, then starts the app in steps, each
// evaluating its share of the start-up code in a task of its own: evaluating all of it at once is one
// long task that blocks the main thread on a slow phone. index.html modulepreloads all of it at low
// priority (vite.config.ts), so the steps do not wait on the network one after the other and the
// stylesheet and the first screen's images are fetched first. Only start-up code may be imported
// here: everything this file imports counts as first-load JavaScript.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Resolves once the page has been painted (a frame, then a task), or soon in a background tab. */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 250); // no frames while the tab is hidden
  });
}

// While the shell shows, the first page's data and code are fetched; the app renders once they are
// there. A slow API does not hold it back for long: after this, the page renders its loading states.
const FIRST_RENDER_WAIT_MS = 1500;

async function start(container: HTMLElement) {
  await afterFirstPaint();
  await import('react'); // alone, or it is evaluated with the query client's code below
  await nextTask();
  const { preloadFirstPage } = await import('./app/preload.ts');
  const { queryClient, ready } = preloadFirstPage(window.location);
  const waited = Promise.race([ready, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]);
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  await import('./app/router-library.ts');
  await nextTask();
  const { createRouter, renderApp, warmUps } = await import('./app/app.tsx');
  await nextTask();
  const router = createRouter(); // matches the URL against the routes: a task of its own too
  for (const warmUp of warmUps) {
    await nextTask();
    warmUp();
  }
  await waited;
  renderApp(container, queryClient, router);
}

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');
void start(root);
