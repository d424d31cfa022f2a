// Dialects by name, loaded on demand: a Gemini run never loads the Claude or Kiro code.
import type { Context } from '../context.js';
import { usageError } from '../errors.js';
import type { Dialect, DialectName } from './dialect.js';

export const DIALECTS: readonly DialectName[] = ['gemini', 'claude', 'kiro'];

/** What `--dialect` accepts: a dialect, or `auto` (the one whose configuration exists, see detect.ts). */
export const DIALECT_CHOICES: readonly string[] = [...DIALECTS, 'auto'];

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

export async function getDialect(name: string = 'gemini'): Promise<Dialect> {
  switch (name) {
    case 'gemini':
      return (await import('./gemini/index.js')).gemini;
    case 'kiro':
      return (await import('./kiro/index.js')).kiro;
    case 'claude':
      return (await import('./claude/index.js')).claude;
    default:
      throw usageError(`unknown dialect "${name}"; choose one of: ${DIALECT_CHOICES.join(', ')}`);
  }
}
