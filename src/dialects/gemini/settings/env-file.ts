// The environment Gemini CLI gives itself at start-up, which its hooks inherit (docs/sources.md §G3.4 redacts
// `process.env` as it is by then): once the settings are read and folder trust is decided, it loads
// ONE .env file into its own process environment, and in Cloud Shell it replaces GOOGLE_CLOUD_PROJECT.
//
// Read from google-gemini/gemini-cli packages/cli/src/config/settings.ts (`findEnvFile`,
// `loadEnvironment`, `setUpCloudShellEnvironment`) at commit 20060037b69e5dff9e5bd5354476ee438550de3f,
// the newest stored version found. It has `advanced.ignoreLocalEnv` (PR #26445, merged 2026-05-04),
// so it dates from May 2026 or later; the snapshot of docs/sources.md §G (5411f113ca, 2026-08-21) itself could not be
// read, but issues of April-May 2026 describe the untrusted-folder rules below as current. Older
// versions (04fbf50725b9…, 9c36383a62d2…) loaded nothing at all in an untrusted folder (unless
// sandboxed) and read `.gemini/.env` there too. The rules, as that version has them:
// - The search (`findEnvFile`) starts at the workspace and goes up to the filesystem root; in each
//   directory it takes `.gemini/.env` (only in a trusted folder), then `.env` (skipped when
//   `advanced.ignoreLocalEnv` is set, except in the home directory). At the root it falls back to
//   `<home>/.gemini/.env` (trusted only), then `<home>/.env`. Home is $GEMINI_CLI_HOME or the OS home.
//   "Exists" is fs.existsSync: a directory named `.env` ends the search too (and then reads nothing).
// - The FIRST file found is the only one read, with dotenv's parser (dotenv.ts). A read error loads
//   nothing, silently.
// - A variable is set only where the environment does not have it already.
// - From a file whose path does not contain ".gemini" (a "project" file), the names in
//   `advanced.excludedEnvVars` are skipped: a union over the settings layers seeded with the schema
//   default DEBUG, DEBUG_MODE (the code's own fallback, used when `advanced` is not an object, adds
//   GEMINI_CLI_IDE_SERVER_STDIO_COMMAND and _ARGS).
// - In an untrusted folder only GEMINI_API_KEY, GOOGLE_API_KEY, GOOGLE_CLOUD_PROJECT and
//   GOOGLE_CLOUD_LOCATION are loaded, each value stripped to letters, digits and - _ . /
// - In Cloud Shell (CLOUD_SHELL=true, trusted or not) GOOGLE_CLOUD_PROJECT is replaced by the file's
//   value when it has one, else by "cloudshell-gca" (with `security.auth.selectedType` "vertex-ai", by
//   the project the user had, kept in _GEMINI_USER_GCP_PROJECT; none: the variable is removed if it
//   holds "cloudshell-gca"). The file's value is stripped like an untrusted one when the folder is
//   untrusted and `tools.sandbox` is set.
// The `--sandbox`/`-s` and `--ignore-env` command-line flags Gemini also sniffs from its argv have no
// equivalent in hookrun (`--ignore-env` is reportedly not even a registered option of 0.61.0).
import path from 'node:path';
import { geminiHome, type Context } from '../../../pipeline/context.js';
import { readParsed } from '../../../files/cache.js';
import type { Diagnostic, JsonObject } from '../../../pipeline/types.js';
import { parseDotenv } from './dotenv.js';
import { isPlainObject } from '../../../files/jsonc.js';
import * as observed from '../../../files/journal.js';
import { codeVariableClass } from '../../../exec/env.js';
import { addSecrets } from '../../../render/mask.js';
import { geminiSecrets } from '../secrets.js';

type Env = Readonly<Record<string, string | undefined>>;

const GEMINI_DIR = '.gemini';
const SCHEMA_EXCLUDED = ['DEBUG', 'DEBUG_MODE'];
const FALLBACK_EXCLUDED = ['DEBUG', 'DEBUG_MODE', 'GEMINI_CLI_IDE_SERVER_STDIO_COMMAND', 'GEMINI_CLI_IDE_SERVER_STDIO_ARGS'];
const UNTRUSTED_ALLOWED = ['GEMINI_API_KEY', 'GOOGLE_API_KEY', 'GOOGLE_CLOUD_PROJECT', 'GOOGLE_CLOUD_LOCATION'];
const CLOUD_SHELL_PROJECT = 'cloudshell-gca';
const USER_GCP_PROJECT = '_GEMINI_USER_GCP_PROJECT';

export interface StartupEnvironment {
  /** The .env file Gemini CLI's search finds (the only one it reads), as Gemini would name it. */
  file?: string;
  /** Gemini CLI's process environment once start-up is done: hookrun's own, plus what it loaded. */
  env: Env;
  /** What was loaded and what was not, by name only (values may be secrets). */
  diagnostics: Diagnostic[];
  /** Code-running variables (exec/env.ts codeVariableClass) loaded from a project .env: Gemini passes them on, hookrun not unless --env-allow names them. */
  withheld?: string[];
}

export interface StartupOptions {
  /** Folder trust, as decided for this run. */
  trusted: boolean;
  /** The merged settings Gemini has at start-up (the workspace file only in a trusted folder). */
  merged: JsonObject;
}

/**
 * Gemini CLI's start-up environment for this workspace, or undefined when start-up changes nothing
 * (no .env file found, not Cloud Shell): then hooks inherit hookrun's environment as it is. Without
 * a file this costs a few existence checks (two per directory up to the root, two in the home
 * directory) and reads nothing.
 */
export function geminiStartupEnvironment(ctx: Context, options: StartupOptions): StartupEnvironment | undefined {
  const home = geminiHome(ctx);
  // Gemini runs in the workspace: a relative GEMINI_CLI_HOME is relative to it.
  const exists = (file: string) => observed.exists(path.resolve(ctx.cwd, file));
  const advanced = options.merged.advanced;
  // `!!advanced?.ignoreLocalEnv`: cast in a valid file, so an invalid file's "false" is a truthy string.
  const ignoreLocalEnv = isPlainObject(advanced) && Boolean(advanced.ignoreLocalEnv);
  const file = findEnvFile(ctx.cwd, home, options.trusted, ignoreLocalEnv, exists);
  const cloudShell = ctx.env.CLOUD_SHELL === 'true';
  if (file === undefined && !cloudShell) return undefined;

  const content = file === undefined ? undefined : readEnvFile(path.resolve(ctx.cwd, file));
  if (content instanceof Error) return { file: file!, env: ctx.env, diagnostics: [unreadable(file!, content, cloudShell)] };
  const env: Record<string, string | undefined> = { ...ctx.env };
  const diagnostics: Diagnostic[] = [];
  if (cloudShell) diagnostics.push(replaceCloudShellProject(env, file, content, options));
  const withheld: string[] = [];
  if (file !== undefined) {
    const projectFile = path.resolve(ctx.cwd, file) !== path.join(home, '.env') && path.resolve(ctx.cwd, file) !== path.join(home, GEMINI_DIR, '.env');
    diagnostics.push(loadFile(ctx, env, file, content!, options.trusted, excludedNames(advanced)));
    if (projectFile) {
      for (const key in content!)
        if (Object.hasOwn(content!, key) && codeVariableClass(key) !== undefined && env[key] === content![key] && ctx.env[key] === undefined) withheld.push(key);
    }
    if (withheld.length > 0) diagnostics.push(codeVariablesWarning(file, withheld));
  }
  return { ...(file !== undefined ? { file } : {}), env, diagnostics, ...(withheld.length > 0 ? { withheld } : {}) };
}

function readEnvFile(file: string): Record<string, string> | NodeJS.ErrnoException {
  try {
    // Kept between the events of a server while the file is unchanged (src/files/cache.ts).
    return readParsed(file, parseEnvText);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** A `.env` file's variables; one that vanished since the search found it fails as the read would. */
function parseEnvText(text: string | undefined, file: string): Record<string, string> {
  if (text === undefined) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${file}'`), { code: 'ENOENT' });
  return parseDotenv(text);
}

/** Gemini ignores a read error (nothing is loaded), except in Cloud Shell, where its start-up throws. */
function unreadable(file: string, error: NodeJS.ErrnoException, cloudShell: boolean): Diagnostic {
  const why = error.code ?? error.message;
  return {
    code: 'env-file-unreadable',
    severity: 'warning',
    message: cloudShell
      ? `In Cloud Shell, Gemini CLI reads ${file} (the .env file its search finds) for GOOGLE_CLOUD_PROJECT and fails to start when it cannot (${why}).`
      : `Gemini CLI's search for a .env file stops at ${file}, which cannot be read (${why}): Gemini CLI loads no .env file, silently, and neither does hookrun.`,
    location: { file, line: 0, column: 0, path: [] },
  };
}

/** Gemini's `findEnvFile`: the first candidate that exists, or undefined. */
export function findEnvFile(workspace: string, home: string, trusted: boolean, ignoreLocalEnv: boolean, exists: (file: string) => boolean = observed.exists): string | undefined {
  let dir = path.resolve(workspace);
  for (;;) {
    const inGeminiDir = path.join(dir, GEMINI_DIR, '.env');
    if (trusted && exists(inGeminiDir)) return inGeminiDir;
    const plain = path.join(dir, '.env');
    // Gemini compares with the home path as given (no resolving): "/home/me/" never matches.
    if (exists(plain) && (!ignoreLocalEnv || dir === home)) return plain;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  const homeGemini = path.join(home, GEMINI_DIR, '.env');
  if (trusted && exists(homeGemini)) return homeGemini;
  const homePlain = path.join(home, '.env');
  return exists(homePlain) ? homePlain : undefined;
}

/** `advanced.excludedEnvVars` as Gemini's merged settings hold it (see the header); any value a layer gives counts. */
function excludedNames(advanced: unknown): unknown[] {
  if (advanced !== undefined && !isPlainObject(advanced)) return FALLBACK_EXCLUDED;
  const configured = isPlainObject(advanced) ? advanced.excludedEnvVars : undefined;
  if (configured === undefined) return SCHEMA_EXCLUDED;
  return [...SCHEMA_EXCLUDED, ...(Array.isArray(configured) ? configured : [configured])];
}

/** What a value from an untrusted folder keeps: letters, digits and - _ . / (no shell syntax). */
function stripUntrusted(value: string): string {
  return value.replace(/[^a-zA-Z0-9\-_./]/g, '');
}

function loadFile(ctx: Context, env: Record<string, string | undefined>, file: string, content: Record<string, string>, trusted: boolean, excluded: unknown[]): Diagnostic {
  const isSet = isSetIn(env, ctx.platform);
  const projectFile = !file.includes(GEMINI_DIR);
  const loaded: string[] = [];
  const present: string[] = [];
  const skipped: string[] = [];
  const notAllowed: string[] = [];
  for (const key in content) {
    if (!Object.hasOwn(content, key)) continue;
    let value = content[key]!;
    if (!trusted) {
      if (!UNTRUSTED_ALLOWED.includes(key)) {
        notAllowed.push(key);
        continue;
      }
      value = stripUntrusted(value);
    }
    if (projectFile && excluded.includes(key)) skipped.push(key);
    else if (isSet(key)) present.push(key);
    else {
      env[key] = value;
      loaded.push(key);
    }
  }
  // What the file holds is as secret as the environment by the same rules, and hookrun prints it nowhere.
  addSecrets(geminiSecrets({ ...ctx, env: Object.fromEntries(loaded.map((key) => [key, env[key]])) }));
  const parts = [
    `Gemini CLI loads ${file} at start-up (the first .env file its search finds; it reads no other), so its hooks inherit ` +
      (loaded.length > 0 ? `${loaded.length} variable(s) from it: ${loaded.join(', ')}.` : 'no variable from it.'),
  ];
  if (present.length > 0) parts.push(`Already set in the environment, which wins: ${present.join(', ')}.`);
  if (skipped.length > 0) parts.push(`Not loaded from a project .env file (advanced.excludedEnvVars): ${skipped.join(', ')}.`);
  if (!trusted) {
    parts.push(
      `The folder is not trusted: only ${UNTRUSTED_ALLOWED.join(', ')} are loaded, their values stripped to letters, digits and - _ . /` +
        (notAllowed.length > 0 ? `; not loaded: ${notAllowed.join(', ')}.` : '.'),
    );
  }
  if (loaded.length > 0) parts.push('They are redacted like the rest of the environment; --clean-env leaves them out unless --env-allow names them.');
  return { code: 'env-file-loaded', severity: 'info', message: parts.join(' '), location: { file, line: 0, column: 0, path: [] } };
}

function codeVariablesWarning(file: string, names: readonly string[]): Diagnostic {
  // Grouped by what they steer, so the reader sees why each name is withheld.
  const byClass = new Map<string, string[]>();
  for (const name of names) {
    const what = codeVariableClass(name)!.what;
    byClass.set(what, [...(byClass.get(what) ?? []), name]);
  }
  const why = [...byClass].map(([what, group]) => `${group.join(', ')} (${what})`).join('; ');
  return {
    code: 'env-file-code-variable',
    severity: 'warning',
    message:
      `${file} sets ${names.join(', ')}, which make a shell or another program run code or read it from elsewhere: ${why}. ` +
      `Gemini CLI loads them from this project .env and every hook it runs inherits them, so the repository runs code inside your own hooks; ` +
      `hookrun does not pass them on unless --env-allow names them (--env-allow ${names[0]})`,
    location: { file, line: 0, column: 0, path: [] },
    fix: `remove ${names.join(', ')} from ${file}`,
  };
}

/** Gemini's `setUpCloudShellEnvironment` (see the header). */
function replaceCloudShellProject(
  env: Record<string, string | undefined>,
  file: string | undefined,
  content: Record<string, string> | undefined,
  options: StartupOptions,
): Diagnostic {
  if (!env[USER_GCP_PROJECT]) {
    const current = env.GOOGLE_CLOUD_PROJECT;
    if (current && current !== CLOUD_SHELL_PROJECT) env[USER_GCP_PROJECT] = current;
  }
  const auth = isPlainObject(options.merged.security) ? options.merged.security.auth : undefined;
  const vertex = isPlainObject(auth) && auth.selectedType === 'vertex-ai';
  let value: string | undefined = vertex ? env[USER_GCP_PROJECT] : CLOUD_SHELL_PROJECT;
  let source = vertex ? `the project set before (${USER_GCP_PROJECT})` : `"${CLOUD_SHELL_PROJECT}"`;
  const fromFile = content?.GOOGLE_CLOUD_PROJECT;
  if (fromFile) {
    const tools = options.merged.tools;
    const sandboxed = isPlainObject(tools) && Boolean(tools.sandbox);
    value = !options.trusted && sandboxed ? stripUntrusted(fromFile) : fromFile;
    source = `the value in ${file}`;
  }
  if (value !== undefined) env.GOOGLE_CLOUD_PROJECT = value;
  else if (env.GOOGLE_CLOUD_PROJECT === CLOUD_SHELL_PROJECT) delete env.GOOGLE_CLOUD_PROJECT;
  const message =
    value !== undefined
      ? `Cloud Shell (CLOUD_SHELL=true): Gemini CLI replaces GOOGLE_CLOUD_PROJECT with ${source} at start-up, and its hooks inherit that.`
      : `Cloud Shell (CLOUD_SHELL=true) with Vertex AI and no project set before: Gemini CLI leaves GOOGLE_CLOUD_PROJECT without a value of its own.`;
  return { code: 'env-cloud-shell-project', severity: 'info', message };
}

/** Whether the environment has a variable (`Object.hasOwn` on process.env: case-insensitive on Windows). */
function isSetIn(env: Record<string, string | undefined>, platform: NodeJS.Platform): (key: string) => boolean {
  if (platform !== 'win32') return (key) => Object.hasOwn(env, key);
  return (key) => Object.keys(env).some((name) => name.toUpperCase() === key.toUpperCase());
}
