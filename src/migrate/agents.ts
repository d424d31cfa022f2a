// The agents the vocabulary knows, in the order the docs list them (docs/migrate.md). Apart from
// vocabulary.ts so that the command line's choices do not load the tables.
import type { DialectName } from '../dialects/index.js';

/** Every agent of the registry, as migrate and the vocabulary name them. */
export type AgentName = DialectName;

/**
 * `names`, which must list every dialect of the registry: one added to src/dialects/index.ts fails the type
 * check here until it is listed, and then wherever the vocabulary needs its row (vocabulary.ts's table,
 * loader-hints.ts's timeout units), so the compiler names each file a new dialect touches.
 */
function everyDialect<const T extends readonly DialectName[]>(names: [Exclude<DialectName, T[number]>] extends [never] ? T : { unlisted: Exclude<DialectName, T[number]> }): T {
  return names as T;
}

/** The agents migrate converts between (Kiro's two formats are one agent with two readers). */
export const MIGRATION_AGENTS = everyDialect(['gemini', 'antigravity', 'claude', 'codex', 'cursor', 'copilot', 'kiro', 'droid', 'auggie', 'qwen', 'vscode']);

export function isAgentName(name: string): name is AgentName {
  return (MIGRATION_AGENTS as readonly string[]).includes(name);
}
