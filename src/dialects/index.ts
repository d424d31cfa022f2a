// The registry of dialects, one line each: `--dialect` choices, detection (in this order: the
// primary target first), the fixture schema's dialect names and the docs lists all come from here.
// Adding an agent is its folder under dialects/ and one line below. Each dialect loads on demand: a
// Gemini run never loads the Claude or Kiro code.
import type { Context } from '../context.js';
import { usageError } from '../errors.js';
import type { Dialect } from './dialect.js';

const REGISTRY = {
  gemini: async () => (await import('./gemini/index.js')).gemini,
  claude: async () => (await import('./claude/index.js')).claude,
  kiro: async () => (await import('./kiro/index.js')).kiro,
  antigravity: async () => (await import('./antigravity/index.js')).antigravity,
  codex: async () => (await import('./codex/index.js')).codex,
  cursor: async () => (await import('./cursor/index.js')).cursor,
  copilot: async () => (await import('./copilot/index.js')).copilot,
} satisfies Record<string, () => Promise<Dialect>>;

export type DialectName = keyof typeof REGISTRY;

export const DIALECT_NAMES = Object.keys(REGISTRY) as [DialectName, ...DialectName[]];

/** The dialect a command follows when none is named: Gemini CLI, hookrun's reference. */
export const DEFAULT_DIALECT: DialectName = 'gemini';

/** What `--dialect` accepts: a dialect, or `auto` (the one whose configuration exists, see detect.ts). */
export const DIALECT_CHOICES: readonly string[] = [...DIALECT_NAMES, 'auto'];

export function isDialectName(name: string): name is DialectName {
  return Object.hasOwn(REGISTRY, name);
}

/**
 * The dialect `--dialect` names; for `auto`, the one this workspace is configured for, with a note
 * saying which and why (for stderr).
 */
export async function resolveDialect(name: string, ctx: Context): Promise<ChosenDialect> {
  if (name !== 'auto') return { dialect: await getDialect(name) };
  const { detectDialect } = await import('./detect.js');
  const detected = await detectDialect(ctx);
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
  const { detectDialect } = await import('./detect.js');
  const detected = await detectDialect(ctx);
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
