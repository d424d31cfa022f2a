// The code cache is an optimisation that must never change what runs: every damaged, stale, foreign
// or untrusted cache is ignored (and replaced), and the bundle's own behaviour is the same either way.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { encodeCache, loadBundle, runtimeKey } from '../../src/boot/code-cache.js';
import { cacheFiles } from '../../src/boot/bin.js';
import { commandOf } from '../../src/cli/argv.js';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

const BUNDLE = `'use strict';
function greet(name) { return 'hello ' + name + ' from ' + require('node:path').basename(__filename); }
exports.greet = greet;
exports.self = module.exports === exports;
`;

function setup(source = BUNDLE) {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookrun-cache-')));
  roots.push(root);
  const bundle = path.join(root, 'dist', 'cli.cjs');
  fs.mkdirSync(path.dirname(bundle));
  fs.writeFileSync(bundle, source);
  const files = [path.join(root, 'dist', 'cli.cjs.v8cache'), path.join(root, 'user-cache', 'hookrun', 'cli.cjs.v8cache')];
  /** Loads the bundle; `save()` saves it as a run of this purpose. */
  const load = (purpose = 'run', disabled = false) => {
    const loaded = loadBundle<{ greet: (n: string) => string; self: boolean }>(bundle, { cacheFiles: files, disabled });
    return { ...loaded, save: () => loaded.save(purpose) };
  };
  return { root, bundle, files, load };
}

/** A loaded bundle that behaves as the source says, whatever the cache state. */
function expectWorks(loaded: ReturnType<ReturnType<typeof setup>['load']>) {
  expect(loaded.exports.greet('you')).toBe('hello you from cli.cjs');
  expect(loaded.exports.self).toBe(true);
}

describe('loadBundle', () => {
  test('no cache: runs from source, then saves one beside the bundle; the next run uses it', () => {
    const { files, load } = setup();
    const first = load();
    expect(first.cache).toBe('missing');
    expectWorks(first);
    expect(first.save()).toBe(files[0]);
    const second = load();
    expect(second.cache).toBe('hit');
    expect(second.cacheFile).toBe(files[0]);
    expectWorks(second);
    expect(second.save()).toBeUndefined();
  });

  test.each([
    ['a flipped byte in the payload', (bytes: Buffer) => void (bytes[bytes.length - 20]! ^= 0xff)],
    ['a truncated file', (bytes: Buffer) => bytes.subarray(0, bytes.length - 1)],
    ['a damaged header', (bytes: Buffer) => void bytes.write('XXXX', 0)],
    ['an empty file', () => Buffer.alloc(0)],
    ['a header length past the end', (bytes: Buffer) => void bytes.writeUInt32LE(0xffffff, 8)],
  ])('%s is ignored and replaced', (_name, damage) => {
    const { files, load } = setup();
    load().save();
    const bytes = fs.readFileSync(files[0]!);
    fs.writeFileSync(files[0]!, damage(bytes) ?? bytes);
    const loaded = load();
    expect(loaded.cache).toBe('invalid');
    expectWorks(loaded);
    expect(loaded.save()).toBe(files[0]);
    expect(load().cache).toBe('hit');
  });

  test('a cache of another bundle with the same length is ignored (V8 alone would accept it)', () => {
    const { bundle, files, load } = setup();
    load().save();
    fs.writeFileSync(bundle, BUNDLE.replace("'hello '", "'howdy '"));
    const loaded = load();
    expect(loaded.cache).toBe('invalid');
    expect(loaded.exports.greet('you')).toBe('howdy you from cli.cjs');
    expect(fs.existsSync(files[0]!)).toBe(true);
  });

  test('a bundle that is not ASCII is read as UTF-8 (ASCII is copied as bytes)', () => {
    const { load } = setup(BUNDLE.replace("'hello '", "'héllo ✓ '"));
    const first = load();
    expect(first.exports.greet('you')).toBe('héllo ✓ you from cli.cjs');
    first.save();
    expect(load().exports.greet('you')).toBe('héllo ✓ you from cli.cjs');
  });

  test('a cache made by another runtime is ignored', () => {
    const { files, load } = setup();
    const made = load();
    made.save();
    const bytes = fs.readFileSync(files[0]!);
    const header = JSON.parse(bytes.toString('utf8', 20, 20 + bytes.readUInt32LE(8)));
    expect(header.runtime).toBe(runtimeKey());
    const payload = bytes.subarray(20 + bytes.readUInt32LE(8));
    fs.writeFileSync(files[0]!, encodeCache({ ...header, runtime: 'node v0.0.0 v8 0 x' }, payload));
    expect(load().cache).toBe('invalid');
  });

  test.runIf(process.platform !== 'win32')('a cache that others could have written is not trusted', () => {
    const { files, load } = setup();
    load().save();
    fs.chmodSync(files[0]!, 0o666);
    const loaded = load();
    expect(loaded.cache).toBe('invalid');
    expectWorks(loaded);
  });

  test('where the bundle directory refuses the cache, it goes to the next location', () => {
    const { root, bundle } = setup();
    // A file where the first cache's directory would be: that location cannot be written (even by root).
    fs.writeFileSync(path.join(root, 'blocked'), '');
    const files = [path.join(root, 'blocked', 'cli.cjs.v8cache'), path.join(root, 'user-cache', 'hookrun', 'cli.cjs.v8cache')];
    const loadFrom = () => loadBundle<{ greet: (n: string) => string }>(bundle, { cacheFiles: files });
    expect(loadFrom().save('run')).toBe(files[1]);
    const second = loadFrom();
    expect(second.cache).toBe('hit');
    expect(second.cacheFile).toBe(files[1]);
    expect(fs.readdirSync(path.dirname(files[1]!))).toEqual(['cli.cjs.v8cache']);
    expect(fs.existsSync(path.join(root, 'dist', 'cli.cjs.v8cache'))).toBe(false);
  });

  test('a cache is rewritten once for each new purpose, so it covers every command run', () => {
    const { load } = setup();
    load('run').save();
    const validate = load('validate');
    expect(validate.cache).toBe('hit');
    expect(validate.save()).toBeDefined();
    expect(load('validate').save()).toBeUndefined();
    expect(load('run').save()).toBeUndefined();
  });

  test('made-up command names stop causing rewrites after a few', () => {
    const { load } = setup();
    const written = Array.from({ length: 40 }, (_, i) => load(`typo-${i}`).save()).filter(Boolean);
    expect(written.length).toBe(16);
  });

  test('switched off: nothing read, nothing written', () => {
    const { files, load } = setup();
    load().save();
    const off = load('run', true);
    expect(off.cache).toBe('off');
    expectWorks(off);
    fs.rmSync(files[0]!);
    expect(off.save()).toBeUndefined();
    expect(fs.existsSync(files[0]!)).toBe(false);
  });
});

describe('cacheFiles and commandOf', () => {
  test('beside the bundle first, then the user cache directory, one file per install', () => {
    const a = cacheFiles('/opt/a/dist/hookrun.cjs', { XDG_CACHE_HOME: '/home/u/.cache' }, 'linux');
    const b = cacheFiles('/opt/b/dist/hookrun.cjs', { XDG_CACHE_HOME: '/home/u/.cache' }, 'linux');
    expect(a[0]).toBe('/opt/a/dist/hookrun.cjs.v8cache');
    expect(a[1]).toMatch(/^\/home\/u\/\.cache\/hookrun\/[0-9a-f]{8}-hookrun\.cjs\.v8cache$/);
    expect(b[1]).not.toBe(a[1]);
  });

  test('a relative XDG_CACHE_HOME is ignored (it would put the cache in the workspace)', () => {
    const files = cacheFiles('/opt/a/dist/hookrun.cjs', { XDG_CACHE_HOME: '.cache', HOME: '/home/u' }, 'linux');
    expect(files[1]).not.toMatch(/^\.cache/);
    expect(path.isAbsolute(files[1]!)).toBe(true);
  });

  test.each([
    [['run', 'BeforeTool'], 'run'],
    [['-C', 'ws', 'validate'], 'validate'],
    [['--cwd', 'ws', '--help'], ''],
    [[], ''],
  ])('%j runs %j', (argv, command) => {
    expect(commandOf(argv)).toBe(command);
  });
});
