import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

// Files of the built front ends, uploads and demo images: served as they are, many per page.
const STATIC_FILE =
  /^\/(?:admin\/)?(?:assets|uploads|demo-images)\/|\.(?:js|mjs|css|map|png|jpe?g|gif|webp|avif|svg|ico|woff2?|txt|webmanifest)$/i;
const HEALTH = /^\/(?:api\/)?health(?:\/|$)/;

/** A health check or a static file: routine traffic, logged at debug rather than info. */
export function isRoutineRequest(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return HEALTH.test(path) || STATIC_FILE.test(path);
}

/**
 * Fastify's request lines, with routine requests (isRoutineRequest) moved down to debug so the info
 * log reads as what the shop did; their errors and 5xx answers still log as Fastify logs them.
 */
export class QuietRoutineLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (isRoutineRequest(request.url)) request.log.debug({ req: request }, 'incoming request');
    else super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ) {
    if (!error && reply.statusCode < 500 && isRoutineRequest(request.url)) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    } else super.requestCompleted(error, request, reply, metadata);
  }
}
