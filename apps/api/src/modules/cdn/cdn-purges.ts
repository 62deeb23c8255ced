import { createHash } from 'node:crypto';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import { CATALOG_TAG, tagsForChange } from '../catalog/cache-tags.ts';
import type { Jobs, JobsLog } from '../jobs/jobs.ts';
import type { CdnPurger } from './cdn-purger.ts';

/** Notifications heard within this window go out as one purge (one transaction sends several). */
const GATHER_MS = 20;

/** More tags than this in one purge: everything goes instead (one request, not hundreds). */
const MAX_TAGS = 500;

export interface CdnPurgeJob {
  tags: string[];
}

/**
 * Catalog changes purge the CDN by tag through the job queue (docs/decisions/0036-shared-http-caching.md).
 * Every process hears the database's catalog notifications (the same ones that empty its read
 * cache), gathers them for a moment and queues one `cdn-purge` job with their tags. The queue keeps
 * one waiting job per set of tags, so the processes that heard the same change queue it once; a
 * failed purge is retried with backoff and ends in the back office's failed jobs.
 */
export function registerCdnPurges({
  jobs,
  changes,
  purger,
  log,
}: {
  jobs: Jobs;
  changes: ChangeFeed;
  purger: CdnPurger | null;
  log: JobsLog;
}): { close(): Promise<void> } {
  jobs.define<CdnPurgeJob>('cdn-purge', async ({ tags }, run) => {
    if (!purger) return;
    await purger.purge(tags, run.signal);
  });
  let gathered = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let queued: Promise<void> = Promise.resolve();
  let closed = false;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (gathered.size === 0) return queued;
    const tags = gathered.size > MAX_TAGS || gathered.has(CATALOG_TAG) ? [CATALOG_TAG] : [...gathered].sort();
    gathered = new Set();
    const key = createHash('sha1').update(tags.join(' ')).digest('base64url');
    queued = queued
      .then(() => jobs.enqueueUnlessQueued('cdn-purge', { tags } satisfies CdnPurgeJob, key))
      .then(
        () => {},
        (error: unknown) => log.error({ err: error, tags: tags.length }, 'could not queue a CDN purge'),
      );
    return queued;
  };

  if (purger) {
    changes.on('catalog', (payload) => {
      if (closed) return;
      for (const tag of tagsForChange(payload)) gathered.add(tag);
      timer ??= setTimeout(() => void flush(), GATHER_MS);
    });
  }
  return {
    /** Queues what has been heard so far and stops listening (the database closes next). */
    close() {
      closed = true;
      return flush();
    },
  };
}
