import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A local HTTP server standing in for a third party's API: it records every request and answers
 * with `status` (200 unless changed). Close it after the test.
 */
export async function fakeHttpServer(): Promise<{
  url: string;
  requests: RecordedRequest[];
  status: number;
  /** What it answers (a JSON success unless changed), with its content type. */
  body: string;
  contentType: string;
  close(): Promise<void>;
}> {
  const requests: RecordedRequest[] = [];
  const state = { status: 200, body: '{"success":true}', contentType: 'application/json' };
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      res.writeHead(state.status, { 'content-type': state.contentType }).end(state.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get status() {
      return state.status;
    },
    set status(value: number) {
      state.status = value;
    },
    get body() {
      return state.body;
    },
    set body(value: string) {
      state.body = value;
    },
    get contentType() {
      return state.contentType;
    },
    set contentType(value: string) {
      state.contentType = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
