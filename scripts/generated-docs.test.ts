import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../apps/api/src/config.ts';
import { ENV_EXAMPLE, envExample } from './env-example.ts';
import { WEBHOOKS_DOC, webhooksDoc } from './webhooks-doc.ts';

describe('files written from the code', () => {
  it('.env.example lists every setting of config.ts with its default (npm run env-example)', () => {
    const checkedIn = readFileSync(ENV_EXAMPLE, 'utf8');
    expect(checkedIn === envExample(), '.env.example is out of date: run npm run env-example').toBe(true);
    const listed = [...checkedIn.matchAll(/^# ([A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect(listed).toEqual(Object.keys(envSchema.shape));
    expect(checkedIn).toContain('\n# PORT=3000\n');
    expect(checkedIn).toMatch(/Default: http:\/\/localhost:\$PORT\.\n# PUBLIC_URL=\n/);
  });

  it("docs/webhooks.md's payload schemas are the events' contracts (npm run webhooks-doc)", () => {
    const checkedIn = readFileSync(WEBHOOKS_DOC, 'utf8');
    expect(
      checkedIn === webhooksDoc(checkedIn),
      'docs/webhooks.md is out of date: run npm run webhooks-doc',
    ).toBe(true);
    for (const type of ['order.paid', 'order.refunded', 'product.deleted', 'inventory.low']) {
      expect(checkedIn).toContain(`\`${type}\``);
    }
  });
});
