// A local stand-in for the EasyPost API (the two calls a return label makes), for the tests.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeEasyPostRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export const FAKE_LABEL_URL = 'https://labels.easypost.test/shp_fake.pdf';
export const FAKE_TRACKING = '9400100000000000000001';

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export class FakeEasyPost {
  readonly requests: FakeEasyPostRequest[] = [];
  /** The next shipment is refused as EasyPost refuses an address it cannot verify. */
  refuseNext = false;
  private server: Server | undefined;

  /** Starts on a free port and answers the API base to give EASYPOST_API_BASE. */
  async start(): Promise<string> {
    this.server = createServer(async (request, response) => {
      const body = await readJson(request);
      const path = (request.url ?? '').split('?')[0] ?? '';
      this.requests.push({
        method: request.method ?? '',
        path,
        authorization: request.headers.authorization,
        body,
      });
      const send = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (request.method === 'POST' && path === '/v2/shipments') {
        if (this.refuseNext) {
          this.refuseNext = false;
          return send(422, {
            error: { code: 'ADDRESS.VERIFY.FAILURE', message: 'Address not found', errors: [] },
          });
        }
        return send(201, {
          id: 'shp_fake',
          object: 'Shipment',
          rates: [
            { id: 'rate_ups', object: 'Rate', rate: '11.40', carrier: 'UPS', service: 'Ground' },
            { id: 'rate_usps', object: 'Rate', rate: '7.25', carrier: 'USPS', service: 'GroundAdvantage' },
          ],
        });
      }
      if (request.method === 'POST' && path === '/v2/shipments/shp_fake/buy') {
        return send(200, {
          id: 'shp_fake',
          object: 'Shipment',
          tracking_code: FAKE_TRACKING,
          postage_label: { object: 'PostageLabel', label_pdf_url: FAKE_LABEL_URL, label_url: FAKE_LABEL_URL },
        });
      }
      return send(404, {
        error: { code: 'NOT_FOUND', message: 'The requested resource could not be found.' },
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
