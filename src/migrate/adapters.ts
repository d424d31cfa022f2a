// Where migrate finds each agent's reader and writer. The dialect registry (dialects/index.ts) is the one
// list: a registered dialect names its adapter with the Dialect member `migration` (a lazy import of its
// folder's migrate.ts). The agents whose dialect folders are still being written (codex, cursor, copilot) are
// listed in PENDING until their index.ts carries the `migration` line; an entry there is never consulted once
// the dialect is registered with one, and can then be deleted.
import { usageError } from '../errors.js';
import { DIALECT_NAMES, getDialect, isDialectName } from '../dialects/index.js';
import type { MigrationAdapter } from './model.js';
import { isAgentName, MIGRATION_AGENTS } from './agents.js';

const PENDING: Readonly<Record<string, () => Promise<MigrationAdapter>>> = {
  codex: async () => (await import('../dialects/codex/migrate.js')).migration,
  cursor: async () => (await import('../dialects/cursor/migrate.js')).migration,
  copilot: async () => (await import('../dialects/copilot/migrate.js')).migration,
};

/** The agents `--from` and `--to` accept: registered dialects and pending ones the vocabulary knows, in the contract's order. */
export const MIGRATE_CHOICES: readonly string[] = MIGRATION_AGENTS.filter((name) => (DIALECT_NAMES as readonly string[]).includes(name) || Object.hasOwn(PENDING, name));

export async function migrationAdapter(name: string): Promise<MigrationAdapter> {
  if (!isAgentName(name) || !MIGRATE_CHOICES.includes(name)) throw usageError(`hookrun cannot migrate hooks of "${name}"; choose one of: ${MIGRATE_CHOICES.join(', ')}`);
  if (isDialectName(name)) {
    const dialect = await getDialect(name);
    if (dialect.migration) return dialect.migration();
  }
  const pending = PENDING[name];
  if (!pending) throw usageError(`the ${name} dialect has no migration adapter`);
  return pending();
}
