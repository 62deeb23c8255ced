import {
  documentOrdersQuery,
  documentSettings,
  documentSettingsPatch,
  orderDocuments,
} from '@cartwheel/shared/contracts/documents';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import { orderIdParams } from '@cartwheel/shared/contracts/orders';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../accounts/viewer.ts';
import { audit } from '../audit/audit.service.ts';
import { renderDocuments } from './document-pdf.ts';
import { loadDocumentSettings, loadSeller, updateDocumentSettings } from './document-settings.ts';
import { getCreditNote, listOrderDocuments } from './documents.service.ts';
import { customerInvoicePdf, invoicesPdf, packingSlipsPdf } from './print-documents.ts';

const tags = ['admin: documents'];
const pdfErrors = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Sends a PDF to open in the browser's viewer (or save as `name`), never kept by a cache. */
const sendPdf = (reply: FastifyReply, name: string, pdf: Buffer) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${name.replace(/[^\w.-]/g, '-')}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);

/** Packing slips, invoices and credit notes for staff, the shopper's invoice, and the documents' settings. */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const seller = () => loadSeller(db, config);
  const actor = async (request: Parameters<typeof requireViewer>[0]) => (await requireViewer(request)).userId;

  app.get(
    '/admin/orders/:orderId/packing-slip',
    {
      schema: { tags, summary: "The order's packing slip (PDF)", params: orderIdParams, response: pdfErrors },
    },
    async (request, reply) => {
      const { name, pdf } = await packingSlipsPdf(db, [request.params.orderId], await seller());
      return sendPdf(reply, name, pdf);
    },
  );

  app.get(
    '/admin/orders/:orderId/invoice',
    {
      schema: {
        tags,
        summary: "The order's invoice (PDF), issued with the next number on its first request once paid",
        params: orderIdParams,
        response: pdfErrors,
      },
    },
    async (request, reply) => {
      const { name, pdf } = await invoicesPdf(
        db,
        [request.params.orderId],
        await seller(),
        await actor(request),
      );
      return sendPdf(reply, name, pdf);
    },
  );

  app.get(
    '/admin/orders/:orderId/documents',
    {
      schema: {
        tags,
        summary: "The order's issued invoice and credit notes",
        params: orderIdParams,
        response: { 200: orderDocuments, 404: errorBody },
      },
    },
    async (request) => listOrderDocuments(db, request.params.orderId),
  );

  app.get(
    '/admin/orders/:orderId/credit-notes/:creditNoteId',
    {
      schema: {
        tags,
        summary: 'One of the order’s credit notes (PDF)',
        params: orderIdParams.extend({ creditNoteId: z.uuid('creditNoteId must be a UUID') }),
        response: pdfErrors,
      },
    },
    async (request, reply) => {
      const note = await getCreditNote(db, request.params.orderId, request.params.creditNoteId);
      const pdf = await renderDocuments(note.number, [
        { kind: 'credit_note', number: note.number, issuedAt: note.issuedAt, note: note.document },
      ]);
      return sendPdf(reply, `credit-note-${note.number}`, pdf);
    },
  );

  app.get(
    '/admin/documents/packing-slips',
    {
      schema: {
        tags,
        summary: 'The packing slips of the selected orders in one PDF, a page or more each',
        querystring: documentOrdersQuery,
        response: pdfErrors,
      },
    },
    async (request, reply) => {
      const { name, pdf } = await packingSlipsPdf(db, request.query.order_ids, await seller());
      return sendPdf(reply, name, pdf);
    },
  );

  app.get(
    '/admin/documents/invoices',
    {
      schema: {
        tags,
        summary: 'The invoices of the selected orders in one PDF; all are paid or none is issued (409)',
        querystring: documentOrdersQuery,
        response: pdfErrors,
      },
    },
    async (request, reply) => {
      const { name, pdf } = await invoicesPdf(
        db,
        request.query.order_ids,
        await seller(),
        await actor(request),
      );
      return sendPdf(reply, name, pdf);
    },
  );

  app.get(
    '/admin/settings/documents',
    {
      schema: {
        tags,
        summary: "The seller's address and tax number on invoices, and the numbers' prefixes",
        response: { 200: documentSettings },
      },
    },
    async () => loadDocumentSettings(db),
  );

  app.patch(
    '/admin/settings/documents',
    {
      schema: {
        tags,
        summary: "Change the seller's address or tax number, or the prefix of the next numbers",
        body: documentSettingsPatch,
        response: { 200: documentSettings, 400: errorBody },
      },
    },
    async (request) => {
      const before = await loadDocumentSettings(db);
      const after = await updateDocumentSettings(db, request.body);
      const changes = audit.changesBetween(before, after);
      if (Object.keys(changes).length) {
        await audit.record(db, request, {
          action: 'document_settings.updated',
          target: { type: 'settings', id: 'documents' },
          changes,
        });
      }
      return after;
    },
  );

  app.get(
    '/account/orders/:orderId/invoice',
    {
      schema: {
        tags: ['account'],
        summary: "The invoice of one of the signed-in shopper's paid orders (PDF); anyone else's answers 404",
        params: z.object({ orderId: z.string() }),
        response: { 401: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const { name, pdf } = await customerInvoicePdf(
        db,
        viewer.userId,
        request.params.orderId,
        await seller(),
      );
      return sendPdf(reply, name, pdf);
    },
  );
};
