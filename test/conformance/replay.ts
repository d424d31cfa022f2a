// The black-box replay of the cases in dialect-cases.json / agents-cases.json format (shared/conformance
// README): files under the workspace and a temp HOME with @ROOT@ replaced, `--trust-workspace` after `run`,
// `--cwd WS --quiet`, stdin closed, the environment reduced to PATH, HOME, LANG and NO_COLOR, `repeat`
// runs judged on the last one.
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { getDialect } from '../../src/dialects/index.js';
import { hookrun } from '../helpers/cli.js';

export interface ReplayCase {
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

/** The cases of `file` (beside this helper) whose id starts with one of `prefixes`. */
export async function loadCases(file: string, prefixes: readonly string[]): Promise<ReplayCase[]> {
  const all: ReplayCase[] = JSON.parse(await readFile(path.join(import.meta.dirname, file), 'utf8'));
  return all.filter((c) => prefixes.some((prefix) => c.id.startsWith(prefix)));
}

/** Which of the cases' dialects exist in this build (a dialect not built yet has its cases skipped). */
export async function availableDialects(cases: readonly ReplayCase[]): Promise<Set<string>> {
  const available = new Set<string>();
  for (const name of new Set(cases.map((c) => c.dialect))) {
    if (await getDialect(name).then(() => true, () => false)) available.add(name);
  }
  return available;
}

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

/** Replays one case in its own temp root (removed afterwards) and asserts every expectation. */
export async function replayCase(c: ReplayCase): Promise<void> {
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'hookrun-case-')));
  try {
    const ws = path.join(root, 'ws');
    const home = path.join(root, 'home');
    await mkdir(ws, { recursive: true });
    await mkdir(home, { recursive: true });
    await writeTree(ws, c.files, root);
    await writeTree(home, c.homeFiles, root);
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, LANG: 'C.UTF-8', NO_COLOR: '1' };
    const given = c.args.map((arg) => substitute(arg, root));
    const args = given[0] === 'run' ? ['run', '--trust-workspace', ...given.slice(1)] : given;
    args.push('--cwd', ws, '--quiet');

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
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
