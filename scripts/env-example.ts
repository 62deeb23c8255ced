// `npm run env-example`: writes .env.example, every setting of apps/api/src/config.ts with its default
// and meaning (apps/api/src/settings.ts); scripts/generated-docs.test.ts fails when it is out of date.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { envSchema, type SettingName } from '../apps/api/src/config.ts';
import { SETTINGS } from '../apps/api/src/settings.ts';

export const ENV_EXAMPLE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.env.example');

const HEADER = `# Every setting of the shop, with its default and meaning. Written by \`npm run env-example\` from
# apps/api/src/config.ts; do not edit by hand. Every line is commented out: the defaults need none.
# Copy to .env and set what you change: \`node --env-file=.env apps/api/dist/main.js\`, or docker compose,
# which reads .env by itself. README.md ("Configuration") says more about each.
`;

/** The schema's default of a setting, as it would be written in the environment; undefined: none. */
function schemaDefault(name: SettingName): string | undefined {
  const def = envSchema.shape[name]._zod.def as { type: string; defaultValue?: unknown };
  return def.type === 'default' ? String(def.defaultValue) : undefined;
}

/** The text of .env.example. */
export function envExample(): string {
  const blocks = (Object.keys(envSchema.shape) as SettingName[]).map((name) => {
    const { meaning, default: described } = SETTINGS[name];
    const value = schemaDefault(name);
    const note = value === undefined ? ` Default: ${described ?? 'unset'}.` : '';
    return `# ${meaning}.${note}\n# ${name}=${value ?? ''}`;
  });
  return `${HEADER}\n${blocks.join('\n\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(ENV_EXAMPLE, envExample());
  console.log('wrote .env.example');
}
