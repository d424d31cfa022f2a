// A kept configuration is only as fresh as its journal (src/files/journal.ts) is complete: a loader that
// read a file, its environment or the clock behind the journal's back would leave an input that no request
// checks again, and `serve` would answer from a stale configuration. So every module a dialect loads
// (the static imports from src/dialects/<name>/index.ts, all the way down) reads the file system only
// through the journal's functions and `readInputFile`, the environment only through its context, and
// time only through `ctx.now`. The few modules below that never run while a configuration loads are named,
// each with its reason.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { DIALECT_NAMES } from '../../src/dialects/index.js';
import { REPO } from '../helpers/cli.js';

const SRC = path.join(REPO, 'src');

/** Modules a dialect imports that never run during a load, and why. */
const NOT_LOADING: Record<string, string> = {
  'files/journal.ts': 'the journal itself',
  'files/read-input.ts': 'notes every file it opens in the journal',
  'files/cache.ts': 'reads the clock to decide whether a parse may be kept; stats through the journal',
  'pipeline/context.ts': "the process's own context (its workspace, HOME), made before any load; a load's fallback on the system's home goes through the journal's homedir()",
  'files/atomic.ts': 'writes (trust records, switches)',
  'files/lock.ts': 'writes (trust records, switches)',
  'files/update.ts': 'writes (trust records, switches)',
  'files/editable.ts': 'checks that a file the user asked to change can be written',
  'dialects/kiro/cache.ts': "Kiro's result cache, read and written around a hook's run",
  'boot/builtins.ts': "an event's session id from /dev/urandom, before the load",
  'dialects/claude/env-file.ts': "writes Claude Code's CLAUDE_ENV_FILE for a hook's run",
  'dialects/kit/files.ts': 'which candidate files exist, for detection (decided on every request, before the load, and never kept) and for migrate',
  'dialects/claude/migrate.ts': '`hookrun migrate`',
  'dialects/copilot/migrate.ts': '`hookrun migrate`',
  'dialects/gemini/migrate.ts': '`hookrun migrate`',
  'dialects/gemini/validate/rules/commands.ts': "`hookrun validate`'s checks of the commands",
};

const IMPORT = /^\s*(?:import|export)\b(?!\s+type\b)[^'"]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;
// A read of the file system, the environment or the clock that the journal would not see.
const UNNOTED = [
  /\bfs\.(?:existsSync|statSync|lstatSync|fstatSync|readFileSync|readdirSync|realpathSync|accessSync|openSync|readlinkSync|opendirSync|readSync)\b/,
  /\bfs\.promises\.(?:readFile|stat|lstat|readdir|realpath|access|open|opendir|readlink)\b/,
  /\bimport\s*\{[^}]*\b(?:existsSync|statSync|lstatSync|readFileSync|readdirSync|realpathSync|accessSync|openSync|readlinkSync)\b[^}]*\}\s*from\s*['"]node:fs['"]/,
  /from\s*['"]node:fs\/promises['"]/,
  /\bprocess\.env\b/,
  /\bos\.homedir\(/,
  /\bDate\.now\(|\bnew Date\(\s*\)/,
];

/** The src-relative files a module imports statically; an `import type` never runs, so it is not followed. */
function importsOf(file: string, text: string): string[] {
  return [...text.matchAll(IMPORT)]
    .map((match) => match[1] ?? match[2] ?? match[3]!)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) =>
      path
        .relative(SRC, path.resolve(path.dirname(path.join(SRC, file)), specifier))
        .split(path.sep)
        .join('/')
        .replace(/\.js$/, '.ts'),
    );
}

/** Every module reached from `entry` by static imports. */
function closureOf(entry: string): Set<string> {
  const seen = new Set<string>();
  const todo = [entry];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    todo.push(...importsOf(file, readFileSync(path.join(SRC, file), 'utf8')));
  }
  return seen;
}

/** The lines of a module that read behind the journal, comments left out. */
function unnoted(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => !/^\s*(?:\/\/|\*|\/\*)/.test(line))
    .filter((line) => UNNOTED.some((pattern) => pattern.test(line)))
    .map((line) => line.trim());
}

const loading = new Set<string>();
for (const name of DIALECT_NAMES) for (const file of closureOf(`dialects/${name}/index.ts`)) if (!(file in NOT_LOADING)) loading.add(file);

test("the check reaches each dialect's loaders and sees what it looks for", () => {
  for (const file of [
    'dialects/gemini/settings/load.ts',
    'dialects/gemini/settings/env-file.ts',
    'dialects/claude/settings.ts',
    'dialects/kiro/kiro3-settings.ts',
    'dialects/codex/settings.ts',
    'dialects/cursor/third-party.ts',
    'dialects/copilot/settings.ts',
    'dialects/antigravity/settings.ts',
    'trust/folders.ts',
  ]) {
    expect(loading).toContain(file);
  }
  expect(unnoted('  if (fs.existsSync(file)) return;\n  // fs.readFileSync in a comment\n  const home = process.env.HOME;')).toEqual([
    'if (fs.existsSync(file)) return;',
    'const home = process.env.HOME;',
  ]);
  expect(unnoted("import { readFileSync } from 'node:fs';\nconst at = Date.now();")).toHaveLength(2);
  // Each exemption is a module some dialect really imports: a stale entry would hide nothing, and says so here.
  const reached = new Set<string>();
  for (const name of DIALECT_NAMES) for (const file of closureOf(`dialects/${name}/index.ts`)) reached.add(file);
  expect(Object.keys(NOT_LOADING).filter((file) => !reached.has(file))).toEqual([]);
});

test('every module a dialect loads reads files, variables and the clock where its journal sees them', () => {
  const offences: Record<string, string[]> = {};
  for (const file of [...loading].sort()) {
    const found = unnoted(readFileSync(path.join(SRC, file), 'utf8'));
    if (found.length > 0) offences[file] = found;
  }
  expect(offences).toEqual({});
});
