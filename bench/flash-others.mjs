// The other products' checkouts during a flash sale (bench/flash-sale.mjs), in a worker thread of their
// own: the sale's load generator (200 connections, a body per request) keeps the bench's main event
// loop busy, and timing the others on that same loop would count its delays as the server's.

import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import { checkoutFlow } from './shoppers.mjs';

/**
 * The ordinary checkout flow on `baseUrls` for `seconds`, `perServer` connections each (connection c
 * is shopper c): each opened checkout session's time (ms since the epoch) and milliseconds taken.
 */
async function otherCheckouts({ baseUrls, shoppers, lines, perServer, seconds }) {
  const opened = [];
  const problems = [];
  let next = 0;
  await Promise.all(
    baseUrls.map((url) =>
      autocannon({
        url,
        connections: perServer,
        duration: seconds,
        timeout: 10,
        setupClient: (client) => {
          const c = next++;
          const [add, session] = checkoutFlow(shoppers[c % shoppers.length], lines[c % lines.length]);
          client.setRequests([
            add,
            {
              ...session,
              setupRequest: (req, context) => {
                context.sent = Date.now();
                return req;
              },
              onResponse: (status, body, context) => {
                const now = Date.now();
                if (status === 200) opened.push({ at: now, ms: now - context.sent });
                else if (problems.length < 5) problems.push(`${status} ${String(body).slice(0, 200)}`);
              },
            },
          ]);
        },
      }),
    ),
  );
  return { opened, problems };
}

/** otherCheckouts in a worker thread; resolves with its { opened, problems }. */
export function otherCheckoutsInWorker({ servers, ...rest }) {
  const data = { ...rest, baseUrls: servers.map((s) => s.baseUrl) };
  return new Promise((resolve, reject) => {
    const worker = new Worker(fileURLToPath(import.meta.url), { workerData: data });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the other checkouts' worker exited with ${code}`));
    });
  });
}

if (!isMainThread && workerData?.baseUrls) {
  parentPort.postMessage(await otherCheckouts(workerData));
}
