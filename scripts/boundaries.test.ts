import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findViolations, importsOf } from './check-boundaries.mjs';

const script = path.join(import.meta.dirname, 'check-boundaries.mjs');
let root: string;

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** A small tree shaped like the repository, with only allowed imports. */
function cleanTree() {
  write('apps/admin/package.json', JSON.stringify({ name: '@cartwheel/admin' }));
  write('apps/api/package.json', JSON.stringify({ name: '@cartwheel/api' }));
  write('packages/ui/package.json', JSON.stringify({ name: '@cartwheel/ui' }));
  write('packages/ui/src/button.tsx', "import { cn } from './lib/utils.ts';\nexport const Button = cn;\n");
  write('apps/admin/src/features/orders/api/get-orders.ts', 'export const getOrders = 1;\n');
  write(
    'apps/admin/src/features/orders/components/orders-table.tsx',
    "import { Button } from '@cartwheel/ui/button';\nimport { getOrders } from '../api/get-orders.ts';\n",
  );
  write('apps/admin/src/features/products/api/get-products.ts', 'export const getProducts = 1;\n');
  write(
    'apps/admin/src/routes/orders.tsx',
    "import { OrdersTable } from '../features/orders/components/orders-table.tsx';\n" +
      "import { getProducts } from '../features/products/api/get-products.ts';\n",
  );
  write('apps/admin/src/components/page-header.tsx', "import { Button } from '@cartwheel/ui/button';\n");
  write('apps/api/src/modules/catalog/catalog.service.ts', "import { slugify } from '../../lib/slug.ts';\n");
  write('apps/api/src/lib/slug.ts', "import { z } from 'zod';\nexport const slugify = z;\n");
  write('packages/sdk/package.json', JSON.stringify({ name: '@cartwheel/sdk' }));
  write('examples/headless/src/shop.ts', "import { createCartwheelClient } from '@cartwheel/sdk';\n");
  write('examples/headless/src/main.ts', "import { runHeadless } from './shop.ts';\n");
}

function runScript() {
  return spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'cartwheel-boundaries-'));
  cleanTree();
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('check-boundaries', () => {
  it('passes a tree whose imports all stay inside the rules', () => {
    expect(findViolations(root)).toEqual([]);
    const run = runScript();
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('no forbidden imports');
  });

  it('fails when one feature imports another, naming the file and the rule', () => {
    write(
      'apps/admin/src/features/orders/components/order-lines.tsx',
      "import type { Product } from '../../products/api/get-products.ts';\n",
    );
    expect(findViolations(root)).toEqual([
      expect.objectContaining({
        file: 'apps/admin/src/features/orders/components/order-lines.tsx',
        rule: 'feature-imports-feature',
      }),
    ]);
    const run = runScript();
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('apps/admin/src/features/orders/components/order-lines.tsx');
    expect(run.stderr).toContain('feature-imports-feature');
  });

  it.each([
    [
      'apps/admin/src/components/shell.tsx',
      "import { x } from '../features/orders/api/get-orders.ts';",
      'component-imports-feature',
    ],
    [
      'apps/api/src/lib/seo.ts',
      "import { x } from '../modules/catalog/catalog.service.ts';",
      'api-lib-imports-module',
    ],
    ['apps/admin/src/routes/x.tsx', "import { x } from '../../../api/src/lib/slug.ts';", 'app-imports-app'],
    [
      'apps/admin/src/routes/y.tsx',
      "const m = () => import('@cartwheel/api/src/lib/slug.ts');",
      'app-imports-app',
    ],
    [
      'packages/ui/src/shop.tsx',
      "export { x } from '../../../apps/admin/src/routes/orders.tsx';",
      'package-imports-app',
    ],
    [
      'examples/headless/src/button.ts',
      "import { Button } from '@cartwheel/ui/button';",
      'example-imports-beyond-sdk',
    ],
    [
      'examples/headless/src/db.ts',
      "import { x } from '../../../apps/api/src/lib/slug.ts';",
      'example-imports-beyond-sdk',
    ],
  ])('fails on %s (%s)', (file, line, rule) => {
    write(file, `${line}\n`);
    expect(findViolations(root).map((v) => [v.file, v.rule])).toEqual([[file, rule]]);
    expect(runScript().status).toBe(1);
  });

  it('reads multi-line and dynamic imports but not text that merely mentions a path', () => {
    const source = [
      'import {',
      '  a,',
      '  b,',
      "} from './a.ts';",
      "export * from './b.ts';",
      "import './c.css';",
      "const lazyPage = lazy(() => import('./d.tsx'));",
      "// comment text: see the './e.ts' file, from '../f.ts'",
      "const label = 'import from somewhere';",
    ].join('\n');
    expect(importsOf(source)).toEqual(['./a.ts', './b.ts', './c.css', './d.tsx']);
  });
});
