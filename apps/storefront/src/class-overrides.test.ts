import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';

// The storefront's `cn` joins classes without resolving conflicts (packages/ui/src/lib/utils.ts): a
// class given to a shared component that conflicts with one of the component's own must carry the
// important modifier (`gap-0!`), or which one applies depends on the stylesheet's order. This reads
// every literal `className` given to a packages/ui component and asks tailwind-merge what it would
// have dropped of the component's classes.

const root = fileURLToPath(new URL('../../..', import.meta.url));
const tsxFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : [];
  });

/** Each exported component's own classes: the first string its `cn(...)` or its `cva(...)` starts with. */
function componentClasses(): Map<string, string> {
  const classes = new Map<string, string>();
  for (const file of tsxFiles(join(root, 'packages/ui/src'))) {
    const source = readFileSync(file, 'utf8');
    for (const [, name, body] of source.matchAll(/export function (\w+)\(([\s\S]*?)\n}/g)) {
      const literal = /cn\(\s*['"`]([^'"`]+)['"`]/.exec(body!);
      const variants = /cn\(\s*(\w+)\(\{/.exec(body!);
      const cva = variants && new RegExp(`${variants[1]} = cva\\(\\s*["'\`]([^"'\`]+)`).exec(source);
      const own = literal?.[1] ?? cva?.[1];
      if (own) classes.set(name!, own);
    }
  }
  return classes;
}

describe('classes the storefront gives shared components', () => {
  it('override a component class only with the important modifier', () => {
    const own = componentClasses();
    // The reading finds the components the storefront uses most.
    for (const name of ['Button', 'Card', 'CardTitle', 'Skeleton', 'Badge', 'Input']) {
      expect(own.get(name), name).toBeTruthy();
    }
    const conflicts: string[] = [];
    const files = [
      ...tsxFiles(join(root, 'apps/storefront/src')),
      ...tsxFiles(join(root, 'packages/auth/src')),
    ];
    for (const file of files) {
      for (const [, name, given] of readFileSync(file, 'utf8').matchAll(
        /<(\w+)\b[^>]*?className="([^"]*)"/g,
      )) {
        const base = own.get(name!);
        if (!base) continue;
        // What the component's own classes give way to must give way to an important class (`x!`) too.
        const classes = given!.split(' ').filter(Boolean);
        const forced = classes.filter((c) => c.endsWith('!')).map((c) => c.slice(0, -1));
        const kept = new Set(twMerge(`${base} ${classes.join(' ')}`).split(' '));
        const lost = base.split(' ').filter(
          (c) =>
            !kept.has(c) &&
            twMerge(`${c} ${forced.join(' ')}`)
              .split(' ')
              .includes(c),
        );
        if (lost.length)
          conflicts.push(
            `${file.slice(root.length)}: <${name} className="${given}"> overrides ${lost.join(' ')}`,
          );
      }
    }
    expect(conflicts).toEqual([]);
  });
});
