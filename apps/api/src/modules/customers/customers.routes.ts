import {
  customerDetail,
  customerIdParams,
  customerInvite,
  customerList,
  customerListQuery,
} from '@cartwheel/shared/contracts/customers';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Auth } from '../accounts/auth.ts';
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
