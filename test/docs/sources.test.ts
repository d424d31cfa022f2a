// Every spec citation in src/ and docs/ names a section of docs/sources.md that exists, and none cites
// a document that is not in the repository (the team's spec notes live outside it).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { REPO } from '../helpers/cli.js';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.(ts|md)$/.test(name) ? [full] : [];
  });
}

const sources = readFileSync(path.join(REPO, 'docs', 'sources.md'), 'utf8');
const sections = new Set([...sources.matchAll(/\*\*§([A-Z][0-9.]*[0-9])\b|^## .*\(§([A-Z])\)$/gm)].map((m) => m[1] ?? m[2]));
const texts = [...files(path.join(REPO, 'src')), ...files(path.join(REPO, 'docs')), path.join(REPO, 'README.md')]
  // src/migrate/ is being rewritten on another branch; its comments move with that work.
  .filter((file) => !file.includes(`${path.sep}src${path.sep}migrate${path.sep}`))
  .map((file) => ({ file: path.relative(REPO, file), text: readFileSync(file, 'utf8') }));

test('each cited section of docs/sources.md exists', () => {
  const missing: string[] = [];
  let cited = 0;
  for (const { file, text } of texts) {
    for (const match of text.matchAll(/docs\/sources\.md ((?:§[A-Z][0-9.]*(?:–[A-Z]?[0-9.]+)?(?:, )?)+)/g)) {
      for (const ref of match[1]!.split(', ').filter(Boolean)) {
        const section = ref.replace(/^§/, '').replace(/–.*$/, '').replace(/\.$/, '');
        cited++;
        if (!sections.has(section)) missing.push(`${file}: §${section}`);
      }
    }
  }
  expect(cited).toBeGreaterThan(30);
  expect(missing).toEqual([]);
});

test('no citation of a spec document outside the repository', () => {
  const outside = /\bspec §|kiro-claude-hooks\.md|gemini-hooks\.md|SOURCES\.md|INTERFACE\.md/;
  expect(texts.filter(({ text }) => outside.test(text)).map(({ file }) => file)).toEqual([]);
});
