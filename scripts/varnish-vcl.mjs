#!/usr/bin/env node
// The VCL of deploy/varnish/default.vcl for a given set of web processes and purgers. One file is
// written by hand; the others are made from it: the tests' and the bench's (loopback ports,
// bench/varnish.mjs) and compose.yaml's (deploy/varnish/compose.vcl, which `npm run container`
// checks is this script's output).
//   node scripts/varnish-vcl.mjs compose     rewrites deploy/varnish/compose.vcl
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_VCL = path.join(root, 'deploy/varnish/default.vcl');
export const COMPOSE_VCL = path.join(root, 'deploy/varnish/compose.vcl');

/** compose.yaml's web processes (each container's port 3000) and the containers that may purge. */
export const COMPOSE = {
  backends: [
    { host: 'web-a', port: 3000 },
    { host: 'web-b', port: 3000 },
  ],
  purgers: ['web-a', 'web-b', 'worker'],
};

const replaceBlock = (vcl, name, body) => {
  const pattern = new RegExp(`# ${name}: begin[^\\n]*\\n[\\s\\S]*?# ${name}: end`);
  const replaced = vcl.replace(pattern, `# ${name}\n${body}\n`);
  if (replaced === vcl) throw new Error(`the VCL has no "# ${name}: begin ... end" block`);
  return replaced;
};

/**
 * `vcl` with its "# backends: begin ... end" block replaced by round-robin backends: a port alone is
 * one on 127.0.0.1, else `{ host, port }`.
 */
export function withBackends(vcl, backends) {
  const list = backends.map((b) => (typeof b === 'number' ? { host: '127.0.0.1', port: b } : b));
  return replaceBlock(
    vcl,
    'backends',
    [
      ...list.map((b, i) => `backend web${i + 1} {\n  .host = "${b.host}";\n  .port = "${b.port}";\n}`),
      'sub vcl_init {',
      '  new web = directors.round_robin();',
      ...list.map((_, i) => `  web.add_backend(web${i + 1});`),
      '}',
    ].join('\n'),
  );
}

/**
 * `vcl` with the "# purgers: begin ... end" block (the ACL of who may PURGE) listing `hosts`. Names are
 * resolved when Varnish loads the VCL; in parentheses, one that does not resolve yet is left out
 * instead of failing the load.
 */
export function withPurgers(vcl, hosts) {
  return replaceBlock(vcl, 'purgers', ['acl purgers {', ...hosts.map((h) => `  ("${h}");`), '}'].join('\n'));
}

/** deploy/varnish/compose.vcl as it must read. */
export function composeVcl(defaultVcl = readFileSync(DEFAULT_VCL, 'utf8')) {
  const header =
    '# Made from default.vcl by `node scripts/varnish-vcl.mjs compose` for compose.yaml: do not edit.\n';
  const vcl = withPurgers(withBackends(defaultVcl, COMPOSE.backends), COMPOSE.purgers);
  return vcl.replace(/^vcl 4\.1;\n/, (first) => `${first}${header}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] !== 'compose') {
    console.error('usage: node scripts/varnish-vcl.mjs compose');
    process.exit(2);
  }
  writeFileSync(COMPOSE_VCL, composeVcl());
  console.log(`wrote ${path.relative(root, COMPOSE_VCL)}`);
}
