import {
  customerDetail,
  customerIdParams,
  customerInvite,
  customerList,
  customerListQuery,
} from '@cartwheel/shared/contracts/customers';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsvDownload } from '../../lib/csv-download.ts';
import { primed } from '../../lib/primed.ts';
import type { Auth } from '../accounts/auth.ts';
import { audit } from '../audit/audit.service.ts';
import { exportCustomersCsv } from './customer-export.ts';
import { inviteCustomer } from './customer-invite.ts';
import { getCustomer, listCustomers } from './customers.service.ts';

const tags = ['admin: customers'];

/** The back office's customers: a searchable list with order figures, and one customer with their orders. */
export const customersRoutes: FastifyPluginAsyncZod<{ auth: Auth }> = async (app, { auth }) => {
  const { db } = app;

  app.get(
    '/admin/customers',
    {
      schema: {
        tags,
        summary: 'Customers with order count, total spent and last order; searched, sorted and paged',
        querystring: customerListQuery,
        response: { 200: customerList, 400: errorBody },
      },
    },
    async (request) => listCustomers(db, request.query),
  );

  app.get(
    '/admin/customers/export',
    {
      schema: {
        tags,
        summary: 'The searched customers as a CSV file (total spent in the base currency)',
        querystring: customerListQuery.omit({ page: true, limit: true }),
      },
    },
    async (request, reply) => {
      // The header and the first batch are read before anything is sent: a failure there is an error answer.
      const csv = await primed(exportCustomersCsv(db, request.query), 2);
      await audit.record(db, request, {
        action: 'customers.exported',
        target: { type: 'customers', id: audit.queryText(request.query) },
      });
      return sendCsvDownload(reply, 'customers', csv);
    },
  );

  app.get(
    '/admin/customers/:customerId',
    {
      schema: {
        tags,
        summary: 'One customer: profile, figures and their orders',
        params: customerIdParams,
        response: { 200: customerDetail, 404: errorBody },
      },
    },
    async (request) => getCustomer(db, request.params.customerId),
  );

  app.post(
    '/admin/customers/:customerId/invite',
    {
      schema: {
        tags,
        summary: 'Emails a customer staff created a link to choose their password (only without one)',
        params: customerIdParams,
        response: { 200: customerInvite, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => inviteCustomer({ ...app.checkout.ctx, db, auth }, request.params.customerId),
  );
};
