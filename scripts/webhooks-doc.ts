// `npm run webhooks-doc`: writes the payload schemas of docs/webhooks.md from the zod contracts of the
// events (packages/shared/src/contracts/webhook-events.ts); scripts/generated-docs.test.ts fails when
// the file is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { webhookEventData } from '../packages/shared/src/contracts/webhook-events.ts';

export const WEBHOOKS_DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/webhooks.md');
const START = '<!-- event-schemas:start (npm run webhooks-doc writes this part) -->';
const END = '<!-- event-schemas:end -->';

/** The generated part: each event's `data` as JSON Schema, events with the same data under one heading. */
function schemasSection(): string {
  const byJson = new Map<string, string[]>();
  for (const [type, schema] of Object.entries(webhookEventData)) {
    const { $schema: _drop, ...body } = schema.toJSONSchema({ io: 'output', unrepresentable: 'any' });
    const json = JSON.stringify(body, null, 2);
    byJson.set(json, [...(byJson.get(json) ?? []), type]);
  }
  const parts = [...byJson].map(([json, types]) =>
    [
      `### ${types.map((t) => `\`${t}\``).join(', ')}`,
      '',
      '<details><summary>JSON Schema of <code>data</code></summary>',
      '',
      '```json',
      json,
      '```',
      '',
      '</details>',
    ].join('\n'),
  );
  return [START, '', ...parts.flatMap((p) => [p, '']), END].join('\n');
}

/** docs/webhooks.md with its schema section as the contracts say. */
export function webhooksDoc(current: string): string {
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/webhooks.md has no ${START} … ${END} section`);
  return current.slice(0, start) + schemasSection() + current.slice(end + END.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(WEBHOOKS_DOC, webhooksDoc(readFileSync(WEBHOOKS_DOC, 'utf8')));
  console.log('wrote docs/webhooks.md');
}
