import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives working offline defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, seedDemo: true, env: 'development' });
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('turns demo seeding off by default on PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1/shop' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1/shop', SEED_DEMO: 'true' }).seedDemo).toBe(
      true,
    );
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

  it('requires an auth secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).env).toBe('production');
  });
});
