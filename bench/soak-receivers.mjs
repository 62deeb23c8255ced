// The soak's outside world (bench/soak.mjs): a mail server that keeps every message the shop's worker
// hands it, and a webhook receiver that keeps every delivery. Each answers at once and remembers what
// arrived, keyed by what makes a message one message: its Message-ID (the outbox row's id) and the
// event's id. Both listen on 127.0.0.1.

import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

/** Adds one arrival of `key` to `counts` (key -> times seen). */
const count = (counts, key) => counts.set(key, (counts.get(key) ?? 0) + 1);

/** An SMTP server that accepts everything; `messages` maps Message-ID -> times received. */
export async function startMailCatcher() {
  const messages = new Map();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const head = Buffer.concat(chunks)
          .toString('utf8')
          .split(/\r?\n\r?\n/, 1)[0];
        count(messages, /^message-id:\s*<([^>]+)>/im.exec(head)?.[1] ?? 'no message-id');
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An HTTP receiver answering 204 to every POST; `events` maps event id -> { type, times }. */
export async function startWebhookReceiver() {
  const events = new Map();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      try {
        const event = JSON.parse(body);
        const seen = events.get(event.id) ?? { type: event.type, orderId: event.data?.id, times: 0 };
        seen.times++;
        events.set(event.id, seen);
        res.writeHead(204).end();
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/hooks`,
    events,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
