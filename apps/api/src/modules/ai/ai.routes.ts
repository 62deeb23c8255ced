import { improveProductBody, improveProductResponse } from '@cartwheel/shared/contracts/ai';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { createProductImprover, improveProductCopy } from './product-improver.ts';

/** AI rewrites per user per minute: enough for editing, a guard against a runaway client's bill. */
export const AI_RATE_LIMIT_PER_MINUTE = 20;

async function userKey(request: FastifyRequest): Promise<string> {
  const viewer = await request.getViewer();
  return viewer ? `ai:${viewer.userId}` : `ai-ip:${request.ip}`;
}

/** POST /api/admin/ai/improve-product: the product copy rewrite behind the editor's AI button. */
export const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  const improver = createProductImprover(app.config.ai);

  app.post(
    '/admin/ai/improve-product',
    {
      schema: {
        tags: ['ai'],
        summary: 'Rewrite a product name and description (plain text; facts kept)',
        body: improveProductBody,
        response: { 200: improveProductResponse, 400: errorBody, 429: errorBody, 502: errorBody },
      },
      config: {
        rateLimit: {
          max: AI_RATE_LIMIT_PER_MINUTE,
          timeWindow: '1 minute',
          // After the role guard (onRequest): only signed-in managers are counted, per user.
          hook: 'preHandler',
          keyGenerator: userKey,
          errorResponseBuilder: () =>
            new AppError(
              'rate_limited',
              'rate_limited',
              'Too many AI requests. Please wait a minute and try again.',
            ),
        },
      },
    },
    async (request) => {
      const { name, description } = request.body;
      return {
        success: true,
        improved: await improveProductCopy(improver, { name, description }, request.log),
        mode: improver.mode,
      };
    },
  );
};
