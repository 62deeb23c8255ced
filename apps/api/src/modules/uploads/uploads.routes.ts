import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves uploaded images (DATA_DIR/uploads) at /uploads/. Every file has a new random name and is
 * never rewritten, so browsers may keep it for a year.
 */
export async function registerUploadsStatic(app: FastifyInstance, dataDir: string): Promise<void> {
  const root = join(dataDir, 'uploads');
  // Made up front when the data folder exists (the embedded database's), so the first request finds it.
  if (existsSync(dataDir)) mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/uploads/',
    decorateReply: false,
    // Files appear after start-up, so look them up per request rather than listing them once.
    wildcard: true,
    index: false,
    dotfiles: 'deny',
    maxAge: '365d',
    immutable: true,
  });
}
