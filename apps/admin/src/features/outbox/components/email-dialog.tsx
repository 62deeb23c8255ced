import { formatLogTime } from '@cartwheel/shared/dates';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@cartwheel/ui/dialog';
import type { OutboxEmail } from '../api/get-outbox.ts';

// Links in the shown email open in a new tab: the frame runs no scripts and reaches nothing of the page.
const LINKS_IN_NEW_TAB = '<base target="_blank">';
/** The email's HTML with its links set to open in a new tab (in its head, so its doctype stays first). */
const withLinksInNewTab = (html: string) =>
  /<head[^>]*>/i.test(html)
    ? html.replace(/<head([^>]*)>/i, `<head$1>${LINKS_IN_NEW_TAB}`)
    : `${LINKS_IN_NEW_TAB}${html}`;

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** The text part with its addresses as links. */
function LinkedText({ text }: { text: string }) {
  return text.split(URL_PATTERN).map((part, i) =>
    i % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order.
      <a key={i} href={part} target="_blank" rel="noreferrer" className="underline underline-offset-2">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

/** One email as it was sent: its subject, the HTML part in a sandboxed frame, and the text part. */
export function EmailDialog({ email, onClose }: { email: OutboxEmail | null; onClose: () => void }) {
  return (
    <Dialog open={email !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle className="pr-6">{email?.subject}</DialogTitle>
          <DialogDescription>
            To {email?.to}
            {email ? ` · ${formatLogTime(email.created_at)}` : null}
          </DialogDescription>
        </DialogHeader>
        <div className="grid max-h-[70vh] gap-3 overflow-y-auto">
          {email?.html ? (
            <iframe
              title={`Email: ${email.subject}`}
              data-testid="email-html"
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              srcDoc={withLinksInNewTab(email.html)}
              className="h-[420px] w-full rounded-md border bg-white"
            />
          ) : null}
          <details open={!email?.html}>
            <summary className="cursor-pointer text-sm">Text version</summary>
            <pre
              data-testid="email-text"
              className="mt-2 whitespace-pre-wrap break-words rounded-md bg-muted p-4 font-mono text-sm"
            >
              {email ? <LinkedText text={email.text} /> : null}
            </pre>
          </details>
        </div>
      </DialogContent>
    </Dialog>
  );
}
