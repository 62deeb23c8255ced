import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Sends CSV text chunks as the download `<name>-<today>.csv`, never kept by a cache. */
export function sendCsvDownload(reply: FastifyReply, name: string, chunks: AsyncIterable<string>) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(chunks));
}
