// `npm run sdk`: writes the API's OpenAPI document and the SDK's types generated from it
// (packages/sdk). apps/api/src/openapi.test.ts fails when the checked-in files are out of date.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { SDK_FILES, sdkDocument, sdkFiles } from '../packages/sdk/scripts/generate.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The configuration the tests build their app with: the same routes, so the same document.
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent-test-data' });
const database = await openDatabase({});
await database.migrate();
const app = await buildApp(config, { db: database.db });
await app.ready();
const files = await sdkFiles(sdkDocument(app));
await app.close();
await database.close();
for (const key of Object.keys(SDK_FILES) as Array<keyof typeof SDK_FILES>) {
  writeFileSync(path.join(root, SDK_FILES[key]), files[key]);
  console.log(`wrote ${SDK_FILES[key]}`);
}
