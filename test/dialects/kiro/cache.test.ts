// The on-disk Kiro result cache against a real temp directory and an injected clock: keys, expiry,
// what is stored, damaged or foreign files, an unwritable directory, and many writers at once.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { Context } from '../../../src/pipeline/context.js';
import type { HookInvocation } from '../../../src/dialects/dialect.js';
import { cacheFileName, cacheKey, createKiroCache, expiryFor, hookrunCacheDir } from '../../../src/dialects/kiro/cache.js';
import type { HookResult, PlannedHook } from '../../../src/pipeline/types.js';
import { tempDir } from '../../helpers/hooks.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function setup(start = Date.parse('2026-01-01T00:00:00Z')) {
  const root = tempDir('hookrun-kiro-cache-');
  dirs.push(root);
  let now = start;
  const ctx: Context = { cwd: path.join(root, 'ws'), env: { HOME: path.join(root, 'home') }, platform: 'linux', now: () => new Date(now) };
  const dir = path.join(root, 'cache');
  return { root, dir, ctx, cache: createKiroCache(ctx, { dir }), advance: (ms: number) => (now += ms) };
}

function hook(event: string, config: Record<string, unknown> = {}, file = '/ws/.kiro/agents/dev.json'): PlannedHook {
  return {
    index: 0,
    entry: {
      event,
      config: { type: 'command', command: 'echo hi', ...config },
      source: 'agent',
      layer: 'workspace',
      matcher: undefined,
      sequential: undefined,
      enabled: true,
      displayName: 'echo hi',
      location: { file, line: 1, column: 1, path: [] },
    },
  };
}

const invocation = {} as HookInvocation;
const ok = (h: PlannedHook, output: string, input = {}): HookResult => ({
  index: 0,
  entry: h.entry,
  command: 'echo hi',
  input,
  success: true,
  exitCode: 0,
  output,
  outputFormat: 'text',
  durationMs: 5,
});

describe('where and under which key', () => {
  test('cache dir: absolute XDG_CACHE_HOME, else ~/.cache', () => {
    const base: Context = { cwd: '/w', env: { HOME: '/h' }, platform: 'linux', now: () => new Date() };
    expect(hookrunCacheDir(base)).toBe('/h/.cache/hookrun');
    expect(hookrunCacheDir({ ...base, env: { HOME: '/h', XDG_CACHE_HOME: '/x' } })).toBe('/x/hookrun');
    expect(hookrunCacheDir({ ...base, env: { HOME: '/h', XDG_CACHE_HOME: 'relative' } })).toBe('/h/.cache/hookrun');
  });

  test('the key covers trigger, the whole definition after defaults, agent file, workspace and session', () => {
    const ctx: Context = { cwd: '/w', env: {}, platform: 'linux', now: () => new Date() };
    const name = (h: PlannedHook, input = {}, c = ctx) => cacheFileName(cacheKey(h, input, c));
    const base = name(hook('preToolUse', { cache_ttl_seconds: 60 }));
    // Writing a default out is the same definition.
    expect(name(hook('preToolUse', { cache_ttl_seconds: 60, timeout_ms: 30000, max_output_size: 10240 }))).toBe(base);
    // The tool input is not part of the key (Kiro reuses a preToolUse result for any matching tool call).
    expect(name(hook('preToolUse', { cache_ttl_seconds: 60 }), { tool_input: { a: 1 } })).toBe(base);
    for (const other of [
      name(hook('postToolUse', { cache_ttl_seconds: 60 })),
      name(hook('preToolUse', { cache_ttl_seconds: 61 })),
      name(hook('preToolUse', { cache_ttl_seconds: 60, timeout_ms: 1 })),
      name(hook('preToolUse', { cache_ttl_seconds: 60, command: 'echo other' })),
      name(hook('preToolUse', { cache_ttl_seconds: 60 }, '/other/agent.json')),
      name(hook('preToolUse', { cache_ttl_seconds: 60 }), { session_id: 's1' }),
      name(hook('preToolUse', { cache_ttl_seconds: 60 }), {}, { ...ctx, cwd: '/elsewhere' }),
    ]) {
      expect(other).not.toBe(base);
    }
    const withMatcher = hook('preToolUse', { cache_ttl_seconds: 60 });
    withMatcher.entry.matcher = 'fs_*';
    expect(name(withMatcher)).not.toBe(base);
  });

  test('expiry: TTL seconds from now; TTL 0 not stored; agentSpawn never expires whatever the TTL', () => {
    const now = new Date(1000);
    const key = (event: string, ttl: number) => cacheKey(hook(event, { cache_ttl_seconds: ttl }), {}, { cwd: '/', env: {}, platform: 'linux', now: () => now });
    expect(expiryFor(key('preToolUse', 2), now)).toEqual(new Date(3000));
    expect(expiryFor(key('userPromptSubmit', 0), now)).toBeUndefined();
    expect(expiryFor(key('agentSpawn', 0), now)).toBeNull();
    expect(expiryFor(key('agentSpawn', 5), now)).toBeNull();
  });
});

describe('get and put', () => {
  test('a stored result is a hit until its TTL has passed', async () => {
    const { cache, advance, dir } = setup();
    const h = hook('preToolUse', { cache_ttl_seconds: 2 });
    expect(await cache.get(h, invocation, {})).toBeUndefined();
    await cache.put(h, invocation, ok(h, 'out'));
    expect(await cache.get(h, invocation, {})).toEqual({ success: true, exitCode: 0, output: 'out', outputFormat: 'text' });
    advance(1999);
    expect(await cache.get(h, invocation, {})).toBeDefined();
    advance(1);
    expect(await cache.get(h, invocation, {})).toBeUndefined();
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{64}\.json$/);
    expect(fs.statSync(path.join(dir, files[0]!)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
  });

  test('agentSpawn results stay; failures and TTL-0 results of other triggers are never stored', async () => {
    const { cache, advance, dir } = setup();
    const spawn = hook('agentSpawn');
    await cache.put(spawn, invocation, ok(spawn, 'ctx'));
    advance(10 * 365 * 24 * 3600 * 1000);
    expect((await cache.get(spawn, invocation, {}))?.output).toBe('ctx');

    const pre = hook('preToolUse', { cache_ttl_seconds: 60 });
    await cache.put(pre, invocation, { ...ok(pre, 'no'), success: false, exitCode: 2 });
    await cache.put(pre, invocation, { ...ok(pre, ''), success: false, exitCode: -1, output: undefined, error: 'timed out' });
    expect(await cache.get(pre, invocation, {})).toBeUndefined();
    const zero = hook('postToolUse');
    await cache.put(zero, invocation, ok(zero, 'x'));
    expect(fs.readdirSync(dir)).toHaveLength(1);
  });

  test('a damaged or foreign entry is a miss, and the next result replaces it', async () => {
    const { cache, dir } = setup();
    const h = hook('preToolUse', { cache_ttl_seconds: 60 });
    await cache.put(h, invocation, ok(h, 'first'));
    const file = path.join(dir, fs.readdirSync(dir)[0]!);
    for (const text of [
      '{not json',
      '{"version":99,"output":"x","expiresAt":null}',
      '{"version":1,"output":3,"expiresAt":null}',
      '{"version":1,"output":"x","expiresAt":"soon"}',
    ]) {
      fs.writeFileSync(file, text);
      expect(await cache.get(h, invocation, {})).toBeUndefined();
    }
    await cache.put(h, invocation, ok(h, 'second'));
    expect((await cache.get(h, invocation, {}))?.output).toBe('second');
    expect(cache.notes).toEqual([]);
  });

  test('an unwritable cache location is a note, not a failure', async () => {
    const { root, ctx } = setup();
    const blocker = path.join(root, 'file');
    fs.writeFileSync(blocker, '');
    const cache = createKiroCache(ctx, { dir: path.join(blocker, 'cache') });
    const h = hook('preToolUse', { cache_ttl_seconds: 60 });
    await cache.put(h, invocation, ok(h, 'x'));
    expect(await cache.get(h, invocation, {})).toBeUndefined();
    expect(cache.notes).toContainEqual(expect.stringContaining('cannot write the Kiro hook cache'));
    expect(cache.notes).toContainEqual(expect.stringContaining('cannot read the Kiro hook cache'));
  });

  test('many concurrent writers leave one whole entry and no temp files', async () => {
    const { dir, ctx } = setup();
    const h = hook('preToolUse', { cache_ttl_seconds: 60 });
    const caches = Array.from({ length: 20 }, () => createKiroCache(ctx, { dir }));
    await Promise.all(caches.map((c, i) => c.put(h, invocation, ok(h, `writer-${i}-${'x'.repeat(50_000)}`))));
    expect(fs.readdirSync(dir)).toHaveLength(1);
    const hit = await caches[0]!.get(h, invocation, {});
    expect(hit?.output).toMatch(/^writer-\d+-x{50000}$/);
  });
});
