// Dialects by name, loaded on demand: a Gemini run never loads the Claude or Kiro code.
import { usageError } from '../errors.js';
import type { Dialect, DialectName } from './dialect.js';

export const DIALECTS: readonly DialectName[] = ['gemini', 'claude', 'kiro'];

export async function getDialect(name: string = 'gemini'): Promise<Dialect> {
  switch (name) {
    case 'gemini':
      return (await import('./gemini.js')).gemini;
    case 'kiro':
      return (await import('./kiro.js')).kiro;
    case 'claude':
      return (await import('./claude.js')).claude;
    default:
      throw usageError(`unknown dialect "${name}"; choose one of: ${DIALECTS.join(', ')}`);
  }
}
