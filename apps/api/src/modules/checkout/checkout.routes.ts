import {
  checkoutSession,
  completeCheckoutBody,
  completedCheckout,
  createCheckoutSessionBody,
} from '@cartwheel/shared/contracts/checkout';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from '../accounts/viewer.ts';
import type { Checkout } from './checkout.ts';

/** POST /api/checkout/sessions (start paying for the cart) and POST /api/checkout/complete (success page). */
export const checkoutRoutes: FastifyPluginAsyncZod<{ checkout: Checkout }> = async (app, { checkout }) => {
  app.post(
    '/checkout/sessions',
    {
      schema: {
        tags: ['checkout'],
        summary:
          "Reserve the cart's stock, create the pending order and open a payment session; prices come from the database",
        body: createCheckoutSessionBody,
        response: { 200: checkoutSession, 400: errorBody, 401: errorBody, 409: errorBody, 502: errorBody },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      const { url } = await checkout.createSession(viewer, request.body.customer_info);
      return { url };
    },
  );

  app.post(
    '/checkout/complete',
    {
      schema: {
        tags: ['checkout'],
        summary: "Record a paid checkout session (idempotent); only the order's owner may call it",
        body: completeCheckoutBody,
        response: { 200: completedCheckout, 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      const { orderNumber } = await checkout.complete(request.body.session_id, viewer.userId);
      return { order_number: orderNumber };
    },
  );
};
