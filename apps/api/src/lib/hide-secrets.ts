const HIDDEN = '[hidden]';

/**
 * Text with its secrets replaced: the value of a `token`, `code` or `key` query parameter, and any
 * path segment long and random enough to be a secret (a reset or order link's token). The back
 * office's outbox shows emails this way (their HTML too: `&amp;` before a parameter, a quote after
 * it), and the request log writes URLs this way.
 */
export function hideSecrets(text: string): string {
  return text
    .replace(/((?:[?&]|&amp;)(?:token|code|key)=)[^&\s"'<>]+/gi, `$1${HIDDEN}`)
    .replace(/\/[A-Za-z0-9_-]{32,}(?=[/?#\s"'<&]|$)/g, `/${HIDDEN}`);
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers?: Record<string, string | string[] | undefined>;
  socket?: { remotePort?: number };
}

/** The log's view of a request, as Fastify's own, with the URL's secrets hidden. */
export function requestForLog(req: LoggedRequest) {
  return {
    method: req.method,
    url: hideSecrets(req.url),
    version: String(req.headers?.['accept-version'] ?? '') || undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
