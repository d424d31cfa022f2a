// docs/safety.md "Trust in every dialect": a project hook runs only when the folder is trusted by
// `--trust-workspace`, HOOKRUN_TRUST_WORKSPACE=true, the agent's own record where hookrun can read one
// (`agentRecord`: Claude Code's accepted trust dialog), or hookrun's own record, the folder rules
// `hookrun trust --folder` writes. Agents whose record hookrun cannot read (Antigravity CLI keeps it
// somewhere undocumented; Kiro CLI has none) pass no `agentRecord`.
// hookrun's record is Gemini CLI's trustedFolders.json, as docs/safety.md has it; its reader is the shared
// trust/folders.ts, which the Gemini dialect also reads as Gemini CLI's own record (with Gemini's order
// of checks in the Gemini dialect's trust/folders.ts), so nothing here depends on a dialect's folder.
import type { Context } from '../pipeline/context.js';
import type { ConsideredEntry, RegistryEntry, TrustDecision } from '../pipeline/types.js';
import { loadTrustedFolders, matchingRule } from './folders.js';

export interface WorkspaceTrustOptions {
  trustWorkspace?: boolean;
  /**
   * The agent's own trust record for ctx.cwd: a decision when it vouches for the folder (trusted), else
   * undefined, and hookrun's record decides. Asked after the flag and the environment variable.
   */
  agentRecord?: () => TrustDecision | undefined;
}

export function decideWorkspaceTrust(ctx: Context, options: WorkspaceTrustOptions = {}): TrustDecision {
  if (options.trustWorkspace) return { trusted: true, by: 'flag', detail: '--trust-workspace' };
  if (ctx.env.HOOKRUN_TRUST_WORKSPACE === 'true') return { trusted: true, by: 'env', detail: 'HOOKRUN_TRUST_WORKSPACE=true' };
  const agent = options.agentRecord?.();
  if (agent?.trusted) return agent;
  const folders = loadTrustedFolders(ctx);
  if (folders.errors.length > 0) {
    // A record hookrun cannot read vouches for nothing; the other dialects' hooks still run.
    return { trusted: false, by: 'file', detail: `${folders.file} cannot be read (${folders.errors[0]!.message})` };
  }
  const rule = matchingRule(folders.rules, ctx);
  if (!rule) return { trusted: false, by: 'no-rule', detail: `no rule in ${folders.file} covers ${ctx.cwd}` };
  return { trusted: rule.level !== 'DO_NOT_TRUST', by: 'file', detail: `${rule.level} "${rule.path}" in ${folders.file}` };
}

/**
 * The trust of a folder above the workspace whose hook files the agent also reads (Codex's and Antigravity's
 * project folders up to the repository root), asked of that folder itself: trusting `p/sub` does not run
 * `p`'s hooks. The folder's hooks run only when the workspace is trusted too. `--trust-workspace` and
 * HOOKRUN_TRUST_WORKSPACE trust the workspace's whole project, parents included (the run asked for it).
 */
export function folderTrust(
  ctx: Context,
  workspace: TrustDecision,
  /** The dialect's decision for a folder (its own record first); default: hookrun's for every dialect. */
  decide: (folder: Context) => TrustDecision = (folder) => decideWorkspaceTrust(folder),
): (dir: string) => TrustDecision {
  const decided = new Map<string, TrustDecision>();
  return (dir) => {
    if (dir === ctx.cwd || !workspace.trusted || workspace.by === 'flag' || workspace.by === 'env') return workspace;
    let decision = decided.get(dir);
    if (!decision) {
      decision = decide({ ...ctx, cwd: dir });
      decided.set(dir, decision);
    }
    return decision;
  };
}

/** What stderr says about project hooks that did not run, and how to make them run. */
export function untrustedMessage(ctx: Context, trust: TrustDecision, hooks: readonly string[], folder = ctx.cwd): string {
  const names = hooks.length > 3 ? `${hooks.slice(0, 3).join(', ')} and ${hooks.length - 3} more` : hooks.join(', ');
  if (folder !== ctx.cwd) {
    return (
      `${folder}, above the workspace, is not a trusted folder (${trust.detail ?? trust.by}), so its project hooks did not run: ${names}. ` +
      `Trust it with: hookrun trust --folder ${folder} (or, for one run, --trust-workspace)`
    );
  }
  return (
    `${ctx.cwd} is not a trusted folder (${trust.detail ?? trust.by}), so its project hooks did not run: ${names}. ` +
    'Trust it with: hookrun trust --folder (or, for one run, --trust-workspace)'
  );
}

/** What a loader collects from its hook files under this gate. */
export interface GatedEntries {
  entries: RegistryEntry[];
  considered: ConsideredEntry[];
  /** Names of the hooks an untrusted folder held back, for {@link untrustedMessage}. */
  heldBack: string[];
}

/** Sorts one file's entries: registered, or, for a project file of an untrusted folder, considered and held back. */
export function admitEntries(into: GatedEntries, entries: readonly RegistryEntry[], gated: boolean, trust: TrustDecision): void {
  for (const entry of entries) {
    if (gated) {
      into.heldBack.push(entry.displayName);
      into.considered.push({ entry, inactive: { reason: 'untrusted-folder', detail: trust.detail ?? trust.by, ...(entry.location ? { location: entry.location } : {}) } });
      continue;
    }
    into.entries.push(entry);
    into.considered.push({ entry });
  }
}
