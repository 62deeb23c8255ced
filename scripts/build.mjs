// `npm run build`: builds both front ends and bundles the API, whether or not they are stale.
import { buildTarget, TARGETS } from './targets.mjs';

for (const target of TARGETS) await buildTarget(target);
