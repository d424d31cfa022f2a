// The replay of shared/conformance's dialect-style cases (README, "Kiro CLI and Claude Code cases" and
// "More agents"), black-box through `hookrun run`: files under the workspace and a temp HOME with @ROOT@
// replaced, `--trust-workspace` after `run`, `--cwd WS --quiet`, stdin closed, the environment reduced
// to PATH, HOME, LANG and NO_COLOR, `repeat` runs judged on the last one. Each test file replays the
// families (id prefixes) it owns from one case file; a dialect this build lacks has its cases skipped.
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { getDialect } from '../../src/dialects/index.js';
import { hookrun } from '../helpers/cli.js';

export interface DialectCase {
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

export async function loadCases(file: string, prefixes?: readonly string[]): Promise<DialectCase[]> {
  const all: DialectCase[] = JSON.parse(await readFile(path.join(import.meta.dirname, file), 'utf8'));
  return prefixes ? all.filter((c) => prefixes.some((prefix) => c.id.startsWith(prefix))) : all;
}

/** Which of these cases' dialects exist in this build. */
async function availableDialects(cases: readonly DialectCase[]): Promise<Map<string, boolean>> {
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
  return available;
}

const substitute = (text: string, root: string): string => text.replaceAll('@ROOT@', root);

/** Writes a case's files below `base`, `@ROOT@` in names and contents replaced by `root`; a `#!` file executable. */
export async function writeTree(base: string, files: Record<string, string> | undefined, root: string): Promise<void> {
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

/** The README's argument rule: the case's own, `--trust-workspace` right after `run`, then `--cwd WS --quiet`. */
export function replayArgs(c: DialectCase, root: string, ws: string): string[] {
  const args = c.args.map((arg) => substitute(arg, root));
  if (args[0] === 'run') args.splice(1, 0, '--trust-workspace');
  return [...args, '--cwd', ws, '--quiet'];
}

export async function replay(c: DialectCase, roots: string[]): Promise<void> {
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'hookrun-dialect-')));
  roots.push(root);
  const ws = path.join(root, 'ws');
  const home = path.join(root, 'home');
  await mkdir(ws, { recursive: true });
  await mkdir(home, { recursive: true });
  await writeTree(ws, c.files, root);
  await writeTree(home, c.homeFiles, root);
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, LANG: 'C.UTF-8', NO_COLOR: '1' };
  const args = replayArgs(c, root, ws);

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

export interface ReplayOptions {
  /** The case file in test/conformance/. */
  file: string;
  /** Only the cases whose id starts with one of these (every case when absent). */
  prefixes?: readonly string[];
  /** How many cases must be there: a filter that selects nothing, or a truncated copy, fails. */
  atLeast?: number;
  /**
   * Docs-based cases that a case from the real agent contradicts: id → the overruling real-agent case's
   * id. They are reported as skipped, with that case named; the case files themselves stay as shared.
   */
  superseded?: Readonly<Record<string, string>>;
}

/** Declares one concurrent test per case. */
export async function describeReplay(title: string, options: ReplayOptions): Promise<void> {
  const cases = await loadCases(options.file, options.prefixes);
  const available = await availableDialects(cases);
  const roots: string[] = [];
  afterAll(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));
  describe.concurrent(title, () => {
    test(`the case file holds the cases (${options.prefixes?.join(', ') ?? 'all'})`, () => {
      expect(cases.length).toBeGreaterThanOrEqual(options.atLeast ?? 1);
    });
    const superseded = options.superseded ?? {};
    if (Object.keys(superseded).length > 0) {
      test('every superseded id names a case of this file', () => {
        expect(Object.keys(superseded).filter((id) => !cases.some((c) => c.id === id))).toEqual([]);
      });
    }
    for (const c of cases) {
      const by = superseded[c.id];
      if (by !== undefined) {
        test.skip(`${c.dialect}: ${c.id} (superseded by the real agent's ${by})`, () => {});
        continue;
      }
      test.skipIf(available.get(c.dialect) !== true)(`${c.dialect}: ${c.id}`, () => replay(c, roots));
    }
  });
}
