// The registry of dialects, one line each (names.ts holds their names, in the order `auto` detection tries
// them): how each loads, and the options only that agent has. Adding an agent is its folder under
// dialects/, its name in names.ts and one line below. Each dialect loads on demand: a Gemini run never
// loads the Claude or Kiro code; only the small options modules load with the command line.
import type { Context } from '../pipeline/context.js';
import { usageError } from '../pipeline/errors.js';
import { claudeOptions } from './claude/options.js';
import { cursorOptions } from './cursor/options.js';
import { detectDialect } from './detect.js';
import type { ConfiguredAt, Dialect } from './dialect.js';
import { geminiOptions } from './gemini/options.js';
import { kiroOptions } from './kiro/options.js';
import { DEFAULT_DIALECT, DIALECT_CHOICES, type DialectName, isDialectName } from './names.js';

export { DEFAULT_DIALECT, DIALECT_CHOICES, DIALECT_NAMES, type DialectName, isDialectName } from './names.js';

const REGISTRY: Readonly<Record<DialectName, () => Promise<Dialect>>> = {
  gemini: async () => (await import('./gemini/index.js')).gemini,
  claude: async () => (await import('./claude/index.js')).claude,
  kiro: async () => (await import('./kiro/index.js')).kiro,
  antigravity: async () => (await import('./antigravity/index.js')).antigravity,
  codex: async () => (await import('./codex/index.js')).codex,
  cursor: async () => (await import('./cursor/index.js')).cursor,
  copilot: async () => (await import('./copilot/index.js')).copilot,
  droid: async () => (await import('./droid/index.js')).droid,
  auggie: async () => (await import('./auggie/index.js')).auggie,
  qwen: async () => (await import('./qwen/index.js')).qwen,
  vscode: async () => (await import('./vscode/index.js')).vscode,
};

/**
 * Each dialect's configured.ts (paths only, no settings reader): detection (detect.ts) runs on every command
 * given no dialect, and loading every dialect to look for their files would cost each run more than its
 * hooks do.
 */
export const CONFIGURED_AT: Readonly<Record<DialectName, () => Promise<{ configuredAt: (ctx: Context) => ConfiguredAt }>>> = {
  gemini: () => import('./gemini/configured.js'),
  claude: () => import('./claude/configured.js'),
  kiro: () => import('./kiro/configured.js'),
  antigravity: () => import('./antigravity/configured.js'),
  codex: () => import('./codex/configured.js'),
  cursor: () => import('./cursor/configured.js'),
  copilot: () => import('./copilot/configured.js'),
  droid: () => import('./droid/configured.js'),
  auggie: () => import('./auggie/configured.js'),
  qwen: () => import('./qwen/configured.js'),
  vscode: () => import('./vscode/configured.js'),
};

/** The options only one agent has, each declared in its folder (options.ts at the top of src/ joins them). */
export const DIALECT_OPTIONS = { ...geminiOptions, ...claudeOptions, ...kiroOptions, ...cursorOptions } as const;

/**
 * The dialect `--dialect` names; for `auto`, the one this workspace is configured for, with a note
 * saying which and why (for stderr).
 */
export async function resolveDialect(name: string, ctx: Context): Promise<ChosenDialect> {
  if (name !== 'auto') return { dialect: await getDialect(name) };
  const detected = await detectDialect(ctx, CONFIGURED_AT);
  return { dialect: await getDialect(detected.name), note: autoNote(detected.name, detected.because) };
}

export interface ChosenDialect {
  dialect: Dialect;
  /** Which dialect detection chose and the file that decided it, for one line on stderr. */
  note?: string;
}

/** The environment variable that chooses the dialect when `--dialect` does not. */
export const DIALECT_ENV = 'HOOKRUN_DIALECT';

const autoNote = (name: string, because: string) => `--dialect auto: ${name} (${because})`;

/**
 * The one rule of every command: `--dialect`, else HOOKRUN_DIALECT, else the agent configured for this
 * workspace (its own project-root rule), else the one configured in the home folder (detect.ts), else
 * the default. Detection says on stderr which it chose when that is not the default, the dialect a
 * command followed before there was detection (so a Gemini project hears nothing new).
 */
export async function chooseDialect(flag: string | undefined, ctx: Context): Promise<ChosenDialect> {
  const named = namedDialect(flag, ctx);
  if (named !== undefined) return resolveDialect(named, ctx);
  const detected = await detectDialect(ctx, CONFIGURED_AT);
  const dialect = await getDialect(detected.name);
  return detected.name === DEFAULT_DIALECT ? { dialect } : { dialect, note: autoNote(detected.name, detected.because) };
}

/** The dialect the user named: `--dialect`, else a non-empty HOOKRUN_DIALECT (checked as `--dialect` is). */
export function namedDialect(flag: string | undefined, ctx: Context): string | undefined {
  if (flag !== undefined) return flag;
  const fromEnv = ctx.env[DIALECT_ENV];
  if (fromEnv === undefined || fromEnv === '') return undefined;
  if (!DIALECT_CHOICES.includes(fromEnv)) throw usageError(`${DIALECT_ENV}="${fromEnv}" is not a dialect; choose one of: ${DIALECT_CHOICES.join(', ')}`);
  return fromEnv;
}

export async function getDialect(name: string = DEFAULT_DIALECT): Promise<Dialect> {
  if (!isDialectName(name)) throw usageError(`unknown dialect "${name}"; choose one of: ${DIALECT_CHOICES.join(', ')}`);
  return REGISTRY[name]();
}
