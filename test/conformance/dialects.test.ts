// Kiro CLI and Claude Code cases whose expectations come from the agents' own sources (shared/conformance,
// README second half), replayed black-box through `hookrun run` exactly as described there: files under
// the workspace and a temp HOME with @ROOT@ replaced, `--cwd WS --quiet`, stdin closed, the environment
// reduced to PATH, HOME, LANG and NO_COLOR, `repeat` runs judged on the last one.
// A dialect that is not built yet (e.g. `claude` on a branch without it) has its cases skipped, not failed.
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { getDialect } from '../../src/dialects/index.js';
import { hookrun } from '../helpers/cli.js';

interface DialectCase {
  id: string;
  dialect: string;
  about: string;
  files?: Record<string, string>;
  homeFiles?: Record<string, string>;
  args: string[];
  repeat?: number;
  expect: {
    exit: number;
    fired?: string[];
    notFired?: string[];
    stdoutContains?: string[];
    stdoutNotContains?: string[];
    spawnCount?: number | Record<string, number>;
  };
}

const cases: DialectCase[] = JSON.parse(await readFile(path.join(import.meta.dirname, 'dialect-cases.json'), 'utf8'));

const available = new Map<string, boolean>();
for (const name of new Set(cases.map((c) => c.dialect))) {
  available.set(
    name,
    await getDialect(name).then(
      () => true,
      () => false,
    ),
  );
}
/** True when `--dialect name` exists in this build; its cases run only then. */
export const dialectAvailable = (name: string): boolean => available.get(name) === true;

const roots: string[] = [];
afterAll(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

const substitute = (text: string, root: string): string => text.replaceAll('@ROOT@', root);

async function writeTree(base: string, files: Record<string, string> | undefined, root: string): Promise<void> {
  for (const [relative, content] of Object.entries(files ?? {})) {
    const file = path.join(base, substitute(relative, root));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, substitute(content, root), { mode: content.startsWith('#!') ? 0o755 : 0o644 });
  }
}

/** The text as it reads on stdout: raw, or escaped inside a JSON string. */
function stdoutHas(stdout: string, text: string): boolean {
  return stdout.includes(text) || stdout.includes(JSON.stringify(text).slice(1, -1));
}

async function spawnCounts(root: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of await readdir(root)) {
    if (!name.startsWith('count-')) continue;
    const text = await readFile(path.join(root, name), 'utf8');
    counts[name.slice('count-'.length)] = text.split('\n').filter((line) => line !== '').length;
  }
  return counts;
}

async function replay(c: DialectCase): Promise<void> {
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'hookrun-dialect-')));
  roots.push(root);
  const ws = path.join(root, 'ws');
  const home = path.join(root, 'home');
  await mkdir(ws, { recursive: true });
  await mkdir(home, { recursive: true });
  await writeTree(ws, c.files, root);
  await writeTree(home, c.homeFiles, root);
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, LANG: 'C.UTF-8', NO_COLOR: '1' };
  const args = [...c.args.map((arg) => substitute(arg, root)), '--cwd', ws, '--quiet'];

  let result = await hookrun(args, { env });
  for (let run = 2; run <= (c.repeat ?? 1); run++) {
    // Marker files describe the last run only; count files accumulate across runs.
    for (const name of await readdir(root)) if (name.startsWith('fired-')) await rm(path.join(root, name));
    result = await hookrun(args, { env });
  }

  const why = `${c.id}: ${c.about}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`;
  expect(result.exitCode, why).toBe(c.expect.exit);
  for (const name of c.expect.fired ?? []) expect(existsSync(path.join(root, `fired-${name}`)), `${name} should fire. ${why}`).toBe(true);
  for (const name of c.expect.notFired ?? []) expect(existsSync(path.join(root, `fired-${name}`)), `${name} should not fire. ${why}`).toBe(false);
  for (const text of c.expect.stdoutContains ?? []) expect(stdoutHas(result.stdout, text), `stdout should contain ${JSON.stringify(text)}. ${why}`).toBe(true);
  for (const text of c.expect.stdoutNotContains ?? []) {
    expect(stdoutHas(result.stdout, text), `stdout should not contain ${JSON.stringify(text)}. ${why}`).toBe(false);
  }
  const expected = c.expect.spawnCount;
  if (expected !== undefined) {
    const counts = await spawnCounts(root);
    if (typeof expected === 'number') {
      expect(Object.keys(counts).length, `no count file was written. ${why}`).toBeGreaterThan(0);
      for (const [name, count] of Object.entries(counts)) expect(count, `spawn count of ${name}. ${why}`).toBe(expected);
    } else {
      for (const [name, count] of Object.entries(expected)) expect(counts[name] ?? 0, `spawn count of ${name}. ${why}`).toBe(count);
    }
  }
}

describe.concurrent('dialect conformance (Kiro CLI, Claude Code)', () => {
  for (const c of cases) {
    test.skipIf(!dialectAvailable(c.dialect))(`${c.dialect}: ${c.id}`, () => replay(c));
  }
});
