import { useRouteError } from 'react-router';
import { Button } from './button.tsx';

export interface RouteErrorScreenProps {
  /** Ends the page title: "Something went wrong | <siteName>". */
  siteName: string;
  /** Where the second button leads, outside the router (a full page load). */
  homeHref: string;
  homeLabel: string;
  /** The screen's words in the page's language (the storefront's); English when absent. */
  text?: { heading: string; body: string; reload: string };
}

const ENGLISH = {
  heading: 'Something went wrong',
  body: 'An unexpected error occurred. Please reload the page.',
  reload: 'Reload',
};

/** Last-resort screen when a page throws while rendering (or its code fails to download). */
export function RouteErrorScreen({ siteName, homeHref, homeLabel, text = ENGLISH }: RouteErrorScreenProps) {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="mx-auto flex min-h-svh max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <title>{`${text.heading} | ${siteName}`}</title>
      <h1 className="font-bold text-2xl">{text.heading}</h1>
      <p className="text-muted-foreground">{text.body}</p>
      <div className="flex gap-3">
        <Button onClick={() => window.location.reload()}>{text.reload}</Button>
        <Button asChild variant="outline">
          <a href={homeHref}>{homeLabel}</a>
        </Button>
      </div>
    </main>
  );
}
