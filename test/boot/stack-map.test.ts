// An internal error's stack trace names src/ lines: the build writes a source map beside each pack
// (scripts/build.js), and hookrun reads it only when it prints such an error (src/boot/stack-map.ts).
// The error here is real: the built CLI, loaded by its boot loader in a child process, is handed an
// argument that is not a string (which no shell can pass), and fails inside src/pipeline/event/hint.ts.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeSandbox, REPO, type Sandbox } from '../helpers/cli.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await makeSandbox();
});
afterAll(() => sb.cleanup());

/** Runs the packs in `dist` as the bin does, with argv `run {}`; the child's stderr. */
function crash(dist: string): string {
  const script = `require(${JSON.stringify(path.join(dist, 'boot.cjs'))}).runBundledCli(${JSON.stringify(path.join(dist, 'hookrun.cjs'))}, ['run', {}]).then((code) => { process.exitCode = code; })`;
  const result = spawnSync(process.execPath, ['-e', script], { cwd: sb.ws, env: { ...sb.env, HOOKRUN_CODE_CACHE: 'off' }, encoding: 'utf8' });
  expect(result.status).toBe(1);
  return result.stderr;
}

test('the printed stack names the src/ file and line that threw', () => {
  const stderr = crash(path.join(REPO, 'dist'));
  expect(stderr).toMatch(/^hookrun: internal error: TypeError: /);
  const top = /\n {4}at \S+ \((\/[^()]+\.ts):(\d+):(\d+)\)/.exec(stderr);
  expect(top, stderr).not.toBeNull();
  const [, file, line, column] = top!;
  expect(path.relative(REPO, file!)).toBe(path.join('src', 'pipeline', 'event', 'hint.ts'));
  // The line and column are where the call on a non-string is in the source.
  const text = fs.readFileSync(file!, 'utf8').split('\n')[Number(line) - 1]!;
  expect(text.slice(Number(column) - 1)).toMatch(/^(name\.)?toLowerCase\(/);
  // Every frame of hookrun's own code is mapped: none is left in a pack.
  expect(stderr).not.toMatch(/dist[/\\]hookrun\.cjs:/);
  expect(stderr).toMatch(/src[/\\]cli[/\\]main\.ts:\d+:\d+/);
});

test('without the maps the stack is left as it is, pointing into the packs', () => {
  const copy = path.join(sb.root, 'dist-no-maps');
  fs.mkdirSync(copy);
  for (const file of fs.readdirSync(path.join(REPO, 'dist'))) {
    if (file.endsWith('.cjs')) fs.copyFileSync(path.join(REPO, 'dist', file), path.join(copy, file));
  }
  const stderr = crash(copy);
  expect(stderr).toMatch(/^hookrun: internal error: TypeError: /);
  expect(stderr).toMatch(/dist-no-maps[/\\]hookrun\.cjs:\d+:\d+/);
  expect(stderr).not.toMatch(/\.ts:\d+/);
});

test('every pack in dist/ has its source map, and boot.cjs too', () => {
  const dist = path.join(REPO, 'dist');
  for (const file of fs.readdirSync(dist).filter((name) => name.endsWith('.cjs'))) {
    const map = JSON.parse(fs.readFileSync(path.join(dist, `${file}.map`), 'utf8')) as { version: number };
    expect(map.version, file).toBe(3);
  }
});
