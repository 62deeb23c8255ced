import {
  campaign,
  campaignBody,
  campaignList,
  campaignPreview,
  campaignSettings,
  campaignTestSend,
  segment,
  segmentBody,
  segmentFilters,
  segmentList,
  segmentPreview,
} from '@cartwheel/shared/contracts/campaigns';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { requireViewer } from '../accounts/viewer.ts';
import type { Mailer } from '../email/mailer.ts';
import { previewCampaign, shopUrl } from './campaign-email.ts';
import { verifyLinkSignature, verifyRecipientToken } from './campaign-links.ts';
import { recordClick, recordOpen, sendCampaign, sendTestCampaign } from './campaign-sending.ts';
import {
  createCampaign,
  deleteCampaign,
  getCampaign,
  listCampaigns,
  loadCampaignSettings,
  updateCampaign,
  updateCampaignSettings,
} from './campaigns.service.ts';
import {
  createSegment,
  deleteSegment,
  listSegments,
  previewSegment,
  updateSegment,
} from './segments.service.ts';

const tags = ['admin: campaigns'];
const segmentIdParams = z.object({ segmentId: z.uuid('segmentId must be a UUID') });
const campaignIdParams = z.object({ campaignId: z.uuid('campaignId must be a UUID') });
/** A transparent 1x1 GIF: the open-tracking image. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * Segments and email campaigns in the back office (decision 0092), and the tracking routes their
 * emails link to: the open image and the click redirect.
 */
export const campaignsRoutes: FastifyPluginAsyncZod<{ mailer: Mailer }> = async (app, { mailer }) => {
  const { db, config, jobs } = app;
  const ctx = { db, config, mailer, jobs };

  app.get(
    '/admin/segments',
    { schema: { tags, summary: 'Every segment with its customer counts', response: { 200: segmentList } } },
    async () => ({ items: await listSegments(db) }),
  );

  app.post(
    '/admin/segments/preview',
    {
      schema: {
        tags,
        summary: 'The live count of filters being edited, with a few of the customers they select',
        body: z.object({ filters: segmentFilters }),
        response: { 200: segmentPreview, 400: errorBody },
      },
    },
    async (request) => previewSegment(db, request.body.filters),
  );

  app.post(
    '/admin/segments',
    {
      schema: {
        tags,
        summary: 'Saves a segment',
        body: segmentBody,
        response: { 201: segment, 400: errorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await createSegment(db, request.body)),
  );

  app.put(
    '/admin/segments/:segmentId',
    {
      schema: {
        tags,
        summary: "Changes a segment's name and filters",
        params: segmentIdParams,
        body: segmentBody,
        response: { 200: segment, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => updateSegment(db, request.params.segmentId, request.body),
  );

  app.delete(
    '/admin/segments/:segmentId',
    {
      schema: {
        tags,
        summary: 'Deletes a segment',
        params: segmentIdParams,
        response: { 204: z.null(), 404: errorBody },
      },
    },
    async (request, reply) => {
      await deleteSegment(db, request.params.segmentId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/campaigns',
    { schema: { tags, summary: 'Every campaign with its report', response: { 200: campaignList } } },
    async () => ({ items: await listCampaigns(db) }),
  );

  app.get(
    '/admin/campaigns/settings',
    {
      schema: {
        tags,
        summary: 'How many campaign emails go out per minute',
        response: { 200: campaignSettings },
      },
    },
    async () => loadCampaignSettings(db),
  );

  app.patch(
    '/admin/campaigns/settings',
    {
      schema: {
        tags,
        summary: 'Sets how many campaign emails go out per minute',
        body: campaignSettings,
        response: { 200: campaignSettings, 400: errorBody },
      },
    },
    async (request) => updateCampaignSettings(db, request.body),
  );

  app.post(
    '/admin/campaigns/preview',
    {
      schema: {
        tags,
        summary: 'A campaign being edited, rendered as its recipients would get it (links untracked)',
        body: campaignBody.pick({ subject: true, blocks: true }),
        response: { 200: campaignPreview, 400: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return previewCampaign(db, config, request.body);
    },
  );

  app.post(
    '/admin/campaigns',
    {
      schema: {
        tags,
        summary: 'Saves a campaign draft',
        body: campaignBody,
        response: { 201: campaign, 400: errorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await createCampaign(db, config, request.body)),
  );

  app.get(
    '/admin/campaigns/:campaignId',
    {
      schema: {
        tags,
        summary: 'One campaign with its report',
        params: campaignIdParams,
        response: { 200: campaign, 404: errorBody },
      },
    },
    async (request) => getCampaign(db, request.params.campaignId),
  );

  app.put(
    '/admin/campaigns/:campaignId',
    {
      schema: {
        tags,
        summary: 'Changes a campaign draft',
        params: campaignIdParams,
        body: campaignBody,
        response: { 200: campaign, 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => updateCampaign(db, config, request.params.campaignId, request.body),
  );

  app.delete(
    '/admin/campaigns/:campaignId',
    {
      schema: {
        tags,
        summary: 'Deletes a campaign draft',
        params: campaignIdParams,
        response: { 204: z.null(), 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      await deleteCampaign(db, request.params.campaignId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/campaigns/:campaignId/test',
    {
      schema: {
        tags,
        summary: "Sends the campaign once to the staff member's own address",
        params: campaignIdParams,
        response: { 200: campaignTestSend, 404: errorBody },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      return sendTestCampaign(ctx, request.params.campaignId, viewer.email);
    },
  );

  app.post(
    '/admin/campaigns/:campaignId/send',
    {
      schema: {
        tags,
        summary: "Sends the campaign to its segment's consenting customers, through the job queue",
        params: campaignIdParams,
        response: { 200: campaign, 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => sendCampaign(ctx, request, request.params.campaignId),
  );

  app.get(
    '/campaigns/open/:token',
    {
      schema: {
        tags: ['marketing'],
        summary: 'The open-tracking image of a campaign email',
        params: z.object({ token: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const recipientId = verifyRecipientToken(config, request.params.token.replace(/\.gif$/, ''));
      if (recipientId) await recordOpen(db, recipientId);
      return reply.header('cache-control', 'no-store').type('image/gif').send(PIXEL);
    },
  );

  app.get(
    '/campaigns/click/:campaignId/:token',
    {
      schema: {
        tags: ['marketing'],
        summary: "A campaign email's link: counts the click and redirects to the shop page it signs",
        params: z.object({ campaignId: z.uuid(), token: z.string().max(200) }),
        querystring: z.object({ u: z.string().max(1000), s: z.string().max(100) }),
        response: { 400: errorBody },
      },
    },
    async (request, reply) => {
      const { campaignId, token } = request.params;
      const { u, s } = request.query;
      // Signed by the shop and on the shop's own site: never an open redirect.
      if (!verifyLinkSignature(config, campaignId, u, s) || shopUrl(config, u) !== u) {
        throw new AppError('invalid', 'link_invalid', 'This link is invalid');
      }
      const recipientId = verifyRecipientToken(config, token);
      if (recipientId) await recordClick(db, campaignId, recipientId);
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(u, 302);
    },
  );
};
