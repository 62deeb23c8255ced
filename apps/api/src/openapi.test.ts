import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SDK_FILES, sdkDocument, sdkFiles } from '../../../packages/sdk/scripts/generate.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { API_ROOT } from './lib/paths.ts';

/** The errors an OpenAPI linter (Redocly's recommended rules) finds in a document. */
async function lintErrors(document: object): Promise<string[]> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({
    source: JSON.stringify(document),
    absoluteRef: 'openapi.json',
    config,
  });
  return problems
    .filter((p) => p.severity === 'error')
    .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`);
}

describe('the OpenAPI document and the SDK generated from it', () => {
  let ctx: TestContext;
  let document: object;
  beforeAll(async () => {
    ctx = await createTestApp();
    document = sdkDocument(ctx.app);
  });
  afterAll(() => ctx.close());

  it('passes the linter: every $ref resolves (the recursive category node is a named component)', async () => {
    expect(await lintErrors(document)).toEqual([]);
    const tree = JSON.stringify((document as { paths: Record<string, unknown> }).paths['/api/category-tree']);
    expect(tree).toContain('"$ref":"#/components/schemas/CategoryNode"');
  });

  it('the linter catches a reference to a schema the document does not define', async () => {
    const broken = structuredClone(document) as { components: { schemas: Record<string, unknown> } };
    delete broken.components.schemas.CategoryNode;
    expect((await lintErrors(broken)).join('\n')).toMatch(/no-unresolved-refs/);
  });

  it('is what packages/sdk was generated from (run `npm run sdk` after changing a route or a contract)', async () => {
    const files = await sdkFiles(document);
    for (const key of Object.keys(SDK_FILES) as Array<keyof typeof SDK_FILES>) {
      const checkedIn = readFileSync(path.resolve(API_ROOT, '../..', SDK_FILES[key]), 'utf8');
      expect(files[key] === checkedIn, `${SDK_FILES[key]} is out of date: run npm run sdk`).toBe(true);
    }
  });
});
