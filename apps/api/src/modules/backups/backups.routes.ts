import { createHash, timingSafeEqual } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyPluginAsync } from 'fastify';
import { driverClient } from '../../db/client.ts';
import { bearerToken } from '../apps/api-keys.service.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /api/ops/snapshot: the embedded database's data folder as a tar, for `npm run backup` while the
 * server runs (PGlite is one process: only the server may open its folder). Taken under PGlite's
 * query lock after a CHECKPOINT, so no statement runs while it is copied; a transaction still open
 * is rolled back when the copy is opened, as after a crash. Registered only with a token.
 */
export const backupsRoutes: FastifyPluginAsync<{ token: string }> = async (app, { token }) => {
  const expected = digest(token);
  app.get('/ops/snapshot', { schema: { hide: true } }, async (request, reply) => {
    const given = bearerToken(request.headers.authorization);
    if (given === null || !timingSafeEqual(digest(given), expected)) {
      return reply
        .status(401)
        .send({ error: { code: 'unauthenticated', message: 'A valid ops token is required' } });
    }
    const client = driverClient(app.db) as PGlite | undefined;
    if (!client || typeof client.dumpDataDir !== 'function') {
      return reply
        .status(409)
        .send({ error: { code: 'not_embedded', message: 'This server does not use the embedded database' } });
    }
    await client.exec('CHECKPOINT');
    const tar = await client.dumpDataDir('none');
    return reply
      .header('content-type', 'application/x-tar')
      .header('cache-control', 'no-store')
      .send(Buffer.from(await tar.arrayBuffer()));
  });
};
