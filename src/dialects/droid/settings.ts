// Factory Droid's hook files (docs/droid.md): per level, project first and then user, the level's
// `.factory/hooks.json` (events at the top level; the legacy `.factory/hooks/hooks.json` when it is absent),
// and only when neither exists the `hooks` of `.factory/settings.json` and `settings.local.json`. The lists
// are concatenated in that order, which is also the order "first decision wins" reads them in. Project files
// wait for folder trust.
import type { Context } from '../../pipeline/context.js';
import { decideWorkspaceTrust } from '../../trust/workspace.js';
import type { ResolvedConfig } from '../../pipeline/types.js';
import { loadGroupConfig, type GroupRules } from '../claude/groups.js';
import type { LoadOptions } from '../dialect.js';
import { DROID_EVENTS } from './events.js';
import { droidSources } from './configured.js';

export { droidSources };

export const DROID_DEFAULT_TIMEOUT_SEC = 60;

export const DROID_RULES: GroupRules = { agent: 'Factory Droid', events: DROID_EVENTS, timeoutUnitMs: 1000, groupFields: ['commandRegex'] };

export async function loadDroidConfig(ctx: Context, options: LoadOptions): Promise<ResolvedConfig> {
  // Droid gates a folder's hooks on its own trust (its record is not documented): hookrun's folder rules decide.
  const trust = decideWorkspaceTrust(ctx, { trustWorkspace: options.trustWorkspace });
  return loadGroupConfig(ctx, 'droid', droidSources(ctx), DROID_RULES, trust, options.keepInactive === true);
}
