// One folder per agent (docs/dialects.md): the shared stages reach an agent's rules through the Dialect
// interface or the registry, never by importing src/dialects/<name>/ or by testing which agent it is.
// This reads every shared source file's imports (static, dynamic and re-exports) and its comparisons.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { DIALECT_NAMES } from '../../src/dialects/index.js';
import { REPO } from '../helpers/cli.js';

const SRC = path.join(REPO, 'src');
const sharedFiles = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && file.split(path.sep)[0] !== 'dialects')
  .sort();

const IMPORT = /\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;
const agents = DIALECT_NAMES.join('|');
const AGENT_FOLDER = new RegExp(`^dialects/(${agents})/`);
const NAME_TEST = new RegExp(`\\.(?:name|dialect)\\s*[!=]==?\\s*['"](?:${agents})['"]|['"](?:${agents})['"]\\s*[!=]==?\\s*[\\w.]+\\.(?:name|dialect)\\b`);

/** The src-relative targets of a file's relative imports. */
function importsOf(file: string, text: string): string[] {
  return [...text.matchAll(IMPORT)]
    .map((match) => match[1]!)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.relative(SRC, path.resolve(path.dirname(path.join(SRC, file)), specifier)).split(path.sep).join('/'));
}

test('the check reads the shared stages, commands and renderers among them', () => {
  expect(sharedFiles).toContain(path.join('commands', 'panel.ts'));
  expect(sharedFiles).toContain(path.join('render', 'panel.ts'));
  expect(sharedFiles).toContain(path.join('commands', 'record.ts'));
  expect(sharedFiles).toContain(path.join('migrate', 'matchers.ts'));
  // The pattern finds what it looks for: the registry's own imports of the dialect folders.
  expect(importsOf(path.join('dialects', 'index.ts'), readFileSync(path.join(SRC, 'dialects', 'index.ts'), 'utf8')).filter((target) => AGENT_FOLDER.test(target))).toHaveLength(DIALECT_NAMES.length);
  expect(NAME_TEST.test("if (dialect.name !== 'gemini') return;")).toBe(true);
  expect(NAME_TEST.test("config.dialect === 'kiro'")).toBe(true);
});

test('no shared file imports a dialect folder or tests a dialect name', () => {
  const offences: Record<string, string[]> = {};
  for (const file of sharedFiles) {
    const text = readFileSync(path.join(SRC, file), 'utf8');
    // An agent's row of the cross-agent vocabulary (dialects/<name>/vocabulary.ts, data that imports only types) is the one exception.
    const found = [...importsOf(file, text).filter((target) => AGENT_FOLDER.test(target) && !(file === path.join('migrate', 'vocabulary.ts') && /\/vocabulary\.js$/.test(target))), ...text.split('\n').filter((line) => NAME_TEST.test(line)).map((line) => line.trim())];
    if (found.length > 0) offences[file] = found;
  }
  expect(offences).toEqual({});
});
