import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkModules, declaredKind, MODULES_DIR, moduleProblems, rolesOf } from './check-modules.mjs';

const readme = (name: string, kind: string) => `# ${name}: ${kind} module\n\nWhat it holds.\n`;

describe('module kinds: the decision for one module', () => {
  it('reads the kind from the first line of the README only', () => {
    expect(declaredKind('# cart: entity module\n\nThe cart.')).toEqual({ name: 'cart', kind: 'entity' });
    expect(declaredKind('The cart.\n# cart: entity module')).toBeNull();
    expect(declaredKind('# cart\n')).toBeNull();
    expect(declaredKind(null)).toBeNull();
  });

  it('gives files their roles from their names; tests and helpers play none', () => {
    expect(rolesOf('cart.schema.ts')).toEqual(['schema']);
    expect(rolesOf('storefront/search.routes.ts')).toEqual(['routes']);
    expect(rolesOf('cart.service.ts')).toEqual(['service']);
    expect(rolesOf('place-order.ts')).toEqual(['step']);
    expect(rolesOf('place-order.test.ts')).toEqual([]);
    expect(rolesOf('cart.routes.test.ts')).toEqual([]);
    expect(rolesOf('stock.ts')).toEqual([]);
    expect(rolesOf('order-steps.ts')).toEqual([]);
  });

  it('passes a module whose files fit the kind it declares', () => {
    const entity = ['cart.schema.ts', 'cart.service.ts', 'cart.routes.ts', 'cart.routes.test.ts'];
    expect(moduleProblems('cart', readme('cart', 'entity'), entity)).toEqual([]);
    expect(
      moduleProblems('checkout', readme('checkout', 'flow'), ['checkout.routes.ts', 'place-order.ts']),
    ).toEqual([]);
    expect(moduleProblems('pricing', readme('pricing', 'library'), ['price-order.ts', 'tax.ts'])).toEqual([]);
    expect(moduleProblems('dashboard', readme('dashboard', 'endpoint'), ['dashboard.routes.ts'])).toEqual([]);
  });

  it('fails a module that declares no kind, or one that does not exist', () => {
    expect(moduleProblems('cart', null, ['cart.routes.ts'])[0]).toMatch(/has no README\.md naming its kind/);
    expect(moduleProblems('cart', 'The cart.\n', ['cart.routes.ts'])[0]).toMatch(
      /does not start with "# cart: <kind> module"/,
    );
    expect(moduleProblems('cart', readme('cart', 'service'), ['cart.routes.ts'])).toEqual([
      'declares "service", which is not a kind (entity, flow, library, endpoint)',
    ]);
  });

  it('fails a README that names another module', () => {
    expect(moduleProblems('cart', readme('carts', 'library'), [])).toEqual([
      'README.md names the module "carts", not "cart"',
    ]);
  });

  it('fails a library module with a routes file, naming the file', () => {
    expect(moduleProblems('pricing', readme('pricing', 'library'), ['tax.ts', 'pricing.routes.ts'])).toEqual([
      'is a library module but has pricing.routes.ts (code other modules call; no routes and no tables)',
    ]);
  });

  it('fails an entity module with no routes, and one with no tables', () => {
    expect(moduleProblems('cart', readme('cart', 'entity'), ['cart.schema.ts', 'cart.service.ts'])).toEqual([
      'is an entity module but has no *.routes.ts file',
    ]);
    expect(moduleProblems('cart', readme('cart', 'entity'), ['cart.routes.ts'])).toEqual([
      'is an entity module but has no *.schema.ts file',
    ]);
  });

  it('fails a flow module with tables or without a step, and an endpoint module with tables', () => {
    expect(moduleProblems('checkout', readme('checkout', 'flow'), ['checkout.routes.ts'])[0]).toMatch(
      /is a flow module but has no step file named <verb>-<object>\.ts/,
    );
    expect(
      moduleProblems('checkout', readme('checkout', 'flow'), ['place-order.ts', 'checkout.schema.ts']),
    ).toEqual([
      'is a flow module but has checkout.schema.ts (verb-named steps across entities (place-order.ts); owns no tables)',
    ]);
    expect(
      moduleProblems('search', readme('search', 'endpoint'), ['search.routes.ts', 'a.schema.ts']),
    ).toHaveLength(1);
  });
});

describe('module kinds: the folders', () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  function write(file: string, text = '') {
    const full = path.join(root as string, MODULES_DIR, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }

  it('lists every module folder with its kind, nested files included, and the problems of each', () => {
    root = mkdtempSync(path.join(tmpdir(), 'modules-'));
    write('search/README.md', readme('search', 'endpoint'));
    write('search/storefront/search.routes.ts');
    write('cdn/cdn-purger.ts');
    expect(checkModules(root)).toEqual([
      { name: 'cdn', kind: null, problems: [expect.stringMatching(/has no README\.md/)] },
      { name: 'search', kind: 'endpoint', problems: [] },
    ]);
  });
});
