// The agents the vocabulary knows: the registry's dialects (src/dialects/names.ts), every one of which has
// its row (src/dialects/<name>/vocabulary.ts, joined by src/dialects/vocabularies.ts, whose type makes a
// new name fail the type check until its row is listed). Apart from vocabulary.ts so that the command line's
// choices do not load the tables.
import { DIALECT_NAMES, type DialectName, isDialectName } from '../dialects/names.js';

/** Every agent of the registry, as migrate and the vocabulary name them. */
export type AgentName = DialectName;

/** The agents migrate converts between (Kiro's two formats are one agent with two readers). */
export const MIGRATION_AGENTS: readonly AgentName[] = DIALECT_NAMES;

export function isAgentName(name: string): name is AgentName {
  return isDialectName(name);
}
