// The registry of dialects, one line each: `--dialect` choices, `auto` detection (in this order: the
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
  qwen: async () => (await import('./qwen/index.js')).qwen,
  vscode: async () => (await import('./vscode/index.js')).vscode,
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
export async function resolveDialect(name: string, ctx: Context): Promise<{ dialect: Dialect; note?: string }> {
  if (name !== 'auto') return { dialect: await getDialect(name) };
  const { detectDialect } = await import('./detect.js');
  const detected = await detectDialect(ctx);
  return { dialect: await getDialect(detected.name), note: `--dialect auto: ${detected.name} (${detected.because})` };
}

export async function getDialect(name: string = DEFAULT_DIALECT): Promise<Dialect> {
  if (!isDialectName(name)) throw usageError(`unknown dialect "${name}"; choose one of: ${DIALECT_CHOICES.join(', ')}`);
  return REGISTRY[name]();
}
