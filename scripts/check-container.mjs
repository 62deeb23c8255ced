#!/usr/bin/env node
// The Dockerfile and compose.yaml, checked without Docker (`npm run container`, part of `npm run check`;
// our build machines cannot run containers). What is checked is what would break or weaken a
// deployment: a copied path that does not exist, a workspace missing before `npm ci`, development
// dependencies or root in the runtime image, no health check, an unpinned base image, a compose
// service missing or running another role than the one the tests start by hand, a setting the API
// does not know.
//   node scripts/check-container.mjs [root]     exits 1 and lists every problem
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { composeVcl } from './varnish-vcl.mjs';

/** The Dockerfile's instructions: `{ line, op, args }`, continuation lines joined, comments dropped. */
export function dockerInstructions(text) {
  const out = [];
  let pending = '';
  let start = 0;
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!pending && (line === '' || line.startsWith('#'))) return;
    if (!pending) start = i + 1;
    pending += `${line.replace(/\\$/, '').trim()} `;
    if (line.endsWith('\\')) return;
    const [op, ...rest] = pending.trim().split(/\s+/);
    out.push({ line: start, op: op.toUpperCase(), args: rest.join(' ') });
    pending = '';
  });
  return out;
}

/** The stages: `{ name, image, instructions }`, `ARG` defaults substituted in the image. */
export function dockerStages(instructions) {
  const args = {};
  const stages = [];
  for (const ins of instructions) {
    if (ins.op === 'ARG' && stages.length === 0) {
      const [name, value] = ins.args.split('=');
      args[name] = value;
    } else if (ins.op === 'FROM') {
      const [image, as, name] = ins.args.split(/\s+/);
      const resolved = image.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a, b) => args[a ?? b] ?? '');
      stages.push({ name: as?.toUpperCase() === 'AS' ? name : undefined, image: resolved, instructions: [] });
    } else if (stages.length) stages.at(-1).instructions.push(ins);
  }
  return stages;
}

/** An image reference pinned to a version: a tag with a digit that is not `latest`, or a digest. */
export const pinned = (image) =>
  /@sha256:[0-9a-f]{64}$/.test(image) || (/:[^/]*\d[^/]*$/.test(image) && !/:latest$/.test(image));

const copySources = (args) => {
  const parts = args.split(/\s+/).filter((p) => !p.startsWith('--'));
  return { from: /--from=(\S+)/.exec(args)?.[1], sources: parts.slice(0, -1) };
};

/** Problems of the Dockerfile at `root`. `workspaces`: the root package.json's workspace folders. */
export function dockerfileProblems(root, text, workspaces) {
  const problems = [];
  const stages = dockerStages(dockerInstructions(text));
  if (stages.length < 2) problems.push('Dockerfile: a multi-stage build is expected (build, then runtime)');
  for (const s of stages)
    if (!pinned(s.image)) problems.push(`Dockerfile: base image ${s.image} is not pinned`);
  const names = new Set();
  const needed = ['package.json', 'package-lock.json', ...workspaces.map((w) => `${w}/package.json`)];
  for (const stage of stages) {
    // In order: what `npm ci` needs must be copied before it runs.
    const copied = new Set();
    for (const ins of stage.instructions) {
      if (ins.op === 'RUN' && /\bnpm ci\b/.test(ins.args)) {
        for (const file of needed)
          if (!copied.has(file) && !copied.has('.'))
            problems.push(`Dockerfile:${ins.line}: stage ${stage.name} runs npm ci without ${file}`);
      }
      if (ins.op !== 'COPY') continue;
      const { from, sources } = copySources(ins.args);
      if (from && !names.has(from)) problems.push(`Dockerfile:${ins.line}: no earlier stage ${from}`);
      for (const source of sources) {
        if (!from) copied.add(source.replace(/\/$/, ''));
        const inRepo = from ? source.replace(/^\/app\//, '') : source;
        // A build output (dist, the storefront's dist-server) is made by the build stage; everything else
        // must be in the repository.
        if (!/(^|\/)dist(-server)?$/.test(inRepo) && !existsSync(path.join(root, inRepo)))
          problems.push(`Dockerfile:${ins.line}: ${source} does not exist in the repository`);
      }
    }
    if (stage.name) names.add(stage.name);
  }
  const runtime = stages.at(-1);
  if (runtime) {
    const last = (op) => runtime.instructions.filter((i) => i.op === op).at(-1);
    const user = last('USER')?.args;
    if (!user || /^(root|0)(:|$)/.test(user))
      problems.push('Dockerfile: the runtime stage must run as a non-root USER');
    if (!last('HEALTHCHECK') || /^NONE$/i.test(last('HEALTHCHECK').args))
      problems.push('Dockerfile: the runtime stage has no HEALTHCHECK');
    if (!last('CMD') && !last('ENTRYPOINT')) problems.push('Dockerfile: the runtime stage has no CMD');
    for (const ins of runtime.instructions.filter(
      (i) => i.op === 'RUN' && /\bnpm (ci|install)\b/.test(i.args),
    ))
      if (!/--omit=dev\b/.test(ins.args))
        problems.push(`Dockerfile:${ins.line}: the runtime stage installs development dependencies`);
  }
  return problems;
}

/**
 * The value a compose `${VAR:-default}` / `${VAR:?message}` / `${VAR}` stands for in a check, with the
 * shell's `env`; `$$` is a dollar sign the container's shell reads.
 */
export function interpolate(value, env = {}) {
  return String(value).replace(/\$\$|\$\{(\w+)(?::?([-?])([^}]*))?\}/g, (whole, name, kind, rest) => {
    if (whole === '$$') return '$';
    if (env[name]) return env[name];
    return kind === '-' ? rest : `compose-check-${name.toLowerCase()}-0123456789abcdef0123456789`;
  });
}

/** The services `docker compose up` starts with no profile, and those of `--profile production`. */
export const COMPOSE_DEVELOPMENT = ['dev-secrets', 'dev-postgres', 'shop', 'shop-worker'];
export const COMPOSE_PRODUCTION = ['web-a', 'web-b', 'worker', 'postgres', 'varnish', 's3', 's3-setup'];

/**
 * Profiles: the development services have none (so `docker compose up` starts them), the production
 * ones are in `production`; compose interpolates every service whatever its profile, so no
 * `${VAR:?message}` may stand in the file (a plain `up` would stop at it): the production containers
 * check their secrets in their own shell (`$${VAR:?message}`).
 */
function profileProblems(text, services) {
  const problems = [];
  for (const name of COMPOSE_DEVELOPMENT)
    if (services[name]?.profiles?.length) problems.push(`compose.yaml: ${name} must have no profile`);
  for (const name of COMPOSE_PRODUCTION)
    if (!services[name]?.profiles?.includes('production'))
      problems.push(`compose.yaml: ${name} must be in the production profile`);
  for (const name of Object.keys(services))
    if (![...COMPOSE_DEVELOPMENT, ...COMPOSE_PRODUCTION].includes(name))
      problems.push(`compose.yaml: ${name} is neither a development nor a production service`);
  const yamlLines = text.split('\n').filter((line) => !line.trimStart().startsWith('#'));
  if (/(?<!\$)\$\{\w+:?\?/.test(yamlLines.join('\n')))
    problems.push(
      'compose.yaml: a required variable (VAR:?message in braces) stops `docker compose up` in every profile; check it in the container',
    );
  return problems;
}

/**
 * Problems of compose.yaml: the services the tests start by hand (two web processes, a worker,
 * PostgreSQL, Varnish, the S3 store), the roles, the files it mounts, and that every setting given to
 * the shop's processes is one the API reads (`settingNames`).
 */
export function composeProblems(root, text, settingNames) {
  const problems = [];
  const doc = parseYaml(text, { merge: true });
  const services = doc?.services ?? {};
  const roles = { 'web-a': 'web', 'web-b': 'web', worker: 'worker', shop: 'web', 'shop-worker': 'worker' };
  for (const name of [...Object.keys(roles), 'postgres', 'varnish', 's3'])
    if (!services[name]) problems.push(`compose.yaml: no service ${name}`);
  for (const [name, role] of Object.entries(roles)) {
    const env = services[name]?.environment ?? {};
    if (env.ROLE !== role) problems.push(`compose.yaml: ${name} must run with ROLE=${role}`);
    for (const key of Object.keys(env))
      if (!settingNames.has(key))
        problems.push(`compose.yaml: ${name} sets ${key}, which the API does not read`);
  }
  for (const [name, service] of Object.entries(services)) {
    for (const volume of service.volumes ?? []) {
      const source = String(volume).split(':')[0];
      if (source.startsWith('.') && !existsSync(path.join(root, source)))
        problems.push(`compose.yaml: ${name} mounts ${source}, which does not exist`);
    }
    if (service.image && !service.build && !pinned(service.image))
      problems.push(`compose.yaml: ${name}'s image ${service.image} is not pinned`);
  }
  problems.push(...varnishProblems(root, services), ...profileProblems(text, services));
  return problems;
}

/**
 * Varnish in compose.yaml: it loads deploy/varnish/compose.vcl (default.vcl with the web containers as
 * backends and the shop's containers as purgers, as scripts/varnish-vcl.mjs makes it), and the shop's
 * processes purge it, as the tests' processes purge theirs (CDN_PURGE=varnish).
 */
function varnishProblems(root, services) {
  const problems = [];
  const mounts = (services.varnish?.volumes ?? []).map((v) => String(v).split(':'));
  const vcl = mounts.find(([, target]) => target === '/etc/varnish/default.vcl');
  if (vcl?.[0] !== './deploy/varnish/compose.vcl')
    problems.push('compose.yaml: varnish must load ./deploy/varnish/compose.vcl as /etc/varnish/default.vcl');
  const composeFile = path.join(root, 'deploy/varnish/compose.vcl');
  const defaultFile = path.join(root, 'deploy/varnish/default.vcl');
  if (existsSync(composeFile) && existsSync(defaultFile)) {
    if (readFileSync(composeFile, 'utf8') !== composeVcl(readFileSync(defaultFile, 'utf8')))
      problems.push(
        'deploy/varnish/compose.vcl: not what default.vcl makes (run `node scripts/varnish-vcl.mjs compose`)',
      );
  }
  for (const name of ['web-a', 'web-b', 'worker']) {
    const env = services[name]?.environment ?? {};
    if (env.CDN_PURGE !== 'varnish' || !/^http:\/\/varnish(:\d+)?$/.test(env.VARNISH_PURGE_URLS ?? ''))
      problems.push(
        `compose.yaml: ${name} must purge Varnish (CDN_PURGE=varnish, VARNISH_PURGE_URLS=http://varnish:80)`,
      );
  }
  return problems;
}

/** The environment variables the API's settings schema reads (apps/api/src/config.ts and the payments part it imports). */
export function apiSettingNames(root) {
  const files = ['apps/api/src/config.ts', 'apps/api/src/config-payments.ts'];
  const text = files.map((file) => readFileSync(path.join(root, file), 'utf8')).join('\n');
  return new Set([...text.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]));
}

export function containerProblems(root) {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const problems = [];
  const ignore = existsSync(path.join(root, '.dockerignore'))
    ? readFileSync(path.join(root, '.dockerignore'), 'utf8')
        .split('\n')
        .map((l) => l.trim())
    : [];
  for (const entry of ['.git', 'node_modules', '.env'])
    if (!ignore.includes(entry)) problems.push(`.dockerignore: ${entry} must not reach the image`);
  problems.push(
    ...dockerfileProblems(root, readFileSync(path.join(root, 'Dockerfile'), 'utf8'), pkg.workspaces ?? []),
    ...composeProblems(root, readFileSync(path.join(root, 'compose.yaml'), 'utf8'), apiSettingNames(root)),
  );
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const problems = containerProblems(root);
  if (problems.length) {
    console.error(
      `Container files: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`,
    );
    process.exit(1);
  }
  console.log('Container files: Dockerfile and compose.yaml check out.');
}
