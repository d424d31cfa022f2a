// Project-hook fingerprints (docs/sources.md §G7.1): `<geminiHome>/.gemini/trusted_hooks.json` maps a project root
// to the `name:command` keys of the workspace hooks that were trusted there. hookrun reads the very file
// Gemini CLI reads, with the same keys, so trusting a hook in one trusts it in the other.
// Beyond Gemini CLI, hookrun can also remember the SHA-256 of the script a command runs
// (`./hooks/guard.sh`, `node hooks/check.js`), so an edited script counts as changed even though its
// command line is the same. Those hashes live in a file of hookrun's own, never in Gemini's.
import path from 'node:path';
import { parse as parseShellWords } from 'shell-quote';
import { geminiHome, type Context } from '../../../pipeline/context.js';
import { formatLocation, HookrunError } from '../../../pipeline/errors.js';
import { textOf } from '../../../pipeline/event/json.js';
import { isPlainObject, parseJsonc, type JsonPath } from '../../../files/jsonc.js';
import type { Location, RegistryEntry } from '../../../pipeline/types.js';
import { readParsed } from '../../../files/cache.js';
import { readIfExists } from '../../../files/atomic.js';
import type { TrustFileProblem } from '../../../trust/folders.js';
import { readInputFile } from '../../../files/read-input.js';
import * as observed from '../../../files/journal.js';

export function trustedHooksPath(ctx: Context): string {
  return path.join(geminiHome(ctx), '.gemini', 'trusted_hooks.json');
}

/** hookrun's own record of script hashes (Gemini CLI does not know this file). */
export function trustedScriptsPath(ctx: Context): string {
  return path.join(geminiHome(ctx), '.gemini', 'hookrun-trusted-scripts.json');
}

/**
 * The project root Gemini CLI files fingerprints under: its working directory, which the OS reports with
 * symlinks resolved. hookrun's workspace may be given through a symlink (-C), so resolve it the same way.
 */
export function projectRootKey(ctx: Context): string {
  try {
    return observed.realpathNative(ctx.cwd);
  } catch {
    return path.resolve(ctx.cwd);
  }
}

/** Gemini CLI's getHookKey: `<name or "">:<command>`; only command hooks contribute their command. */
export function hookKey(hook: unknown): string {
  const h = isObjectLike(hook) ? hook : {};
  const name = h.name || '';
  const command = h.type === 'command' ? h.command : '';
  return `${textOf(name)}:${textOf(command)}`;
}

/** How Gemini CLI names a hook in its warning: name, else command, else "unknown-hook". */
export function hookLabel(hook: unknown): string {
  const h = isObjectLike(hook) ? hook : {};
  return textOf(h.name || h.command || 'unknown-hook');
}

// ---------------------------------------------------------------------------------------------------
// The files

export interface TrustedHooksFile {
  file: string;
  exists: boolean;
  /** Project root → trusted keys. */
  projects: Record<string, string[]>;
  /** Set when the file cannot be used; Gemini CLI then treats it as `{}`. */
  problem?: TrustFileProblem;
}

export function parseTrustedHooks(text: string | undefined, file: string): TrustedHooksFile {
  return parseProjects<string[]>(text, file, (keys, project) =>
    Array.isArray(keys) && keys.every((key) => typeof key === 'string')
      ? { value: keys as string[] }
      : { message: `"${project}" must be an array of "name:command" strings`, path: [project] },
  );
}

interface TrustFile<P> {
  file: string;
  exists: boolean;
  projects: Record<string, P>;
  problem?: TrustFileProblem;
}

/** Reads one of the trust files with its parser; an unreadable file is a problem, never a throw. */
function loadTrustFile<P>(file: string, parse: (text: string | undefined, file: string) => TrustFile<P>): TrustFile<P> {
  try {
    // Kept between the events of a server while the file is unchanged (src/files/cache.ts).
    return readParsed(file, parse, readIfExists);
  } catch (error) {
    return { file, exists: true, projects: {}, problem: { message: errorMessage(error), location: at(file) } };
  }
}

export function loadTrustedHooks(ctx: Context): TrustedHooksFile {
  return loadTrustFile(trustedHooksPath(ctx), parseTrustedHooks);
}

/** What hookrun recorded of a trusted hook beyond Gemini CLI's key: its script, and the command when the key omits it. */
export interface ScriptRecord {
  /** Absolute path of the script when it was trusted (with `sha256`). */
  path?: string;
  sha256?: string;
  /** The command, for a hook whose key does not contain it (a `plugin` hook: Gemini CLI keys only command hooks by command). */
  command?: string;
}

export interface TrustedScriptsFile {
  file: string;
  exists: boolean;
  /** Project root → hook key → script. */
  projects: Record<string, Record<string, ScriptRecord>>;
  problem?: TrustFileProblem;
}

export function parseTrustedScripts(text: string | undefined, file: string): TrustedScriptsFile {
  return parseProjects<Record<string, ScriptRecord>>(text, file, (scripts, project) => {
    if (!isPlainObject(scripts)) return { message: `"${project}" must be an object`, path: [project] };
    const records: Record<string, ScriptRecord> = {};
    for (const [key, record] of Object.entries(scripts)) {
      const script = isPlainObject(record) && typeof record.path === 'string' && typeof record.sha256 === 'string';
      const command = isPlainObject(record) && typeof record.command === 'string';
      const extra = isPlainObject(record) && ((record.path === undefined) !== (record.sha256 === undefined) || (record.command !== undefined && !command));
      if (!isPlainObject(record) || (!script && !command) || extra) {
        return { message: `the record of "${key}" must be {"path": string, "sha256": string} and/or {"command": string}`, path: [project, key] };
      }
      records[key] = {
        ...(script ? { path: record.path as string, sha256: record.sha256 as string } : {}),
        ...(command ? { command: record.command as string } : {}),
      };
    }
    return { value: records };
  });
}

/**
 * The shape both trust files share, `{ "<project root>": … }`, each project's value checked by `entry`.
 * A file that is not strict JSON, not an object, or has one bad entry is a problem and counts as empty
 * (as Gemini CLI treats a trusted_hooks.json it cannot load).
 */
function parseProjects<P>(text: string | undefined, file: string, entry: (value: unknown, project: string) => { value: P } | { message: string; path: JsonPath }): TrustFile<P> {
  const result: TrustFile<P> = { file, exists: text !== undefined, projects: {} };
  if (text === undefined) return result;
  const parsed = parseStrictJson(text, file);
  if ('problem' in parsed) return { ...result, problem: parsed.problem };
  const { doc } = parsed;
  if (!isPlainObject(doc.value)) {
    return { ...result, problem: { message: 'the file must hold a JSON object of project paths', location: doc.locate([]) } };
  }
  for (const [project, value] of Object.entries(doc.value)) {
    const checked = entry(value, project);
    if ('message' in checked) return { ...result, projects: {}, problem: { message: checked.message, location: doc.locate(checked.path) } };
    result.projects[project] = checked.value;
  }
  return result;
}

export function loadTrustedScripts(ctx: Context): TrustedScriptsFile {
  return loadTrustFile(trustedScriptsPath(ctx), parseTrustedScripts);
}

// ---------------------------------------------------------------------------------------------------
// The hooks of a project

export interface ProjectHook {
  event: string;
  key: string;
  label: string;
  name?: string;
  command?: string;
  location?: Location;
  /** Absolute path of the script file the command runs, when there is one (set by assessProjectHooks when it hashes). */
  script?: string;
  /** Gemini CLI's key leaves the command out (a `plugin` hook), so hookrun records and compares the command itself. */
  keyOmitsCommand?: true;
}

/** Where the value at a JSON path of the workspace settings file is (undefined: unknown). */
export type HookLocator = (jsonPath: (string | number)[]) => Location | undefined;

/** A locator from registry entries: the workspace hooks Gemini registered carry their positions. */
export function locatorFromEntries(entries: readonly RegistryEntry[]): HookLocator {
  // One index, not a search per hook: a project with a thousand hooks would otherwise compare a million paths.
  const byPath = new Map<string, Location>();
  for (const entry of entries) {
    if (entry.layer !== 'workspace' || !entry.location) continue;
    const key = JSON.stringify(entry.location.path);
    if (!byPath.has(key)) byPath.set(key, entry.location);
  }
  return (jsonPath) => byPath.get(JSON.stringify(jsonPath));
}

/**
 * Every hook of the workspace settings' `hooks` object, walked as Gemini CLI walks it for fingerprints:
 * every key whose value is an array, every definition with a `hooks` array, every element of it (valid
 * or not).
 */
export function projectHooksOf(hooks: unknown, locate: HookLocator = () => undefined): ProjectHook[] {
  if (!isPlainObject(hooks)) return [];
  const result: ProjectHook[] = [];
  for (const [event, definitions] of Object.entries(hooks)) {
    if (!Array.isArray(definitions)) continue;
    definitions.forEach((definition: unknown, d) => {
      if (!isObjectLike(definition) || !Array.isArray(definition.hooks)) return;
      definition.hooks.forEach((hook: unknown, h) => {
        if (hook === null || hook === undefined) return;
        const item: ProjectHook = { event, key: hookKey(hook), label: hookLabel(hook) };
        if (isObjectLike(hook)) {
          if (typeof hook.name === 'string' && hook.name) item.name = hook.name;
          if (typeof hook.command === 'string') item.command = hook.command;
          if (hook.type === 'plugin' && typeof hook.command === 'string') item.keyOmitsCommand = true;
        }
        const location = locate(['hooks', event, d, 'hooks', h]);
        if (location) item.location = location;
        result.push(item);
      });
    });
  }
  return result;
}

const INTERPRETERS = new Set([
  'bash',
  'sh',
  'zsh',
  'dash',
  'ksh',
  'fish',
  'node',
  'nodejs',
  'deno',
  'bun',
  'tsx',
  'ts-node',
  'python',
  'python2',
  'python3',
  'ruby',
  'perl',
  'php',
  'pwsh',
  'powershell',
]);
/** Words that run the rest of the command line: skipped to find the program. */
const WRAPPERS = new Set(['env', 'exec', 'nohup', 'npx', 'command', 'time', 'timeout', 'nice', 'setsid', 'stdbuf']);
/** Wrapper options whose value is the next word (`nice -n 5`, `timeout -k 2 5`). */
const WRAPPER_VALUE_OPTIONS: Readonly<Record<string, ReadonlySet<string>>> = {
  timeout: new Set(['-s', '--signal', '-k', '--kill-after']),
  nice: new Set(['-n', '--adjustment']),
  stdbuf: new Set(['-i', '-o', '-e']),
};
/** Wrappers with a positional argument before the program (`timeout 5 ./x.sh`). */
const WRAPPER_OPERANDS: Readonly<Record<string, number>> = { timeout: 1 };
/** Sub-commands of an interpreter that come before the script (`deno run x.ts`, `bun run x.ts`). */
const SUBCOMMANDS = new Set(['run']);
/** The shell's own ways to run a file in the current shell: `. ./x.sh`, `source ./x.sh`. */
const SOURCE = new Set(['.', 'source']);
/** What the hook's shell has in its environment for the project directory (Gemini CLI sets them). */
const PROJECT_VARIABLES = new Set(['GEMINI_PROJECT_DIR', 'GEMINI_CWD', 'CLAUDE_PROJECT_DIR']);

type ShellToken = ReturnType<typeof parseShellWords>[number];
const opOf = (token: ShellToken | undefined): string | undefined => (token !== undefined && typeof token === 'object' && 'op' in token ? token.op : undefined);

/**
 * The script file a command runs, if any: the program itself when it is a path (`./hooks/guard.sh`,
 * `$GEMINI_PROJECT_DIR/hooks/guard.sh`, `"${GEMINI_PROJECT_DIR}"/hooks/guard.sh`), the first operand of
 * a known interpreter (`node hooks/x.js`, `. ./x.sh`) or its standard input (`bash < hooks/x.sh`), behind
 * wrappers (`timeout 5 ./x.sh`) and a leading `cd DIR &&`. Only that first command counts; it must be an
 * existing regular file. Bare program names found on PATH (`jq`, `git`) are tools, not project scripts,
 * and are not hashed.
 */
export function scriptOf(command: string, cwd: string): string | undefined {
  let tokens: ShellToken[];
  try {
    // The project variables as the hook's shell sees them (the workspace path), whether Gemini pasted
    // the value into the command (`$GEMINI_PROJECT_DIR`) or the shell expands it (`${GEMINI_PROJECT_DIR}`).
    tokens = parseShellWords(command, (name) => (PROJECT_VARIABLES.has(name) ? cwd : `$${name}`));
  } catch {
    return undefined;
  }
  return scriptOfTokens(tokens, cwd, 0);
}

function scriptOfTokens(tokens: readonly ShellToken[], cwd: string, depth: number): string | undefined {
  const end = tokens.findIndex((token) => typeof token !== 'string');
  const words = (end === -1 ? tokens : tokens.slice(0, end)) as string[];
  const after = end === -1 ? [] : tokens.slice(end);
  // `cd hooks && ./a.sh`: the script is the next command's, found from that directory.
  if (words[0] === 'cd' && words.length === 2 && !words[1]!.includes('$') && depth < 4) {
    const op = opOf(after[0]);
    return op === '&&' || op === ';' ? scriptOfTokens(after.slice(1), path.resolve(cwd, words[1]!), depth + 1) : undefined;
  }
  let i = 0;
  while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]!)) i++;
  while (i < words.length && WRAPPERS.has(path.basename(words[i]!))) {
    const wrapper = path.basename(words[i]!);
    i++;
    while (i < words.length && (words[i]!.startsWith('-') || /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]!))) {
      if (WRAPPER_VALUE_OPTIONS[wrapper]?.has(words[i]!)) i++;
      i++;
    }
    i += WRAPPER_OPERANDS[wrapper] ?? 0;
  }
  const program = words[i];
  if (program === undefined) return undefined;
  let candidate: string | undefined;
  if (INTERPRETERS.has(path.basename(program)) || SOURCE.has(program)) {
    const rest = words.slice(i + 1);
    candidate = rest.find((word, n) => !word.startsWith('-') && !(n === 0 && SUBCOMMANDS.has(word)));
    // `bash < hooks/a.sh`: the interpreter reads the script from its standard input.
    if (candidate === undefined && opOf(after[0]) === '<' && typeof after[1] === 'string') candidate = after[1];
  } else if (program.includes('/')) {
    candidate = program;
  }
  if (candidate === undefined || candidate.includes('$')) return undefined;
  const file = path.resolve(cwd, candidate);
  try {
    return observed.statOrThrow(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

/** SHA-256 (hex) of a file, or undefined when it cannot be read. node:crypto is loaded only when a file is hashed. */
function hashFile(file: string): string | undefined {
  try {
    return process.getBuiltinModule('node:crypto').createHash('sha256').update(readInputFile(file)).digest('hex');
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------
// Assessment: which project hooks are trusted

/** trusted; new (key never recorded); changed (a hook of that name is recorded with another command); script-changed. */
export type HookTrustStatus = 'trusted' | 'new' | 'changed' | 'script-changed';

export interface AssessedHook extends ProjectHook {
  status: HookTrustStatus;
  /** Current hash of the script, when there is a script. */
  sha256?: string;
  /** What was recorded for the script, when the script changed. */
  recorded?: ScriptRecord;
}

export interface HookTrustAssessment {
  projectRoot: string;
  hooksFile: TrustedHooksFile;
  scriptsFile: TrustedScriptsFile;
  hooks: AssessedHook[];
}

export interface AssessOptions {
  /**
   * Find and hash every hook's script (default), for listing or recording them. Without it only the
   * scripts of trusted hooks that have a recorded hash are read: what a run needs to tell whether a
   * script changed, without reading every script (and loading node:crypto) on every event.
   */
  hashAll?: boolean;
}

export function assessProjectHooks(ctx: Context, hooks: readonly ProjectHook[], { hashAll = true }: AssessOptions = {}): HookTrustAssessment {
  const projectRoot = projectRootKey(ctx);
  const hooksFile = loadTrustedHooks(ctx);
  const scriptsFile = loadTrustedScripts(ctx);
  const trusted = new Set(hooksFile.projects[projectRoot] ?? []);
  const recordedNames = new Set([...trusted].map((key) => key.slice(0, key.indexOf(':'))).filter(Boolean));
  const scripts = scriptsFile.projects[projectRoot] ?? {};
  const assessed = hooks.map((hook): AssessedHook => {
    const item: AssessedHook = { ...hook, status: 'trusted' };
    const known = trusted.has(hook.key);
    const record = known && Object.hasOwn(scripts, hook.key) ? scripts[hook.key] : undefined;
    if (hashAll || record) {
      const script = hook.command !== undefined ? scriptOf(hook.command, ctx.cwd) : undefined;
      if (script) {
        item.script = script;
        const sha256 = hashFile(script);
        if (sha256) item.sha256 = sha256;
      }
    }
    if (!known) {
      item.status = hook.name && recordedNames.has(hook.name) ? 'changed' : 'new';
      return item;
    }
    if (hook.keyOmitsCommand && record?.command !== hook.command) {
      // The key would stay the same whatever the command became: only hookrun's record tells.
      item.status = 'changed';
      if (record) item.recorded = record;
      return item;
    }
    if (record?.sha256 !== undefined && (record.path !== item.script || record.sha256 !== item.sha256)) {
      item.status = 'script-changed';
      item.recorded = record;
    }
    return item;
  });
  return { projectRoot, hooksFile, scriptsFile, hooks: assessed };
}

/** Words for a status, as the reports print them. */
export function describeStatus(hook: AssessedHook): string {
  switch (hook.status) {
    case 'trusted':
      return 'trusted';
    case 'new':
      return 'new';
    case 'changed':
      return 'command changed since trusted';
    case 'script-changed':
      return hook.script && hook.recorded?.path === hook.script
        ? `script ${hook.script} changed since trusted`
        : `script changed since trusted (was ${hook.recorded?.path ?? '?'})`;
  }
}

function parseStrictJson(text: string, file: string): { doc: ReturnType<typeof parseJsonc> } | { problem: TrustFileProblem } {
  try {
    return { doc: parseJsonc(text, file, { comments: false }) };
  } catch (error) {
    const location = error instanceof HookrunError && error.location ? error.location : at(file);
    // The parser's message ends with where; the problem carries that apart (its readers print it once).
    const message = errorMessage(error);
    const where = ` in ${formatLocation(location)}`;
    return { problem: { message: message.endsWith(where) ? message.slice(0, -where.length) : message, location } };
  }
}

function at(file: string): Location {
  return { file, line: 0, column: 0, path: [] };
}

function isObjectLike(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
