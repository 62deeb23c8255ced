// A Cartwheel app in one file, with no dependencies (docs/apps.md): it serves the page the back office
// draws in a sandboxed frame, checks the signed token in its address, and reads the order it is shown
// beside through the shop's API with its API key.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const secret = process.env.APP_SECRET ?? '';
const apiKey = process.env.APP_API_KEY ?? '';
const shopUrl = (process.env.SHOP_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const port = Number(process.env.PORT ?? 4000);
if (!secret) {
  console.error('APP_SECRET is required: the signing secret shown when the app was added');
  process.exit(1);
}

/** The token's claims when the shop signed it with our secret and it has not expired, else null. */
function verify(token) {
  const [header, payload, signature, ...rest] = String(token ?? '').split('.');
  if (!header || !payload || !signature || rest.length) return null;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'HS256') return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  return claims.exp * 1000 > Date.now() ? claims : null;
}

const asText = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What the shop says about the record shown, through the REST API with the app's key. */
async function describe(resource) {
  if (resource.type === 'page') return 'The app’s own page';
  const path = { order: 'orders', product: 'products', customer: 'customers' }[resource.type];
  if (!apiKey) return `${resource.type} ${resource.id}`;
  const res = await fetch(`${shopUrl}/api/admin/${path}/${resource.id}`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  if (!res.ok) return `${resource.type} ${resource.id} (the shop answered ${res.status})`;
  const body = await res.json();
  if (resource.type === 'order') return `Order #${body.order_number}`;
  return resource.type === 'product' ? `Product ${body.name}` : `Customer ${body.email}`;
}

const page = (body) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Example app</title><style>body{font:14px system-ui,sans-serif;margin:12px;color:#222}</style>
</head><body>${body}</body></html>`;

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://app.invalid');
  const claims = verify(url.searchParams.get('token'));
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  if (!claims) {
    res.statusCode = 401;
    res.end(
      page(
        '<p>This page opens from the shop’s back office only (the token is missing, wrong or expired).</p>',
      ),
    );
    return;
  }
  try {
    const what = await describe(claims.resource);
    res.end(page(`<p data-testid="example-app-text">${asText(what)} seen by ${asText(claims.email)}</p>`));
  } catch (error) {
    res.statusCode = 502;
    res.end(page(`<p>Could not reach the shop: ${asText(error.message)}</p>`));
  }
});

server.listen(port, '127.0.0.1', () => console.log(`example app on http://127.0.0.1:${port}`));
