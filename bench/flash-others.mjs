// The other products' checkouts during a flash sale (bench/flash-sale.mjs), in a worker thread of their
// own: the sale's load generator (200 connections, a body per request) keeps the bench's main event
// loop busy, and timing the others on that same loop would count its delays as the server's.
//
// Two ways to run them, each shopper with its own request sequence (the bench's checkout flow, built
// by the main thread: `flows[i]` is shopper i's):
// - closed loop (`closedLoop`): `perServer` connections per web process, each sending its next flow as
//   soon as the last is answered, for `seconds`: as fast as the machine lets them.
// - open loop (`atRate`): flows arrive at a fixed `rate` per second whatever the answers do, as
//   shoppers who do not know about the sale would, until the main thread says stop. Each arrival takes
//   a free shopper (shopper i sends to web process i mod processes); when none is free it waits for one,
//   and that wait counts in its time, which runs from its arrival, not from its sending. A flow may end
//   with a pay step (payRequests): the shopper pays the session it opened, so its payment runs
//   recordPayment beside the sale's.

import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const problem = (req, status, body) => `${req.method} ${req.path} -> ${status} ${String(body).slice(0, 200)}`;

/**
 * Closed loop: each opened checkout session's time (ms since the epoch) and milliseconds taken, and
 * when the loop started and ended.
 */
async function closedLoop({ baseUrls, flows, perServer, seconds }) {
  const opened = [];
  const problems = [];
  let next = 0;
  const start = Date.now();
  await Promise.all(
    baseUrls.map((url) =>
      autocannon({
        url,
        connections: perServer,
        duration: seconds,
        timeout: 10,
        setupClient: (client) => {
          const [add, session] = flows[next++ % flows.length];
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
                else if (problems.length < 5) problems.push(problem(session, status, body));
              },
            },
          ]);
        },
      }),
    ),
  );
  return { opened, problems, start, end: Date.now() };
}

/** One request on a keep-alive agent: { status, body }; a broken connection is status 0. */
function send(agent, baseUrl, req) {
  return new Promise((resolve) => {
    const headers = { ...req.headers };
    if (req.body !== undefined) headers['content-length'] = Buffer.byteLength(req.body);
    const r = request(
      new URL(req.path, baseUrl),
      { method: req.method, headers, agent, signal: AbortSignal.timeout(30_000) },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
        res.on('error', (e) => resolve({ status: 0, body: e.message }));
      },
    );
    r.on('error', (e) => resolve({ status: 0, body: e.message }));
    r.end(req.body);
  });
}

/**
 * A flow's pay step (`{ pay: { form, headers } }`, after its checkout session's request): the local
 * provider's page for the session the last answer named (303 to the success page), then the success
 * page's POST /api/checkout/complete with the shopper's headers, as the sale's guests pay.
 */
function payRequests({ form, headers }, lastBody) {
  const url = /"url":"([^"]+)"/.exec(String(lastBody))?.[1] ?? '';
  const sessionId = decodeURIComponent(url.split('/pay/')[1] ?? '');
  return [
    {
      method: 'POST',
      path: `/pay/${encodeURIComponent(sessionId)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: headers.origin },
      body: form,
    },
    {
      method: 'POST',
      path: '/api/checkout/complete',
      headers,
      body: JSON.stringify({ session_id: sessionId }),
    },
  ];
}

/**
 * Sends one shopper's flow, step by step (a pay step becomes the provider's page and the success
 * page's call): true when every step answered as it should; the first failure goes to `problems`.
 */
async function runFlow(shopper, problems) {
  let last;
  for (const step of shopper.flow) {
    for (const req of step.pay ? payRequests(step.pay, last?.body) : [step]) {
      const res = await send(shopper.agent, shopper.url, req);
      last = res;
      // The provider's page answers 303 to the success page; every other step a 2xx.
      const good = req.path.startsWith('/pay/') ? res.status === 303 : res.status >= 200 && res.status < 300;
      if (!good) {
        if (problems.length < 5) problems.push(problem(req, res.status, res.body));
        return false;
      }
    }
  }
  return true;
}

/** Each shopper of `flows` with the web process it sends to (shopper i: process i mod processes). */
function shoppersOf(baseUrls, flows) {
  const agents = baseUrls.map(() => new Agent({ keepAlive: true, maxSockets: flows.length }));
  const shoppers = flows.map((flow, i) => ({
    flow,
    url: baseUrls[i % baseUrls.length],
    agent: agents[i % baseUrls.length],
  }));
  const close = () => {
    for (const agent of agents) agent.destroy();
  };
  return { shoppers, close };
}

/**
 * Closed loop of whole flows (pay steps included): `perServer` shoppers per web process at a time,
 * each starting its next flow when the last one ends, for `seconds`. Measures the rate the open loop's
 * own flow reaches alone. Returns { start, end, flows: [{ due, end, ok }], problems }.
 */
async function flowsClosedLoop({ baseUrls, flows, perServer, seconds }) {
  const { shoppers, close } = shoppersOf(baseUrls, flows);
  const lanes = Math.min(perServer * baseUrls.length, shoppers.length);
  const done = [];
  const problems = [];
  const start = Date.now();
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      // Lane l takes shoppers l, l + lanes, ...: no shopper runs two flows at once.
      for (let i = lane; Date.now() - start < seconds * 1000; i += lanes) {
        const due = Date.now();
        const ok = await runFlow(shoppers[i % shoppers.length], problems);
        done.push({ due, end: Date.now(), ok });
      }
    }),
  );
  close();
  return { start, end: Date.now(), flows: done, problems };
}

/**
 * Open loop: flow k arrives at `start + k / rate` seconds until `stopped()` (at most `maxSeconds`).
 * Returns { start, offered, flows: [{ due, end, ok }], problems, shoppers, waitedForShopper, maxBacklog }.
 */
async function atRate({ baseUrls, flows, rate, maxSeconds }, stopped) {
  const { shoppers: free, close } = shoppersOf(baseUrls, flows);
  const backlog = [];
  const done = [];
  const problems = [];
  let inFlight = 0;
  let waitedForShopper = 0;
  let maxBacklog = 0;

  const run = async (shopper, due) => {
    inFlight++;
    const ok = await runFlow(shopper, problems);
    done.push({ due, end: Date.now(), ok });
    inFlight--;
    const next = backlog.shift();
    if (next === undefined) free.push(shopper);
    else void run(shopper, next);
  };

  const interval = 1000 / rate;
  const start = Date.now();
  let k = 0;
  while (!stopped() && Date.now() - start < maxSeconds * 1000) {
    for (let due = start + k * interval; due <= Date.now(); due = start + k * interval) {
      k++;
      const shopper = free.shift();
      if (shopper) void run(shopper, due);
      else {
        waitedForShopper++;
        backlog.push(due);
        maxBacklog = Math.max(maxBacklog, backlog.length);
      }
    }
    await sleep(Math.max(1, start + k * interval - Date.now()));
  }
  // The arrivals so far all finish (each request gives up after 30 s).
  while (inFlight > 0 || backlog.length > 0) await sleep(20);
  close();
  return { start, offered: k, flows: done, problems, shoppers: flows.length, waitedForShopper, maxBacklog };
}

/**
 * Runs the others in a worker thread: `data.rate` set runs them open loop until `stop()`; otherwise
 * closed loop for `data.seconds`, of whole flows (pay steps included) when `data.wholeFlows`, else of
 * the add-and-session pair under autocannon. `result` resolves with what the loop returns.
 */
export function startOthers({ servers, ...rest }) {
  const data = { ...rest, baseUrls: servers.map((s) => s.baseUrl) };
  const worker = new Worker(fileURLToPath(import.meta.url), { workerData: data });
  const result = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the other checkouts' worker exited with ${code}`));
    });
  });
  return { result, stop: () => worker.postMessage('stop') };
}

if (!isMainThread && workerData?.baseUrls) {
  if (workerData.rate) {
    let stop = false;
    parentPort.once('message', () => {
      stop = true;
    });
    parentPort.postMessage(await atRate(workerData, () => stop));
    parentPort.close();
  } else if (workerData.wholeFlows) {
    parentPort.postMessage(await flowsClosedLoop(workerData));
  } else {
    parentPort.postMessage(await closedLoop(workerData));
  }
}
