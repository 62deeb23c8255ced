import { errorBody } from '@cartwheel/shared/contracts/errors';
import { paymentSettings, paymentSettingsInput } from '@cartwheel/shared/contracts/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit } from '../audit/audit.service.ts';
import { activePaymentProvider, choosePaymentProvider, loadPaymentSettings } from './payment-settings.ts';

/** Settings → Payments (admins): which provider new checkouts use; the credentials stay in the environment. */
export const paymentSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments } = app.config;

  app.get(
    '/admin/settings/payments',
    {
      schema: {
        tags: ['admin'],
        summary: 'The payment provider new checkouts use, and what each provider still needs',
        response: { 200: paymentSettings },
      },
    },
    async () => loadPaymentSettings(app.db, payments),
  );

  app.put(
    '/admin/settings/payments',
    {
      schema: {
        tags: ['admin'],
        summary: 'Choose the payment provider new checkouts use (one without credentials is refused)',
        body: paymentSettingsInput,
        response: { 200: paymentSettings, 400: errorBody },
      },
    },
    async (request) =>
      app.db.transaction(async (tx) => {
        const before = await activePaymentProvider(tx, payments);
        const after = await choosePaymentProvider(tx, payments, request.body.provider);
        if (before !== after.provider) {
          await audit.record(tx, request, {
            action: 'settings.updated',
            target: { type: 'settings', id: 'payments' },
            changes: { payment_provider: [before, after.provider] },
          });
        }
        return after;
      }),
  );
};
