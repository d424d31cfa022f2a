// Every list of dialects in the help, the README, action.yml and docs/ names every dialect of the
// registry (issue 33): a list of three or more dialect names (`gemini|claude|kiro`, "gemini, claude,
// kiro") or, where the reader picks an agent, agent names ("Gemini CLI, Claude Code, Kiro CLI") that
// leaves one out is stale. The names come from the registry, so a dialect added there makes every list
// that lacks it fail here. A list meant to name some dialects only carries SUBSET_MARK in its paragraph.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { DIALECT_NAMES, getDialect } from '../../src/dialects/index.js';
import { hookrun, makeSandbox, REPO } from '../helpers/cli.js';

const SUBSET_MARK = '<!-- some dialects -->';
const agentNames = await Promise.all(DIALECT_NAMES.map(async (name) => (await getDialect(name)).agentName ?? name));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Runs of 3+ names (in backticks or not; `OpenAI Codex CLI` is `Codex CLI`), set off by `|`, `\|`, `, `, ` and `, ` or `, ` / `. */
function lists(text: string, names: readonly string[]): string[][] {
  const name = `\`?(?:OpenAI )?(?:${names.map(escape).join('|')})\`?`;
  const sep = String.raw`(?:\s*\\?\|\s*|,\s+(?:and\s+|or\s+|then\s+)?|\s+(?:and|or)\s+|\s*/\s*)`;
  const run = new RegExp(String.raw`(?<![\w-])${name}(?:${sep}${name}){2,}(?![\w-])`, 'g');
  const clean = (part: string) =>
    part
      .replace(/`/g, '')
      .replace(/^OpenAI /, '')
      .trim();
  // By paragraph, its lines joined: a list wraps across lines in Markdown and in the help.
  return text
    .split(/\n\s*\n/)
    .filter((paragraph) => !paragraph.includes(SUBSET_MARK))
    .flatMap((paragraph) => [...paragraph.replace(/\n\s*/g, ' ').matchAll(run)].map((m) => m[0].split(new RegExp(sep)).map(clean)));
}

/** Lists of dialect names everywhere; lists of agent names where `agents` (help, README, action.yml). */
function stale(where: string, text: string, { agents = true } = {}): string[] {
  const found: string[] = [];
  for (const names of agents ? [DIALECT_NAMES, agentNames] : [DIALECT_NAMES]) {
    for (const list of lists(text, names)) {
      const missing = names.filter((n) => !list.includes(n));
      if (missing.length > 0) found.push(`${where}: "${list.join(', ')}" lacks ${missing.join(', ')}`);
    }
  }
  return found;
}

const docs = readdirSync(path.join(REPO, 'docs'))
  .filter((file) => file.endsWith('.md'))
  .map((file) => path.join('docs', file));

test('the README, action.yml and docs/ list every dialect wherever they list dialects', () => {
  const read = (file: string) => readFileSync(path.join(REPO, file), 'utf8');
  const problems = [
    ...['README.md', 'action.yml'].flatMap((file) => stale(file, read(file))),
    // docs/ name agents in prose for what some of them do; their lists of dialect names are checked.
    ...docs.flatMap((file) => stale(file, read(file), { agents: false })),
  ];
  expect(problems).toEqual([]);
});

test('the help of hookrun and of each command lists every dialect wherever it lists dialects', async () => {
  const sb = await makeSandbox();
  try {
    const commands = [[], ['run'], ['explain'], ['list'], ['validate'], ['test'], ['serve'], ['migrate'], ['trust']];
    const helps = await Promise.all(commands.map((command) => hookrun([...command, '--help'], { env: sb.env, cwd: sb.ws })));
    const problems = helps.flatMap((help, i) => stale(['hookrun', ...commands[i]!, '--help'].join(' '), help.stdout));
    expect(problems).toEqual([]);
  } finally {
    await sb.cleanup();
  }
});

test('the check finds the lists it is meant to find', () => {
  expect(stale('x', '--dialect gemini|claude|kiro')).toHaveLength(1);
  expect(stale('x', 'Run hooks (Gemini CLI, Claude Code, Kiro CLI) outside')).toHaveLength(1);
  expect(stale('x', '| `dialect` | `gemini`, `claude`, `kiro` |')).toHaveLength(1);
  expect(stale('x', `--dialect ${DIALECT_NAMES.join('\\|')}\\|auto`)).toEqual([]);
  expect(stale('x', 'gemini and claude')).toEqual([]);
  expect(stale('x', `claude, codex, gemini ${SUBSET_MARK}`)).toEqual([]);
});
