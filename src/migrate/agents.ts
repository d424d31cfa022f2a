// The agents the vocabulary knows, in the order the docs list them (docs/migrate.md). Apart from
// vocabulary.ts so that the command line's choices do not load the tables.

/** The agents migrate converts between (Kiro's two formats are one agent with two readers). */
export const MIGRATION_AGENTS = ['gemini', 'antigravity', 'claude', 'codex', 'cursor', 'copilot', 'kiro'] as const;
export type AgentName = (typeof MIGRATION_AGENTS)[number];

export function isAgentName(name: string): name is AgentName {
  return (MIGRATION_AGENTS as readonly string[]).includes(name);
}
