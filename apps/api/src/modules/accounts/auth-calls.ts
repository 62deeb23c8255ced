// Better Auth keeps its request, endpoint and transaction state in AsyncLocalStorage. On Node 20 an
// AsyncLocalStorage, once run, installs promise hooks for the whole process: from then on every
// promise anywhere (every query, every request) runs extra JavaScript, whether or not Better Auth is
// involved. Measured on the signed-in cart flow: about half of the server's CPU. So every call into
// Better Auth is counted, and whenever none is running its stores are disabled, which takes the hooks
// away until the next call runs one again (AsyncLocalStorage.run enables its store by itself).
// Better Auth leaves no work running after a call returns (its background tasks are awaited unless a
// backgroundTasks handler is configured, and none is), so no context is lost.

/** Where Better Auth keeps its stores: `globalThis[Symbol.for('better-auth:global')].context`. */
const BETTER_AUTH_GLOBAL = Symbol.for('better-auth:global');
const STORE_KEYS = ['endpointContextAsyncStorage', 'requestStateAsyncStorage', 'adapterAsyncStorage'];

let running = 0;

/** The AsyncLocalStorage instances Better Auth has created so far. */
export function betterAuthStores(): Array<{ disable(): void }> {
  const global = (globalThis as Record<symbol, { context?: Record<string, unknown> } | undefined>)[
    BETTER_AUTH_GLOBAL
  ];
  return STORE_KEYS.map((key) => global?.context?.[key]).filter(
    (store): store is { disable(): void } =>
      typeof (store as { disable?: unknown } | undefined)?.disable === 'function',
  );
}

/** Runs `call` (anything that calls into Better Auth) counted; the last one to finish disables its stores. */
export async function betterAuthCall<T>(call: () => Promise<T>): Promise<T> {
  running++;
  try {
    return await call();
  } finally {
    running--;
    if (running === 0) for (const store of betterAuthStores()) store.disable();
  }
}

/**
 * The same Better Auth instance, with `handler` and every `api` endpoint counted by betterAuthCall.
 * Code that uses `$context` directly must wrap that use in betterAuthCall itself.
 */
export function countedAuth<A extends { handler: (request: Request) => Promise<Response>; api: object }>(
  auth: A,
): A {
  const api = new Proxy(auth.api, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => betterAuthCall(async () => Reflect.apply(value, target, args));
    },
  });
  const handler = (request: Request) => betterAuthCall(() => auth.handler(request));
  return new Proxy(auth, {
    get(target, key, receiver) {
      if (key === 'api') return api;
      if (key === 'handler') return handler;
      return Reflect.get(target, key, receiver);
    },
  });
}
