import { errorBody } from '@cartwheel/shared/contracts/errors';
import { finances, financesQuery, ledgerPage, ledgerQuery } from '@cartwheel/shared/contracts/finances';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsvDownload } from '../../lib/csv-download.ts';
import { primed } from '../../lib/primed.ts';
import { audit } from '../audit/audit.service.ts';
import { exportLedgerCsv, getFinances, getLedger } from './finances.service.ts';

const tags = ['admin: finances'];

/** Finances: the payments and refunds ledger, payouts, tax by region and discounts (managers and admins). */
export const financesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/admin/finances',
    {
      schema: {
        tags,
        summary: 'Payouts per period and method, tax by region and period, and discounts given, for a range',
        querystring: financesQuery,
        response: { 200: finances, 400: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getFinances(db, request.query);
    },
  );

  app.get(
    '/admin/finances/ledger',
    {
      schema: {
        tags,
        summary: 'Payments received and refunds given in a range, newest first, paged',
        querystring: ledgerQuery,
        response: { 200: ledgerPage, 400: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getLedger(db, request.query);
    },
  );

  app.get(
    '/admin/finances/ledger/export',
    {
      schema: {
        tags,
        summary:
          'The whole ledger of a range as a CSV file (money in the base currency and in the currency that moved; refunds negative)',
        querystring: financesQuery.pick({ from: true, to: true }),
      },
    },
    async (request, reply) => {
      const csv = await primed(exportLedgerCsv(db, request.query), 2);
      await audit.record(db, request, {
        action: 'ledger.exported',
        target: { type: 'ledger', id: audit.queryText(request.query) },
      });
      return sendCsvDownload(reply, 'ledger', csv);
    },
  );
};
