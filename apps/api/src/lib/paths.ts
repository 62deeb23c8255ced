import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The API runs from source (src/lib/paths.ts, in tests and dev) or from its bundle (dist/main.js).
const here = dirname(fileURLToPath(import.meta.url));
/** apps/api, whichever way the code is running. */
export const API_ROOT = basename(here) === 'dist' ? resolve(here, '..') : resolve(here, '../..');
export const MIGRATIONS_DIR = resolve(API_ROOT, 'src/db/migrations');
export const DEMO_IMAGES_DIR = resolve(API_ROOT, 'public/demo-images');
export const STOREFRONT_DIST = resolve(API_ROOT, '../storefront/dist');
export const STOREFRONT_SERVER = resolve(API_ROOT, '../storefront/dist-server/entry-server.js');
export const ADMIN_DIST = resolve(API_ROOT, '../admin/dist');
