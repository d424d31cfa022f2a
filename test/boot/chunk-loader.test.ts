// The bundle's module system (src/boot/bin.ts): packs of factories read through the code cache, each
// module evaluated once, on first require, registered before it runs; Node's modules pass through.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { chunkLoader } from '../../src/boot/bin.js';
import { WRAPPER_START } from '../../src/boot/code-cache.js';
import { REPO } from '../helpers/cli.js';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

const factory = (body: string) => `function (exports, require, module, __filename, __dirname) {\n"use strict";\n${body}\n}`;
const pack = (modules: Record<string, string>) =>
  `"use strict";\nmodule.exports = {\n${Object.entries(modules)
    .map(([name, body]) => `${JSON.stringify(name)}: ${factory(body)}`)
    .join(',\n')}\n};\n`;

function dist(files: Record<string, Record<string, string>>) {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookrun-packs-')));
  roots.push(dir);
  for (const [file, modules] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), pack(modules));
  // The cache goes beside the packs; HOME points into the sandbox so nothing lands in the real one.
  return { dir, loader: () => chunkLoader(dir, { env: { HOME: dir, XDG_CACHE_HOME: path.join(dir, 'xdg') } }) };
}

test('modules of the entry pack and of packs of one load on first require, each once, in Node order', () => {
  const { dir, loader } = dist({
    'entry.cjs': {
      'entry.cjs': `globalThis.__order = ['entry']; const a = require('./chunk-A.cjs'); exports.sum = () => a.value + require('./chunk-B.cjs').value; exports.later = () => require('./chunk-C.cjs').value; exports.dir = __dirname; exports.file = __filename;`,
      'chunk-A.cjs': `globalThis.__order.push('A'); exports.value = 1;`,
      'chunk-unused.cjs': `throw new Error('never required, never run');`,
    },
    'chunk-B.cjs': { 'chunk-B.cjs': `globalThis.__order.push('B'); exports.value = require('./chunk-A.cjs').value + 1;` },
    'chunk-C.cjs': { 'chunk-C.cjs': `globalThis.__order.push('C'); exports.value = require('node:path').basename(__filename);` },
  });
  const l = loader();
  const entry = l.load('entry.cjs') as { sum(): number; later(): string; dir: string; file: string };
  expect(entry.sum()).toBe(3);
  expect(entry.sum()).toBe(3);
  expect(entry.later()).toBe('chunk-C.cjs');
  expect(entry.dir).toBe(dir);
  expect(entry.file).toBe(path.join(dir, 'entry.cjs'));
  expect((globalThis as { __order?: string[] }).__order).toEqual(['entry', 'A', 'B', 'C']);
  // Three packs read, three caches written beside them; a second loader uses them and writes none.
  expect(
    l
      .save('run')
      .map((file) => path.basename(file))
      .sort(),
  ).toEqual(['chunk-B.cjs.v8cache', 'chunk-C.cjs.v8cache', 'entry.cjs.v8cache']);
  const again = loader();
  expect((again.load('entry.cjs') as { later(): string }).later()).toBe('chunk-C.cjs');
  expect(again.save('run')).toEqual([]);
});

test('a cycle sees the partly filled exports, as in Node, instead of looping', () => {
  const { loader } = dist({
    'entry.cjs': {
      'entry.cjs': `exports.early = 'early'; exports.seen = require('./chunk-A.cjs').seen;`,
      'chunk-A.cjs': `exports.seen = require('./entry.cjs').early;`,
    },
  });
  expect(loader().load('entry.cjs')).toMatchObject({ early: 'early', seen: 'early' });
});

test('a pack that lacks the module it is named after: an error that names the file', () => {
  const { dir, loader } = dist({
    'entry.cjs': { 'entry.cjs': `exports.get = () => require('./chunk-X.cjs');` },
    'chunk-X.cjs': { 'chunk-Y.cjs': `exports.y = 1;` },
  });
  const entry = loader().load('entry.cjs') as { get(): unknown };
  expect(() => entry.get()).toThrow(`${path.join(dir, 'chunk-X.cjs')} does not define chunk-X.cjs`);
});

test('the built packs are already the wrapper function (compiled without a copy); the run pack is ASCII (copied, not decoded)', () => {
  const dist = path.join(REPO, 'dist');
  const packs = fs.readdirSync(dist).filter((file) => file.endsWith('.cjs') && file !== 'boot.cjs');
  expect(packs).toContain('hookrun.cjs');
  for (const file of packs) {
    const bytes = fs.readFileSync(path.join(dist, file));
    expect(bytes.toString('latin1').startsWith(WRAPPER_START), file).toBe(true);
    // Other packs may keep a non-ASCII comment of a dependency: read as UTF-8, off the run path.
    if (file === 'hookrun.cjs')
      expect(
        bytes.every((byte) => byte < 0x80),
        file,
      ).toBe(true);
  }
});
