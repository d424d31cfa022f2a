// One folder per agent (docs/dialects.md): the shared stages reach an agent's rules through the Dialect
// interface or the registry, never by importing src/dialects/<name>/ or by naming an agent. This reads every
// source file outside the dialect folders (those directly in src/dialects/ included) for its imports (static,
// dynamic and re-exports) and, comments stripped, for any quoted agent name.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { DIALECT_NAMES } from '../../src/dialects/index.js';
import { REPO } from '../helpers/cli.js';

const SRC = path.join(REPO, 'src');
const posix = (file: string) => file.split(path.sep).join('/');

/**
 * The registry-level files: they join the dialect folders (loaders, options, vocabulary rows) or name the
 * dialects, so they alone may import a dialect folder, and names.ts alone may spell the names.
 */
const REGISTRY = ['dialects/index.ts', 'dialects/vocabularies.ts', 'dialects/secrets.ts', 'dialects/settings-schemas.ts'];
const NAMES = ['dialects/names.ts'];

const sharedFiles = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .map(posix)
  .filter((file) => file.endsWith('.ts') && !/^dialects\/[^/]+\//.test(file))
  .sort();

const IMPORT = /\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;
const agents = DIALECT_NAMES.join('|');
const AGENT_FOLDER = new RegExp(`^dialects/(${agents})/`);
/** An agent's name as a string literal, alone (a data key, a comparison, a case, a default). */
const QUOTED_NAME = new RegExp(`(['"\`])(?:${agents})\\1`);

/** The text without comments (line and block), strings kept: a comment may name an agent, code may not. */
function code(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const block = text.slice(i, end < 0 ? text.length : end + 2);
      out += block.replace(/[^\n]/g, ' ');
      i += block.length;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '/' && /[=(,:;!&|?{}[\n]\s*$/.test(out)) {
      // A regex literal: copied whole, so a quote or `//` inside it is not taken for a string or comment.
      let j = i + 1;
      let inClass = false;
      while (j < text.length && (inClass || text[j] !== '/') && text[j] !== '\n') {
        if (text[j] === '\\') j++;
        else if (text[j] === '[') inClass = true;
        else if (text[j] === ']') inClass = false;
        j++;
      }
      out += text.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The src-relative targets of a file's relative imports. */
function importsOf(file: string, text: string): string[] {
  return [...text.matchAll(IMPORT)]
    .map((match) => match[1]!)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => posix(path.relative(SRC, path.resolve(path.dirname(path.join(SRC, file)), specifier))));
}

test('the check reads the shared stages, commands, renderers and the files directly in src/dialects/', () => {
  for (const file of [
    'cli/commands/panel.ts',
    'render/panel.ts',
    'cli/commands/record.ts',
    'migrate/matchers.ts',
    'dialects/detect.ts',
    'dialects/dialect.ts',
    ...REGISTRY,
    ...NAMES,
  ]) {
    expect(sharedFiles).toContain(file);
  }
  expect(sharedFiles.some((file) => file.startsWith('dialects/gemini/'))).toBe(false);
  // The pattern finds what it looks for: the registry imports each dialect's loader.
  const registryImports = importsOf('dialects/index.ts', readFileSync(path.join(SRC, 'dialects', 'index.ts'), 'utf8'));
  expect(DIALECT_NAMES.filter((name) => !registryImports.includes(`dialects/${name}/index.js`))).toEqual([]);
  expect(QUOTED_NAME.test("if (dialect.name !== 'gemini') return;")).toBe(true);
  expect(QUOTED_NAME.test('case "kiro":')).toBe(true);
  expect(QUOTED_NAME.test("const to = options.to ?? 'claude-version';")).toBe(false);
  expect(code("const a = 'x'; // 'gemini'\n/* 'kiro' */ const b = '//';")).not.toMatch(QUOTED_NAME);
  expect(code("const b = '//'; const c = 'codex';")).toMatch(QUOTED_NAME);
});

test('no shared file imports a dialect folder (the registry aside) or names an agent (names.ts aside)', () => {
  const offences: Record<string, string[]> = {};
  for (const file of sharedFiles) {
    const text = readFileSync(path.join(SRC, file), 'utf8');
    const imports = REGISTRY.includes(file) ? [] : importsOf(file, text).filter((target) => AGENT_FOLDER.test(target));
    const names = NAMES.includes(file)
      ? []
      : code(text)
          .split('\n')
          .filter((line) => QUOTED_NAME.test(line))
          .map((line) => line.trim());
    if (imports.length + names.length > 0) offences[file] = [...imports, ...names];
  }
  expect(offences).toEqual({});
});
