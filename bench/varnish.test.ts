import { describe, expect, it } from 'vitest';
import { cacheActivity, parseVarnishStats, vclFor, withBackends } from './varnish.mjs';

describe('withBackends and vclFor', () => {
  it("replaces the VCL's backends block with round-robin backends on the given ports", () => {
    const vcl =
      'vcl 4.1;\n# backends: begin (a note)\nbackend old { .port = "1"; }\n# backends: end\nsub vcl_recv {}\n';
    const out = withBackends(vcl, [4001, 4002]);
    expect(out).not.toContain('backend old');
    expect(out).toContain('backend web1 {\n  .host = "127.0.0.1";\n  .port = "4001";\n}');
    expect(out).toContain('backend web2 {\n  .host = "127.0.0.1";\n  .port = "4002";\n}');
    expect(out).toContain('  web.add_backend(web1);\n  web.add_backend(web2);');
    expect(out.endsWith('sub vcl_recv {}\n')).toBe(true);
  });

  it('refuses a VCL without the backends block', () => {
    expect(() => withBackends('vcl 4.1;\n', [4001])).toThrow(/backends: begin/);
  });

  it('works on deploy/varnish/default.vcl, whose tag bans and X-Cache header the bench relies on', () => {
    const vcl = vclFor([5001, 5002]);
    expect(vcl).toContain('.port = "5002"');
    expect(vcl).not.toContain('.port = "3000"');
    expect(vcl).toMatch(/ban\("obj\.http\.Surrogate-Key/);
    expect(vcl).toContain('set resp.http.X-Cache = "HIT"');
  });
});

describe('parseVarnishStats and cacheActivity', () => {
  const counters = (hit: number, miss: number, pass: number, req: number, bans: number) => ({
    'MAIN.cache_hit': { description: 'Cache hits', flag: 'c', format: 'i', value: hit },
    'MAIN.cache_miss': { description: 'Cache misses', flag: 'c', format: 'i', value: miss },
    'MAIN.s_pass': { description: 'Total pass-ed requests seen', flag: 'c', format: 'i', value: pass },
    'MAIN.client_req': { description: 'Good client requests received', flag: 'c', format: 'i', value: req },
    'MAIN.backend_req': { description: 'Backend requests made', flag: 'c', format: 'i', value: miss + pass },
    'MAIN.bans_added': { description: 'Bans added', flag: 'c', format: 'i', value: bans },
  });

  it('reads the counters of Varnish 6.5 and later (under "counters") and of earlier versions', () => {
    const now = parseVarnishStats(
      JSON.stringify({ version: 1, timestamp: '2026-11-26T17:00:00', counters: counters(9, 1, 5, 15, 2) }),
    );
    const old = parseVarnishStats(
      JSON.stringify({ timestamp: '2019-01-01T00:00:00', ...counters(9, 1, 5, 15, 2) }),
    );
    expect(now).toEqual(old);
    expect(now['MAIN.cache_hit']).toBe(9);
    expect(now).not.toHaveProperty('timestamp');
  });

  it('gives what happened between two readings and the hit ratio of the lookups', () => {
    const before = parseVarnishStats(JSON.stringify({ counters: counters(2, 3, 1, 6, 0) }));
    const after = parseVarnishStats(JSON.stringify({ counters: counters(92, 13, 401, 506, 7) }));
    expect(cacheActivity(before, after)).toEqual({
      requests: 500,
      hits: 90,
      misses: 10,
      passes: 400,
      backendRequests: 410,
      bans: 7,
      hitRatio: 0.9,
    });
    expect(cacheActivity(after, after).hitRatio).toBeUndefined();
  });
});
