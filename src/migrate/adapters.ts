// Where migrate finds each agent's reader and writer. The dialect registry (dialects/index.ts) is the one
// list: a registered dialect names its adapter with the Dialect member `migration` (a lazy import of its
// folder's migrate.ts).
import { usageError } from '../pipeline/errors.js';
import { DIALECT_NAMES, getDialect, isDialectName } from '../dialects/index.js';
import type { MigrationAdapter } from './model.js';
import { isAgentName, MIGRATION_AGENTS } from './agents.js';

/** The agents migrate converts between: the registered dialects the vocabulary knows, in docs/migrate.md's order (the command line offers DIALECT_NAMES; every dialect carries a `migration`). */
const MIGRATE_CHOICES: readonly string[] = MIGRATION_AGENTS.filter((name) => (DIALECT_NAMES as readonly string[]).includes(name));

/** The agents whose reader takes `option` (for the message refusing it elsewhere); loads their adapters. */
export async function agentsTaking(option: 'agent' | 'claudeVersion'): Promise<string[]> {
  const takers: string[] = [];
  for (const name of MIGRATE_CHOICES) if ((await migrationAdapter(name)).takes?.includes(option)) takers.push(name);
  return takers;
}

export async function migrationAdapter(name: string): Promise<MigrationAdapter> {
  if (!isAgentName(name) || !MIGRATE_CHOICES.includes(name)) throw usageError(`hookrun cannot migrate hooks of "${name}"; choose one of: ${MIGRATE_CHOICES.join(', ')}`);
  const dialect = isDialectName(name) ? await getDialect(name) : undefined;
  if (!dialect?.migration) throw usageError(`the ${name} dialect has no migration adapter`);
  return dialect.migration();
}
