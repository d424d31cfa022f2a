// Issue 32: comments in src/ explain the code, and what they cite a reader of the repository can open: a
// docs/ page, a section of docs/sources.md, or a public source. The team's spec notes (the command-line
// contract, the agents' SOURCES.md and INTERFACE.md, the shared spec) are not in the repository, so no
// comment may cite them. Comments are read with TypeScript's own scanner, so strings and code never count.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { REPO } from '../helpers/cli.js';

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? tsFiles(full) : name.endsWith('.ts') ? [full] : [];
  });
}

interface Comment {
  file: string;
  line: number;
  text: string;
}

/** Every comment of one file, found where TypeScript finds them: before and after each token. */
function comments(file: string): Comment[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const seen = new Map<number, ts.CommentRange>();
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) seen.set(range.pos, range);
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(text, node.getEnd()));
    node.getChildren(source).forEach(visit);
  };
  visit(source);
  const relative = path.relative(REPO, file);
  return [...seen.values()].map((range) => ({
    file: relative,
    line: source.getLineAndCharacterOfPosition(range.pos).line + 1,
    text: text.slice(range.pos, range.end),
  }));
}

const all = tsFiles(path.join(REPO, 'src')).flatMap(comments);
const where = (comment: Comment, what: string) => `${comment.file}:${comment.line}: ${what}`;

test('the comments of src/ are read', () => {
  expect(all.length).toBeGreaterThan(1000);
  expect(all.some((c) => c.text.includes('docs/sources.md §'))).toBe(true);
});

// "contract" alone is an English word ("Claude Code's hook contract changed"); as a citation it is
// "(contract: …)", "contract, …", "the contract's …", "as the contract asks".
const OUTSIDE = [
  /\(contract\b/,
  /\bcontract\s*[:;,)]/,
  /\bthe contract\b/,
  /\bcontract's\b/,
  /\bSOURCES\b/,
  /\bINTERFACE\b/,
  /\bshared spec\b/,
  /\bspec (?:§|section\b|[A-Z]\.?[0-9])/,
  /\b(?:cli-contract|kiro-claude-hooks|gemini-hooks)\.md\b/,
];

test('no comment in src/ cites a document outside the repository', () => {
  const found = all.flatMap((c) => {
    const hit = OUTSIDE.map((pattern) => c.text.match(pattern)).find(Boolean);
    return hit ? [where(c, hit[0])] : [];
  });
  expect(found).toEqual([]);
});

test('every docs/ page a comment in src/ names exists', () => {
  const missing: string[] = [];
  let named = 0;
  for (const c of all) {
    // docs/<file>.md of this repository; another project's docs/… path (a public source) is no page here.
    for (const [page] of c.text.matchAll(/(?<![\w./-])docs\/[\w-]+(?:\.[\w-]+)*\.md\b/g)) {
      named++;
      if (!existsSync(path.join(REPO, page))) missing.push(where(c, page));
    }
  }
  expect(named).toBeGreaterThan(50);
  expect(missing).toEqual([]);
});

test('every docs/sources.md section letter a comment in src/ names is a heading there', () => {
  const sources = readFileSync(path.join(REPO, 'docs', 'sources.md'), 'utf8');
  const letters = new Set([...sources.matchAll(/^## .*\(§([A-Z])\)$/gm)].map((m) => m[1]));
  expect(letters.size).toBeGreaterThan(4);
  const missing: string[] = [];
  for (const c of all) {
    // "docs/sources.md §X1.4, §X2.1" (a comment may wrap between the file and its sections).
    for (const match of c.text.matchAll(/docs\/sources\.md\s+((?:§[A-Z][0-9.–]*(?:,\s*)?)+)/g)) {
      for (const [, letter] of match[1]!.matchAll(/§([A-Z])/g)) {
        if (!letters.has(letter)) missing.push(where(c, `§${letter}`));
      }
    }
  }
  expect(missing).toEqual([]);
});
