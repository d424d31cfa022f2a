// Gemini CLI's folder trust decision (trustedFolders.ts), checked in this order:
// 0. From 0.59.0 on, GEMINI_RESTRICTED_MODE exactly "true" → untrusted, before anything else (so also
//    before `--trust-workspace`, which stands for GEMINI_CLI_TRUST_WORKSPACE=true);
// 1. `--trust-workspace` (hookrun's flag, the same as GEMINI_CLI_TRUST_WORKSPACE=true for one run);
// 2. GEMINI_CLI_TRUST_WORKSPACE exactly "true" → trusted, exactly "false" → untrusted; then hookrun's
//    HOOKRUN_TRUST_WORKSPACE=true (every dialect's one-run trust) → trusted;
// 3. `security.folderTrust.enabled` falsy → the trust feature is off, every folder is trusted.
//    The caller passes settings merged WITHOUT the workspace file: a workspace cannot vouch for itself;
// 4. trustedFolders.json: the rule with the longest path key that contains the workspace wins
//    (ties: the first in the file); no rule → untrusted.
//    The file is also hookrun's own folder record for the other dialects, so its reader is shared
//    (src/trust/folders.ts); what is Gemini's here is the order of checks above and the refusal below.
// (Gemini also asks a connected IDE before reading the file; hookrun has no IDE.)
import type { Context } from '../../../pipeline/context.js';
import { configError, formatLocation, type HookrunError } from '../../../pipeline/errors.js';
import type { JsonObject, TrustDecision } from '../../../pipeline/types.js';
import { isPlainObject } from '../../../files/jsonc.js';
import { loadTrustedFolders, matchingRule, trustProblemLines, type TrustedFolders } from '../../../trust/folders.js';
import { geminiHas, resolveGeminiProfile, type GeminiProfile } from '../version.js';

export interface TrustOptions {
  /** `--trust-workspace`. */
  trustWorkspace?: boolean;
  /** The release whose rules apply (default: the one HOOKRUN_GEMINI_VERSION names, else the newest checked). */
  profile?: GeminiProfile;
}

/** The detail of a folder made untrusted by GEMINI_RESTRICTED_MODE (messages tell how to undo it). */
export const RESTRICTED_MODE = 'GEMINI_RESTRICTED_MODE=true';

/** The trust decision for ctx.cwd. `settings` must be merged from system defaults, user and system only. */
export function decideFolderTrust(ctx: Context, settings: JsonObject, options: TrustOptions = {}): TrustDecision {
  // Only the exact string "true" counts, as Gemini CLI compares it.
  if (ctx.env.GEMINI_RESTRICTED_MODE === 'true' && geminiHas(options.profile ?? resolveGeminiProfile(undefined, ctx.env), 'restrictedMode')) {
    return { trusted: false, by: 'env', detail: RESTRICTED_MODE };
  }
  if (options.trustWorkspace) return { trusted: true, by: 'flag', detail: '--trust-workspace' };
  const fromEnv = ctx.env.GEMINI_CLI_TRUST_WORKSPACE;
  if (fromEnv === 'true' || fromEnv === 'false') {
    return { trusted: fromEnv === 'true', by: 'env', detail: `GEMINI_CLI_TRUST_WORKSPACE=${fromEnv}` };
  }
  // hookrun's variable for one run, the same in every dialect (docs/safety.md "Trust in every dialect").
  if (ctx.env.HOOKRUN_TRUST_WORKSPACE === 'true') return { trusted: true, by: 'env', detail: 'HOOKRUN_TRUST_WORKSPACE=true' };
  if (!folderTrustEnabled(settings)) {
    return { trusted: true, by: 'feature-disabled', detail: 'security.folderTrust.enabled is false' };
  }
  const folders = loadTrustedFolders(ctx);
  if (folders.errors.length > 0) throw trustFileError(folders);
  const winner = matchingRule(folders.rules, ctx);
  if (!winner) return { trusted: false, by: 'no-rule', detail: `no rule in ${folders.file} covers ${ctx.cwd}` };
  return {
    trusted: winner.level !== 'DO_NOT_TRUST',
    by: 'file',
    // Worked out when read: the rule's line and column need trustedFolders.json's syntax tree, and
    // most runs never print the detail.
    get detail() {
      return `${winner.level} "${winner.path}" (${formatLocation(winner.location)})`;
    },
  };
}

/** `security.folderTrust.enabled ?? true`, read with Gemini's truthiness. */
function folderTrustEnabled(settings: JsonObject): boolean {
  const security = isPlainObject(settings.security) ? settings.security : {};
  const folderTrust = isPlainObject(security.folderTrust) ? security.folderTrust : {};
  return Boolean(folderTrust.enabled ?? true);
}

function trustFileError(folders: TrustedFolders): HookrunError {
  return configError(`${trustProblemLines(folders).join('\n')}\nPlease fix the configuration file and try again.`, folders.errors[0]!.location);
}
