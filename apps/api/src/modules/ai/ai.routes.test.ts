import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerAppPerFile } from '../../../test/catalog-app.ts';
import { signUpAs } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { AI_RATE_LIMIT_PER_MINUTE } from './ai.routes.ts';

const URL = '/api/admin/ai/improve-product';

describe('AI rewrite with the local provider (default)', () => {
  const suite = managerAppPerFile({ staff: true });
  const improve = (payload: object, cookie?: string) => suite.call('POST', URL, payload, cookie);

  it('returns the tidied name and description, the same every time', async () => {
    const body = { name: 'trail  mug', description: 'enamel mug,holds 350 ml.great for camping' };
    const res = await improve(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      improved: { name: 'Trail Mug', description: 'Enamel mug, holds 350 ml. Great for camping.' },
      mode: { provider: 'local', model: null },
    });
    expect((await improve(body)).json()).toEqual(res.json());
  });

  it('fixes grammar offline (a/an, its, doubled words, units) and says the rules answered', async () => {
    const res = await improve({
      name: 'a enamel mug 12oz',
      description: "A enamel mug. Its good for camping and it's handle stays cool.the the lid fits a 8oz cup",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      improved: {
        name: 'An Enamel Mug 12 oz',
        description:
          "An enamel mug. It's good for camping and its handle stays cool. The lid fits an 8 oz cup.",
      },
      mode: { provider: 'local', model: null },
    });
  });

  it('leaves URLs and SKUs in the copy as written', async () => {
    const description = 'Sold as MUG-12OZ at https://cartwheel.shop/its-a-a-mug_12oz.';
    const res = await improve({ name: 'Trail Mug', description });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().improved.description).toBe(description);
  });

  it('needs a product name, with the product-name message', async () => {
    for (const name of ['', '   ']) {
      const res = await improve({ name, description: 'Something' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('Please enter a product name before using AI improvement');
    }
  });

  it('is for managers and above', async () => {
    expect((await improve({ name: 'Lamp' }, suite.staff)).statusCode).toBe(403);
  });

  it(`allows ${AI_RATE_LIMIT_PER_MINUTE} rewrites a minute per user, then answers 429`, async () => {
    const other = (await signUpAs(suite.ctx.app, suite.ctx.db, 'admin')).cookie;
    for (let i = 0; i < AI_RATE_LIMIT_PER_MINUTE; i++) {
      expect((await improve({ name: `Lamp ${i}` }, other)).statusCode).toBe(200);
    }
    const limited = await improve({ name: 'One more' }, other);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({
      code: 'rate_limited',
      message: 'Too many AI requests. Please wait a minute and try again.',
    });
    // Another user has their own allowance.
    expect((await improve({ name: 'Lamp' })).statusCode).toBe(200);
  });
});

describe('AI rewrite with an OpenAI-compatible provider', () => {
  let server: Server;
  let baseUrl: string;
  let handler: (req: IncomingMessage, body: string, res: ServerResponse) => void;
  const seen: Array<{ url: string; auth: string | undefined; body: Record<string, unknown> }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        seen.push({ url: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(body) });
        handler(req, body, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const reply = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const completion = (content: string) => ({ choices: [{ message: { role: 'assistant', content } }] });

  async function withApp(
    env: Record<string, string>,
    run: (ctx: TestContext, cookie: string) => Promise<void>,
  ) {
    const ctx = await createTestApp({
      AI_PROVIDER: 'openai',
      AI_BASE_URL: baseUrl,
      AI_API_KEY: 'test-key',
      AI_MODEL: 'test-model',
      ...env,
    });
    try {
      await run(ctx, (await signUpAs(ctx.app, ctx.db, 'manager')).cookie);
    } finally {
      await ctx.close();
    }
  }
  const improve = (ctx: TestContext, cookie: string) =>
    ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: { cookie },
      payload: { name: 'trail mug', description: 'enamel mug' },
    });

  it('sends the name and description to chat completions and returns the validated answer', async () => {
    handler = (_req, _body, res) =>
      reply(res, 200, completion('{"name": "Trail Mug", "description": "An enamel mug."}'));
    await withApp({}, async (ctx, cookie) => {
      const res = await improve(ctx, cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        improved: { name: 'Trail Mug', description: 'An enamel mug.' },
        mode: { provider: 'openai', model: 'test-model' },
      });
    });
    const request = seen.at(-1)!;
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.auth).toBe('Bearer test-key');
    expect(request.body).toMatchObject({ model: 'test-model', response_format: { type: 'json_object' } });
    const messages = request.body.messages as Array<{ role: string; content: string }>;
    expect(JSON.parse(messages.at(-1)!.content)).toEqual({ name: 'trail mug', description: 'enamel mug' });
  });

  it('accepts an answer wrapped in a ```json fence', async () => {
    handler = (_req, _body, res) =>
      reply(res, 200, completion('```json\n{"name": "Trail Mug", "description": ""}\n```'));
    await withApp({}, async (ctx, cookie) => {
      expect((await improve(ctx, cookie)).json().improved).toEqual({ name: 'Trail Mug', description: '' });
    });
  });

  it.each([
    [
      'an HTTP error',
      (res: ServerResponse) => reply(res, 500, { error: { message: 'model overloaded' } }),
      'AI provider returned HTTP 500: model overloaded',
    ],
    [
      'text that is not JSON',
      (res: ServerResponse) => reply(res, 200, completion('Sure! Here you go: Trail Mug')),
      'AI provider returned an invalid response',
    ],
    [
      'JSON of the wrong shape',
      (res: ServerResponse) => reply(res, 200, completion('{"title": "Trail Mug"}')),
      'AI provider returned an invalid response',
    ],
    [
      'an empty name',
      (res: ServerResponse) => reply(res, 200, completion('{"name": "", "description": "x"}')),
      'AI provider returned an invalid response',
    ],
    [
      'a body without choices',
      (res: ServerResponse) => reply(res, 200, { ok: true }),
      'AI provider returned an invalid response',
    ],
  ])(
    'turns %s into a 502 with a message for "Failed to improve product: {message}"',
    async (_, respond, message) => {
      handler = (_req, _body, res) => respond(res);
      await withApp({}, async (ctx, cookie) => {
        const res = await improve(ctx, cookie);
        expect(res.statusCode).toBe(502);
        expect(res.json().error).toEqual({ code: 'ai_failed', message });
      });
    },
  );

  it('gives up after AI_TIMEOUT_MS', async () => {
    handler = (_req, _body, res) => {
      setTimeout(() => reply(res, 200, completion('{"name": "Late", "description": ""}')), 2000);
    };
    await withApp({ AI_TIMEOUT_MS: '200' }, async (ctx, cookie) => {
      const res = await improve(ctx, cookie);
      expect(res.statusCode).toBe(502);
      expect(res.json().error.message).toBe('AI provider did not answer within 200 ms');
    });
  });

  it('reports a provider that cannot be reached', async () => {
    await withApp({ AI_BASE_URL: 'http://127.0.0.1:9/v1' }, async (ctx, cookie) => {
      const res = await improve(ctx, cookie);
      expect(res.statusCode).toBe(502);
      expect(res.json().error.message).toBe('AI provider could not be reached');
    });
  });
});
