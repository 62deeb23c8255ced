import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpCaptureOptions {
  /**
   * Called with each message's data before the server answers; returning false leaves the message
   * unaccepted (the client never gets its 250), e.g. when the test has just killed the sender.
   */
  beforeAccept?: (message: Received, index: number) => Promise<boolean> | boolean;
}

/** A real SMTP server on a random local port that keeps each message it accepted. */
export async function startSmtpServer(options: SmtpCaptureOptions = {}) {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  let arrived = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const message = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        if (options.beforeAccept && !(await options.beforeAccept(message, arrived++))) {
          callback(new Error('not accepted'));
          return;
        }
        received.push(message);
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    /** Resolves when `count` messages have arrived (or fails the test after `timeoutMs`). */
    async waitFor(count: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`only ${received.length} of ${count} messages arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
