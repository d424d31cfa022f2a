// Augment Auggie's settings files (docs/auggie.md), read in this order and concatenated: the system file
// `/etc/augment/settings.json` (HOOKRUN_AUGGIE_SYSTEM_SETTINGS overrides the path), which no other file
// can take away and which is never gated; the user's `~/.augment/settings.json`; the workspace's
// `.augment/settings.local.json` and `.augment/settings.json`, which wait for folder trust. Each file's
// `hooks` is Claude Code's shape, with `args` beside `command` and `timeout` in milliseconds.
import type { Context } from '../../pipeline/context.js';
import { decideWorkspaceTrust } from '../../trust/workspace.js';
import type { ResolvedConfig } from '../../pipeline/types.js';
import { loadGroupConfig, type GroupRules } from '../claude/groups.js';
import type { LoadOptions } from '../dialect.js';
import { auggieSources } from './configured.js';

export { auggieSources };
import { AUGGIE_EVENTS } from './events.js';

export const AUGGIE_DEFAULT_TIMEOUT_MS = 60_000;

export const AUGGIE_RULES: GroupRules = { agent: 'Augment Auggie', events: AUGGIE_EVENTS, timeoutUnitMs: 1, args: true };

export async function loadAuggieConfig(ctx: Context, options: LoadOptions): Promise<ResolvedConfig> {
  // Auggie's sources say nothing of trust; a project's hooks do not run unasked in hookrun (folder rules).
  const trust = decideWorkspaceTrust(ctx, { trustWorkspace: options.trustWorkspace });
  return loadGroupConfig(ctx, 'auggie', auggieSources(ctx), AUGGIE_RULES, trust, options.keepInactive === true);
}
