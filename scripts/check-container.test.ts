import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { loadConfig } from '../apps/api/src/config.ts';
import { ADMIN_DIST, DEMO_IMAGES_DIR, MIGRATIONS_DIR, STOREFRONT_DIST } from '../apps/api/src/lib/paths.ts';
import {
  apiSettingNames,
  composeProblems,
  containerProblems,
  dockerfileProblems,
  dockerInstructions,
  dockerStages,
  interpolate,
} from './check-container.mjs';
import { composeVcl } from './varnish-vcl.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
const compose = readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8');
const workspaces: string[] = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces;
const settings = apiSettingNames(ROOT);

describe('the container files', () => {
  it('check out', () => {
    expect(containerProblems(ROOT)).toEqual([]);
  });

  it('the runtime image holds every folder the API reads at run time', () => {
    const runtime = dockerStages(dockerInstructions(dockerfile)).at(-1);
    const copiedTo = (runtime?.instructions ?? [])
      .filter((i: { op: string }) => i.op === 'COPY')
      .map((i: { args: string }) => i.args.split(/\s+/).at(-1));
    for (const dir of [MIGRATIONS_DIR, DEMO_IMAGES_DIR, STOREFRONT_DIST, ADMIN_DIST]) {
      const wanted = path.relative(ROOT, dir);
      expect(
        copiedTo.some((to: string) => wanted === to || wanted.startsWith(`${to}/`)),
        `${wanted} in ${copiedTo.join(', ')}`,
      ).toBe(true);
    }
  });

  it("the production shop's processes start with the API's settings, real secrets and a choice of payments", () => {
    const services = parseYaml(compose, { merge: true }).services;
    const secrets = {
      AUTH_SECRET: 'a'.repeat(64),
      POSTGRES_PASSWORD: 'pg-password',
      S3_SECRET_ACCESS_KEY: 's3-secret',
    };
    const stripe = {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    for (const name of ['web-a', 'web-b', 'worker']) {
      // A setting without a value is the shell's, or unset when the shell has none.
      const shell = (from: Record<string, string>) =>
        Object.fromEntries(
          Object.entries(services[name].environment as Record<string, unknown>).flatMap(([k, v]) =>
            v === null ? (k in from ? [[k, from[k]!]] : []) : [[k, interpolate(String(v), from)]],
          ),
        );
      for (const choice of [stripe, { ALLOW_TEST_PAYMENTS: 'true' }]) {
        const config = loadConfig(shell({ ...secrets, ...choice }));
        expect(config.role).toBe(name === 'worker' ? 'worker' : 'web');
        expect(config.uploads.storage).toBe('s3');
        expect(config.databaseUrl).toBe('postgres://cartwheel:pg-password@postgres:5432/cartwheel');
      }
      expect(() => loadConfig(shell(secrets))).toThrow(/PAYMENT_PROVIDER: the local provider only simulates/);
      // Without the secrets the container's shell stops before the server: `:?` on each of them.
      const entry = services[name].entrypoint.join(' ');
      for (const secret of ['AUTH_SECRET', 'S3_SECRET_ACCESS_KEY']) expect(entry).toContain(`\${${secret}:?`);
    }
    expect(services.postgres.entrypoint.join(' ')).toContain('${POSTGRES_PASSWORD:?');
    expect(services.s3.entrypoint.join(' ')).toContain('${MINIO_ROOT_PASSWORD:?');
  });

  it('docker compose up with no settings: a development shop and a worker on PostgreSQL, secrets generated', () => {
    const services = parseYaml(compose, { merge: true }).services;
    const started = Object.keys(services).filter((name) => !services[name].profiles);
    expect(started.sort()).toEqual(['dev-postgres', 'dev-secrets', 'shop', 'shop-worker']);
    // Nothing to interpolate from the shell: no ${VAR} at all in what a plain `up` starts.
    for (const name of started) expect(JSON.stringify(services[name])).not.toMatch(/(?<!\$)\$\{/);
    expect(services['dev-postgres'].environment.POSTGRES_PASSWORD_FILE).toBe('/secrets/postgres_password');
    for (const name of ['shop', 'shop-worker']) {
      const entry = services[name].entrypoint.join(' ');
      expect(entry).toContain('AUTH_SECRET="$$(cat /secrets/auth_secret)"');
      expect(entry).toContain('@dev-postgres:5432/cartwheel');
      // The settings as the entrypoint completes them: a valid development configuration.
      const config = loadConfig({
        ...services[name].environment,
        AUTH_SECRET: 'f'.repeat(64),
        DATABASE_URL: 'postgres://cartwheel:x@dev-postgres:5432/cartwheel',
      });
      expect(config.role).toBe(name === 'shop' ? 'web' : 'worker');
      expect(config.env).toBe('development');
    }
    expect(services.shop.environment.SEED_DEMO).toBe('true');
    expect(services['dev-secrets'].entrypoint.join(' ')).toMatch(
      /auth_secret.*postgres_password.*randomBytes/s,
    );
  });
});

describe('check-container finds', () => {
  const problemsOf = (text: string) => dockerfileProblems(ROOT, text, workspaces);

  it('a runtime image that runs as root, has no health check or installs development dependencies', () => {
    expect(problemsOf(dockerfile.replace(/^USER node$/m, 'USER root'))).toContain(
      'Dockerfile: the runtime stage must run as a non-root USER',
    );
    expect(problemsOf(dockerfile.replace(/^HEALTHCHECK[\s\S]*?\n(?=CMD)/m, ''))).toContain(
      'Dockerfile: the runtime stage has no HEALTHCHECK',
    );
    expect(problemsOf(dockerfile.replace('npm ci --omit=dev', 'npm ci')).join('\n')).toMatch(
      /installs development dependencies/,
    );
  });

  it('an unpinned base image, a missing workspace before npm ci, a path that does not exist', () => {
    expect(problemsOf(dockerfile.replace(/^ARG NODE_IMAGE=.*$/m, 'ARG NODE_IMAGE=node:latest'))).toContain(
      'Dockerfile: base image node:latest is not pinned',
    );
    expect(problemsOf(dockerfile.replace(/^COPY packages\/ui\/package.json.*\n/gm, '')).join('\n')).toMatch(
      /stage build runs npm ci without packages\/ui\/package.json/,
    );
    expect(
      problemsOf(
        dockerfile.replace('apps/api/public apps/api/public', 'apps/api/nothing apps/api/public'),
      ).join('\n'),
    ).toMatch(/apps\/api\/nothing does not exist/);
    expect(problemsOf(dockerfile)).toEqual([]);
  });

  it('a compose service with another role, or a setting the API does not read', () => {
    expect(composeProblems(ROOT, compose.replace('ROLE: worker', 'ROLE: all'), settings)).toContain(
      'compose.yaml: shop-worker must run with ROLE=worker',
    );
    expect(
      composeProblems(ROOT, compose.replace('TRUST_PROXY: "true"', 'TRUST_PROXIES: "true"'), settings),
    ).toContain('compose.yaml: web-a sets TRUST_PROXIES, which the API does not read');
  });

  it('a production service outside its profile, a development one inside one, a required variable compose would read', () => {
    expect(
      composeProblems(ROOT, compose.replace(/^( {4}profiles: \[production\]\n)/m, ''), settings),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/must be in the production profile/)]));
    // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's syntax, not a template.
    const required = compose.replace('AUTH_SECRET: ${AUTH_SECRET:-}', 'AUTH_SECRET: ${AUTH_SECRET:?set it}');
    expect(composeProblems(ROOT, required, settings).join('\n')).toMatch(
      /stops `docker compose up` in every profile/,
    );
  });

  it('a Varnish whose VCL is not compose.vcl, or shop processes that do not purge it', () => {
    const vclPath = './deploy/varnish/compose.vcl:/etc/varnish/default.vcl:ro';
    expect(
      composeProblems(
        ROOT,
        compose.replace(vclPath, vclPath.replace('compose.vcl', 'default.vcl')),
        settings,
      ),
    ).toContain('compose.yaml: varnish must load ./deploy/varnish/compose.vcl as /etc/varnish/default.vcl');
    expect(
      composeProblems(ROOT, compose.replace('CDN_PURGE: varnish', 'CDN_PURGE: none'), settings),
    ).toContain(
      'compose.yaml: worker must purge Varnish (CDN_PURGE=varnish, VARNISH_PURGE_URLS=http://varnish:80)',
    );
  });
});

describe('compose.vcl', () => {
  it("is default.vcl with compose's web containers as backends and its shop containers as purgers", () => {
    const vcl = composeVcl(readFileSync(path.join(ROOT, 'deploy/varnish/default.vcl'), 'utf8'));
    expect(vcl).toContain('backend web1 {\n  .host = "web-a";\n  .port = "3000";\n}');
    expect(vcl).toContain('backend web2 {\n  .host = "web-b";\n  .port = "3000";\n}');
    expect(vcl).toMatch(/acl purgers \{\n {2}\("web-a"\);\n {2}\("web-b"\);\n {2}\("worker"\);\n\}/);
    expect(vcl).not.toContain('127.0.0.1');
    // The file compose.yaml mounts is this, made by `node scripts/varnish-vcl.mjs compose`.
    expect(readFileSync(path.join(ROOT, 'deploy/varnish/compose.vcl'), 'utf8')).toBe(vcl);
  });
});
