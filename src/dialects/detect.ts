// Detection (`--dialect auto`, and every command given neither --dialect nor HOOKRUN_DIALECT): the agent
// this workspace is configured for (README.md "Usage", `--dialect auto`). Each dialect
// says where its configuration is found (its configured.ts, which the registry names: paths only). The workspace's files count before the
// user's; when one level holds several agents' files, the registry's order decides (Gemini CLI, then
// Claude Code, then Kiro CLI, then Antigravity CLI); no configuration at all means the default dialect.
import type { Context } from '../pipeline/context.js';
import type { ConfiguredAt } from './dialect.js';
import { DEFAULT_DIALECT, DIALECT_NAMES, type DialectName } from './names.js';

export interface DetectedDialect {
  name: DialectName;
  /** The file or folder that decided it, or why none did. */
  because: string;
}

/** Where each dialect's configuration is found: the registry's CONFIGURED_AT, passed in so that this module imports no dialect. */
export type ConfiguredAtTable = Readonly<Record<DialectName, () => Promise<{ configuredAt: (ctx: Context) => ConfiguredAt }>>>;

export async function detectDialect(ctx: Context, table: ConfiguredAtTable): Promise<DetectedDialect> {
  const seen: { name: DialectName; user?: string }[] = [];
  for (const name of DIALECT_NAMES) {
    const at = (await table[name]()).configuredAt(ctx);
    if (at.workspace !== undefined) return { name, because: at.workspace };
    seen.push({ name, user: at.user });
  }
  for (const { name, user } of seen) if (user !== undefined) return { name, because: user };
  return { name: DEFAULT_DIALECT, because: 'no agent configuration found' };
}
