import { parse as parseQueryString } from 'node:querystring';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Checkout } from '../checkout/checkout.ts';
import {
  type LocalPaymentProvider,
  type LocalPayPage,
  PAY_MESSAGES,
  type PayProblem,
  payProblemOf,
} from './local-provider.ts';
import { renderMissingPayPage, renderPayPage } from './pay-page.ts';

const first = (value: unknown): string =>
  (Array.isArray(value) ? String(value[0] ?? '') : typeof value === 'string' ? value : '').slice(0, 200);

function closedMessage(page: LocalPayPage): string | undefined {
  if (page.view === 'expired') return PAY_MESSAGES.sessionExpired;
  if (page.view === 'cancelled') return PAY_MESSAGES.sessionCancelled;
  return undefined;
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return (
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // The session id in the URL never goes to another site; the page's own form still sends its
      // origin (with no-referrer a browser sends `Origin: null`, which the cross-site check refuses).
      .header('referrer-policy', 'same-origin')
      .send(html)
  );
}

const pagePath = (sessionId: string, problem?: PayProblem) =>
  `/pay/${encodeURIComponent(sessionId)}${problem ? `?error=${problem}` : ''}`;

/**
 * The local provider's hosted payment page: GET /pay/:sessionId shows it, POST pays or cancels.
 * Registered only when PAYMENT_PROVIDER=local. A plain HTML form, so it works without any script.
 * Every POST answers with a redirect (post/redirect/get): Back never lands on a POST's answer, and a
 * paid session's page sends the browser on to the receipt.
 */
export const payPageRoutes: FastifyPluginAsync<{
  provider: LocalPaymentProvider;
  checkout: Checkout;
}> = async (app, { provider, checkout }) => {
  const { shopName } = app.config;

  // Scoped to this plugin: the form posts application/x-www-form-urlencoded.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) => done(null, parseQueryString(body as string)),
  );

  app.get<{ Params: { sessionId: string }; Querystring: { error?: unknown } }>(
    '/pay/:sessionId',
    { schema: { hide: true } },
    async (request, reply) => {
      const page = await provider.getPage(request.params.sessionId);
      if (!page) return sendPage(reply, 404, renderMissingPayPage(shopName));
      // Back from the receipt, or the link opened again: the order is paid, show it.
      if (page.view === 'paid')
        return reply.header('cache-control', 'no-store').redirect(page.successUrl, 303);
      const problem = page.view === 'open' ? payProblemOf(request.query.error) : undefined;
      const error = problem ? PAY_MESSAGES[problem] : closedMessage(page);
      return sendPage(reply, 200, renderPayPage(page, { shopName, error }));
    },
  );

  app.post<{ Params: { sessionId: string }; Body: Record<string, unknown> | undefined }>(
    '/pay/:sessionId',
    { schema: { hide: true } },
    async (request, reply) => {
      const { sessionId } = request.params;
      const body = request.body ?? {};
      const page = await provider.getPage(sessionId);
      if (!page) return sendPage(reply, 404, renderMissingPayPage(shopName));

      if (first(body.action) === 'cancel') {
        // Cancel closes the session and returns the stock at once; the cart is untouched.
        if (await provider.cancel(sessionId)) {
          await checkout
            .cancelBySession(sessionId, {
              type: 'checkout_cancelled',
              message: 'The shopper cancelled the payment; the order was cancelled and its stock returned.',
            })
            .catch((error: unknown) => request.log.warn({ err: error }, 'could not cancel the order'));
        }
        return reply.redirect(page.cancelUrl, 303);
      }

      const card = { number: first(body.card_number), expiry: first(body.expiry), cvc: first(body.cvc) };
      const result = await provider.pay(sessionId, card);
      if (!result) return sendPage(reply, 404, renderMissingPayPage(shopName));
      if (result.ok) return reply.redirect(result.successUrl, 303);
      // The page again, saying why; a closed session's page says so by itself.
      return reply.redirect(pagePath(sessionId, result.view === 'open' ? result.problem : undefined), 303);
    },
  );
};
