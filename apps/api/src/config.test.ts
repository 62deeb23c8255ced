import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** A production configuration that starts: a secret, and the local provider allowed on purpose. */
const PRODUCTION = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), ALLOW_TEST_PAYMENTS: 'true' };

/** The variables a configuration is refused for, in the order reported. */
function refused(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((p) => p.split(':')[0]!);
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('gives working offline defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, seedDemo: true, env: 'development' });
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('prepares statements unless DATABASE_PREPARE is false, and takes a direct URL for LISTEN behind a pooler', () => {
    expect(loadConfig({})).toMatchObject({ databasePrepare: true, databaseDirectUrl: undefined });
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://shop@127.0.0.1:6432/shop',
        DATABASE_PREPARE: 'false',
        DATABASE_DIRECT_URL: 'postgres://shop@127.0.0.1:5432/shop',
        AUTH_SECRET: 'x'.repeat(32),
      }),
    ).toMatchObject({ databasePrepare: false, databaseDirectUrl: 'postgres://shop@127.0.0.1:5432/shop' });
    expect(() => loadConfig({ DATABASE_DIRECT_URL: 'mysql://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_PREPARE: 'no' })).toThrow(ConfigError);
  });

  it('reads the catalog from the replicas listed in DATABASE_READ_URL, none by default', () => {
    expect(loadConfig({}).databaseReadUrls).toEqual([]);
    expect(
      loadConfig({
        DATABASE_READ_URL: ' postgres://shop@10.0.0.2/shop, postgresql://shop@10.0.0.3/shop ,',
      }).databaseReadUrls,
    ).toEqual(['postgres://shop@10.0.0.2/shop', 'postgresql://shop@10.0.0.3/shop']);
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://a/shop,mysql://b/shop' })).toThrow(ConfigError);
  });

  it('runs HTTP and jobs in one process by default, and refuses an unknown ROLE or a poll under half a second', () => {
    expect(loadConfig({})).toMatchObject({
      role: 'all',
      jobs: { timeoutSeconds: 300, retryDelaySeconds: 30, pollSeconds: 2 },
    });
    expect(loadConfig({ ROLE: 'worker', JOB_POLL_SECONDS: '0.5' })).toMatchObject({
      role: 'worker',
      jobs: { pollSeconds: 0.5 },
    });
    let error: unknown;
    try {
      loadConfig({ ROLE: 'cron', JOB_POLL_SECONDS: '0.1' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'JOB_POLL_SECONDS',
      'ROLE',
    ]);
  });

  it('turns demo seeding off by default on PostgreSQL', () => {
    const secret = 'x'.repeat(32);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1/shop', AUTH_SECRET: secret }).seedDemo).toBe(
      false,
    );
    expect(
      loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1/shop', AUTH_SECRET: secret, SEED_DEMO: 'true' })
        .seedDemo,
    ).toBe(true);
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(problems).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'SEED_DEMO', 'LOG_LEVEL']));
  });

  it('shortens the abandoned-checkout minute for tests only, never in production', () => {
    expect(loadConfig({}).checkout.abandonedMinuteSeconds).toBe(60);
    expect(loadConfig({ ABANDONED_CHECKOUT_MINUTE_SECONDS: '10' }).checkout.abandonedMinuteSeconds).toBe(10);
    const production = PRODUCTION;
    expect(() => loadConfig({ ...production, ABANDONED_CHECKOUT_MINUTE_SECONDS: '10' })).toThrow(
      /ABANDONED_CHECKOUT_MINUTE_SECONDS: only for tests/,
    );
    expect(loadConfig({ ...production, ABANDONED_CHECKOUT_MINUTE_SECONDS: '60' }).env).toBe('production');
  });

  it('requires an auth secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' })).toThrow(/AUTH_SECRET/);
    expect(loadConfig(PRODUCTION).env).toBe('production');
  });

  it('refuses the local (test) payment provider in production unless ALLOW_TEST_PAYMENTS=true', () => {
    const secret = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) };
    expect(refused(secret)).toEqual(['PAYMENT_PROVIDER']);
    expect(refused({ ...secret, PAYMENT_PROVIDER: 'local' })).toEqual(['PAYMENT_PROVIDER']);
    expect(refused({ ...secret, ALLOW_TEST_PAYMENTS: 'false' })).toEqual(['PAYMENT_PROVIDER']);
    expect(() => loadConfig(secret)).toThrow(/ALLOW_TEST_PAYMENTS=true/);
    // Listed with the other problems of the same start.
    expect(refused({ NODE_ENV: 'production' })).toEqual(['PAYMENT_PROVIDER', 'AUTH_SECRET']);
    expect(refused({ ...secret, ALLOW_TEST_PAYMENTS: 'yes' })).toEqual([
      'ALLOW_TEST_PAYMENTS',
      'PAYMENT_PROVIDER',
    ]);

    expect(loadConfig({ ...secret, ALLOW_TEST_PAYMENTS: 'true' }).payments).toMatchObject({
      provider: 'local',
      testPayments: true,
    });
    const stripe = {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(loadConfig({ ...secret, ...stripe }).payments).toMatchObject({
      provider: 'stripe',
      testPayments: false,
    });
  });

  it('says payments are test payments whenever the provider is local, in every environment', () => {
    expect(loadConfig({}).payments.testPayments).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).payments.testPayments).toBe(true);
    expect(
      loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })
        .payments.testPayments,
    ).toBe(false);
  });

  it('reports the rules between variables in the same round as bad values', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', MAILER: 'smtp', PAYMENT_PROVIDER: 'stripe', NODE_ENV: 'production' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT',
        'SMTP_URL',
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'AUTH_SECRET',
      ]),
    );
  });

  it('refuses PostgreSQL in development mode with the public development secret', () => {
    const url = 'postgres://u@127.0.0.1/shop';
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow(/AUTH_SECRET: required with DATABASE_URL/);
    expect(loadConfig({ DATABASE_URL: url, AUTH_SECRET: 'x'.repeat(32) }).databaseUrl).toBe(url);
    expect(loadConfig({ DATABASE_URL: url, NODE_ENV: 'test' }).databaseUrl).toBe(url);
    expect(loadConfig({}).authSecret).toBeUndefined();
  });

  it('serves the API documents outside production, and in production only when asked', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    const secret = PRODUCTION;
    expect(loadConfig(secret).apiDocs).toBe(false);
    expect(loadConfig({ ...secret, API_DOCS: 'on' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'off' }).apiDocs).toBe(false);
  });

  it('shows secrets in the outbox only when it is the only mail channel in development', () => {
    expect(loadConfig({}).mailer.outboxShowsSecrets).toBe(true);
    expect(loadConfig({ MAILER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:25' }).mailer.outboxShowsSecrets).toBe(
      false,
    );
    expect(loadConfig(PRODUCTION).mailer.outboxShowsSecrets).toBe(false);
  });
});
