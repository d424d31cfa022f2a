// Does the program a command starts exist? The command is expanded the way Gemini CLI expands it
// ($GEMINI_PROJECT_DIR and friends replaced by the quoted workspace path), then read the way bash
// would read it. Deliberately conservative: only the first simple command is looked at, and any
// line whose target depends on something hookrun cannot know (an unset variable, a glob, a `cd`
// first, an inline script) is skipped rather than guessed.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'shell-quote';
import { homeDir, type Context } from '../../../../pipeline/context.js';
import { expandCommand } from '../../shell.js';
import type { Location } from '../../../../pipeline/types.js';
import { hooksOf, isObjectLike, type Report, type Rule } from './types.js';

const UNKNOWN = '__hookrun_unknown__';

/** Variables the agent puts in every hook's environment, pointing at the workspace. */
const WORKSPACE_VARIABLES = ['GEMINI_PROJECT_DIR', 'GEMINI_CWD', 'CLAUDE_PROJECT_DIR'];
const BRACED = /\$\{(GEMINI_PROJECT_DIR|GEMINI_CWD|GEMINI_PLANS_DIR|GEMINI_SESSION_ID|CLAUDE_PROJECT_DIR)(:-[^}]*)?\}/;

/** Interpreters whose first non-option argument is the script to check. */
const INTERPRETERS = new Set(['node', 'nodejs', 'bash', 'sh', 'zsh', 'dash', 'python', 'python3', 'ruby', 'perl', 'php', 'tsx', 'ts-node', 'deno', 'bun']);
/** Options after which the interpreter runs inline code or a module, not a file. */
const INLINE_OPTIONS = new Set(['-c', '-e', '-p', '-m', '--eval', '--print', '-r', '--require', '--import', '--loader']);
/** Subcommands that take the script as the next argument. */
const SUBCOMMANDS = new Set(['run']);
const SCRIPT_NAME = /\/|\.(m?js|cjs|ts|mts|py|sh|bash|rb|pl|php)$/;
/** First words that make the target depend on what runs before it, or that are not programs. */
const NOT_A_PROGRAM = new Set([
  'cd',
  'pushd',
  'exec',
  'env',
  'command',
  'builtin',
  'sudo',
  'time',
  'nohup',
  'xargs',
  'source',
  '.',
  'eval',
  'if',
  'for',
  'while',
  'until',
  'case',
  'function',
  'echo',
  'printf',
  'true',
  'false',
  'exit',
  'test',
  '[',
  '[[',
  'export',
  'set',
  'unset',
  'read',
  'type',
  ':',
  'return',
  'trap',
  'wait',
]);

export const commandRules: Rule = (model, report) => {
  // PowerShell reads commands differently; these checks are for bash.
  if (model.ctx.platform === 'win32') return;
  for (const definition of model.definitions) {
    const registered = new Set(definition.entries.map((entry) => entry.location?.path.at(-1)));
    hooksOf(definition.value).forEach((hook, index) => {
      // A runtime hook's command never runs (runtime-hook-in-settings says so): nothing to check in it.
      if (!isObjectLike(hook) || typeof hook.command !== 'string' || !registered.has(index) || hook.type === 'runtime') return;
      const location = definition.locate(['hooks', index, 'command']);
      checkBraced(hook.command, location, report);
      checkTarget(hook.command, model.ctx, location, report);
    });
  }
};

function checkBraced(command: string, location: Location | undefined, report: Report): void {
  const match = BRACED.exec(command);
  if (!match) return;
  report(
    'braced-variable',
    `${match[0]} is not replaced by Gemini CLI (only the bare $${match[1]} is); bash expands it from the hook's environment, where Gemini CLI sets ${match[1]}, so it works under bash but not under PowerShell on Windows.`,
    location,
    `Nothing to change for bash; for Windows use $env:${match[1]}.`,
  );
}

interface Target {
  /** The word as bash sees it. */
  word: string;
  /** True when the word itself is executed (needs the executable bit), false for an interpreter's script. */
  direct: boolean;
}

/** The checks of the program a command starts, for any dialect whose hooks are bash commands run in the workspace. */
function checkTarget(command: string, ctx: Context, location: Location | undefined, report: Report): void {
  const [first, ...rest] = firstSimpleCommand(command, ctx) ?? [];
  if (first === undefined || first.includes(UNKNOWN) || NOT_A_PROGRAM.has(first)) return;
  const targets: Target[] = [];
  if (first.includes('/')) targets.push({ word: first, direct: true });
  else if (!onPath(first, ctx)) {
    const local = fs.existsSync(path.join(ctx.cwd, first));
    report(
      'command-not-on-path',
      `"${first}" is not found on this machine's PATH${local ? ' (bash does not look in the current directory)' : ''}; the hook fails unless the machine that runs Gemini CLI has it.`,
      location,
      local ? `Write "./${first}" to run the file in the workspace.` : `Install ${first}, or use its absolute path.`,
    );
  }
  if (INTERPRETERS.has(path.basename(first))) {
    const script = interpreterScript(rest);
    if (script && !script.includes(UNKNOWN)) targets.push({ word: script, direct: false });
  }
  for (const target of targets) checkFile(target, ctx, location, report);
}

/**
 * Words made only of characters no shell treats specially, separated by blanks: shell-quote reads
 * such a line as the blank-separated words, which a split gives at a fraction of the cost (a tree of
 * 1,000 hooks spent ~10 ms in the parser). `splitPlainWords` is held to shell-quote by a property test.
 */
// A word ends at blanks or at the end, so a line splits one way only: linear time, also on lines that do not match.
const PLAIN_WORDS = /^[ \t]*(?:[\w./:@%+,=-]+(?:[ \t]+|$))*$/;

/** The words of a line that PLAIN_WORDS matches, exactly as shell-quote's parse gives them. */
export function splitPlainWords(line: string): string[] | undefined {
  if (!PLAIN_WORDS.test(line)) return undefined;
  return line.split(/[ \t]+/).filter((word) => word !== '');
}

/** The words of the first simple command after expansion (unknown variables marked); undefined when a glob or substitution makes them unknowable. */
function firstSimpleCommand(command: string, ctx: Context): string[] | undefined {
  const expanded = expandCommand(command, { cwd: ctx.cwd, plansDir: UNKNOWN, sessionId: UNKNOWN }, 'bash');
  const env = (name: string) => (WORKSPACE_VARIABLES.includes(name) ? ctx.cwd : name === 'HOME' ? homeDir(ctx) : UNKNOWN);
  const words: string[] = [];
  for (const token of splitPlainWords(expanded) ?? parse(expanded, env)) {
    if (typeof token !== 'string') {
      // An operator ends the first command; a glob or substitution makes its words unknowable.
      if ('op' in token && token.op !== 'glob' && token.op !== '(') break;
      if ('comment' in token) break;
      return undefined;
    }
    if (words.length === 0 && /^[A-Za-z_]\w*=/.test(token)) continue;
    words.push(token);
  }
  return words;
}

/** The largest script whose text {@link scriptTextOf} reads. */
const SCRIPT_TEXT_LIMIT = 256 * 1024;

/**
 * The text of the file a command starts (the program its first simple command names by path, or the
 * script its interpreter runs), for the rules that look at what a hook answers; undefined when there is
 * none that can be found, or it is not a small regular file.
 */
export function scriptTextOf(command: string, ctx: Context): string | undefined {
  if (ctx.platform === 'win32') return undefined;
  const [first, ...rest] = firstSimpleCommand(command, ctx) ?? [];
  if (first === undefined || first.includes(UNKNOWN) || NOT_A_PROGRAM.has(first)) return undefined;
  const word = INTERPRETERS.has(path.basename(first)) ? interpreterScript(rest) : first.includes('/') ? first : undefined;
  if (word === undefined || word.includes(UNKNOWN)) return undefined;
  const file = resolveWord(word, ctx);
  try {
    const stat = fs.statSync(file);
    return stat.isFile() && stat.size <= SCRIPT_TEXT_LIMIT ? fs.readFileSync(file, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

function interpreterScript(args: string[]): string | undefined {
  for (const arg of args) {
    if (INLINE_OPTIONS.has(arg)) return undefined;
    if (arg.startsWith('-') || SUBCOMMANDS.has(arg)) continue;
    return SCRIPT_NAME.test(arg) ? arg : undefined;
  }
  return undefined;
}

function checkFile(target: Target, ctx: Context, location: Location | undefined, report: Report): void {
  const file = resolveWord(target.word, ctx);
  const shown = file === target.word ? `"${file}"` : `"${target.word}" (${file})`;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    report(
      'script-not-found',
      `${shown} does not exist; relative paths are resolved against the workspace, where the agent runs hooks.`,
      location,
      'Create the script, or correct the path (e.g. "$GEMINI_PROJECT_DIR/.gemini/hooks/<script>").',
    );
    return;
  }
  if (stat.isDirectory()) {
    report('script-not-found', `${shown} is a directory, not a script.`, location, 'Point the command at the script file.');
    return;
  }
  if (target.direct && !isExecutable(file)) {
    report(
      'script-not-executable',
      `${shown} is not executable, so bash cannot run it directly (exit 126).`,
      location,
      `Run \`chmod +x ${target.word}\`, or start it through its interpreter (e.g. "bash ${target.word}").`,
    );
  }
  if (target.direct) checkShebang(file, shown, location, report);
}

/** A `#!` line ending in CR (a file saved with Windows line ends) names an interpreter "bash\r" that does not exist. */
function checkShebang(file: string, shown: string, location: Location | undefined, report: Report): void {
  let head: Buffer;
  try {
    const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    try {
      head = Buffer.alloc(256);
      head = head.subarray(0, fs.readSync(fd, head, 0, head.length, 0));
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return;
  }
  const line = head.toString('latin1').split('\n', 1)[0]!;
  if (!line.startsWith('#!') || !line.endsWith('\r')) return;
  report(
    'script-crlf-shebang',
    `${shown} has Windows line ends: its first line names the interpreter "${line.slice(2).trim()}\\r", which does not exist, so the hook fails to start ("required file not found", exit 126 or 127).`,
    location,
    `Convert it to Unix line ends (e.g. \`sed -i 's/\\r$//' ${file}\`), and add "*.sh text eol=lf" to .gitattributes.`,
  );
}

function resolveWord(word: string, ctx: Context): string {
  if (word === '~' || word.startsWith('~/')) return path.join(homeDir(ctx), word.slice(1));
  return path.resolve(ctx.cwd, word);
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(program: string, ctx: Context): boolean {
  return (ctx.env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .some((dir) => {
      const candidate = path.join(dir, program);
      try {
        return fs.statSync(candidate).isFile() && isExecutable(candidate);
      } catch {
        return false;
      }
    });
}
