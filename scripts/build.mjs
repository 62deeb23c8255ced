// `npm run build`: builds both front ends and bundles the API. `node scripts/build.mjs api` builds one.
import { buildTarget, TARGETS } from './targets.mjs';

const only = process.argv.slice(2);
for (const target of TARGETS) {
  if (only.length === 0 || only.includes(target.name)) await buildTarget(target);
}
