import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Requests whose handlers (or streamed bodies) are still running. */
export interface InFlight {
  readonly count: number;
  /** Resolves when none is running, or after `timeoutMs` (true when they all finished). */
  settled(timeoutMs: number): Promise<boolean>;
}

const isStream = (
  payload: unknown,
): payload is NodeJS.ReadableStream & { once: (e: string, f: () => void) => void } =>
  typeof (payload as { pipe?: unknown } | null)?.pipe === 'function';

/**
 * Counts requests from onRequest until their handler has produced the reply (onSend), or until a
 * streamed body has ended. Shutdown waits for it before closing the database: a client that hung
 * up does not stop its handler, and the server's own close does not wait for such handlers.
 */
export function trackInFlight(app: FastifyInstance): InFlight {
  let count = 0;
  let waiters: Array<() => void> = [];
  const open = new WeakSet<FastifyRequest>();
  const finish = (request: FastifyRequest) => {
    if (!open.delete(request)) return;
    count--;
    if (count === 0) {
      for (const wake of waiters) wake();
      waiters = [];
    }
  };
  app.addHook('onRequest', (request, _reply, done) => {
    open.add(request);
    count++;
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (isStream(payload)) payload.once('close', () => finish(request));
    else finish(request);
    done(null, payload);
  });
  // A request refused before onSend (a hook error after the response started) still ends here.
  app.addHook('onResponse', (request, _reply, done) => {
    finish(request);
    done();
  });
  return {
    get count() {
      return count;
    },
    settled(timeoutMs) {
      if (count === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
  };
}
