// `npm start`: builds what is missing or stale, then starts the server (which migrates and seeds).
import { buildTarget, isStale, TARGETS } from './targets.mjs';

const stale = TARGETS.filter(isStale);
if (stale.length) {
  console.log(`Building ${stale.map((t) => t.name).join(', ')}...`);
  for (const target of stale) await buildTarget(target);
}
await import(TARGETS.find((t) => t.name === 'api').output);
