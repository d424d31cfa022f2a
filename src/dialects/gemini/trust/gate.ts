// Gemini CLI's project-hook fingerprint gate, what `run` does with project hooks whose fingerprint
// (trusted_hooks.json, read by hooks.ts beside this file) is new or changed. Gemini CLI warns once, records every project
// hook as trusted and runs them all; a repository that changes a hook after a `git pull` therefore gets
// one warning, possibly rendered after the hook already ran. hookrun's default for its non-interactive
// runs is stricter (the policies: src/trust/policy.ts):
//
//   block (default)  a new or changed project hook does not run until the user trusts it
//                    (`hookrun trust --hooks`); stderr names it and that command.
//   warn             Gemini CLI's behaviour: its warning, word for word, then every project hook is
//                    recorded as trusted and runs.
//
// The policy only guards trust recorded earlier in trustedFolders.json. Trust given for this run
// (`--trust-workspace`, GEMINI_CLI_TRUST_WORKSPACE=true) is the user's explicit word and covers the
// workspace's hooks; so does switching folder trust off (security.folderTrust.enabled: false).
import type { Context } from '../../../pipeline/context.js';
import { derived } from '../../../files/cache.js';
import type { RegistryEntry, ResolvedConfig } from '../../../pipeline/types.js';
import { HOOK_TRUST_ENV, trustHooksCommand, type HookTrustGate, type HookTrustPolicy } from '../../../trust/policy.js';
import { geminiSettingsPaths } from '../settings/load.js';
import { assessProjectHooks, describeStatus, hookKey, locatorFromEntries, projectHooksOf, type HookTrustAssessment } from './hooks.js';

/** Gemini's gate, with the assessment it was decided from. */
export interface GeminiHookTrustGate extends HookTrustGate {
  assessment?: HookTrustAssessment;
}

/** Gemini CLI's warning about new project hooks, exactly (docs/sources.md §G7.1). */
export function geminiProjectHooksWarning(labels: readonly string[]): string {
  return (
    'WARNING: The following project-level hooks have been detected in this workspace:\n' +
    `${labels.map((label) => `  - ${label}`).join('\n')}\n\n` +
    'These hooks will be executed. If you did not configure these hooks or do not trust this project,\n' +
    'please review the project settings (.gemini/settings.json) and remove them.'
  );
}

/**
 * Decides, for one run, which project hooks are held back and what is said about them. Pure apart from
 * reading the fingerprint files; recording (warn) is left to the caller so that a dry run writes nothing.
 */
/** The workspace's hooks as Gemini CLI fingerprints them, placed in the settings file; `entries` are the same load's. */
function projectHooksOfLoad({ projectHooks, entries }: { projectHooks?: unknown; entries: readonly RegistryEntry[] }) {
  return projectHooksOf(projectHooks, locatorFromEntries(entries));
}

export function gateProjectHooks(ctx: Context, config: ResolvedConfig, policy: HookTrustPolicy): GeminiHookTrustGate {
  const gate: GeminiHookTrustGate = { policy, applies: false, keyOf: (entry) => hookKey(entry.config), heldBack: new Map(), diagnostics: [] };
  // Gemini checks fingerprints only when the hook system runs in a trusted folder.
  if (!config.hooksEnabled || !config.trust.trusted || config.projectHooks === undefined) return gate;
  // Worked out once per load: a session's kept configuration (src/serve/kept.ts) keeps its entries, and with them this list.
  const hooks = derived(config.entries, '', projectHooksOfLoad, config);
  if (hooks.length === 0) return gate;
  // Under `warn` every project hook is recorded (with its script's hash); `block` only compares.
  const assessment = assessProjectHooks(ctx, hooks, { hashAll: policy === 'warn' });
  gate.assessment = assessment;
  gate.applies = config.trust.by === 'file';
  const settingsFile = geminiSettingsPaths(ctx).workspace;
  const untrusted = assessment.hooks.filter((hook) => hook.status !== 'trusted');

  const problem = assessment.hooksFile.problem;
  if (problem) {
    gate.diagnostics.push({
      code: 'trusted-hooks-invalid',
      severity: 'warning',
      message:
        `cannot read ${assessment.hooksFile.file}: ${problem.message}. Gemini CLI treats it as empty, so every project hook counts as new` +
        (policy === 'warn' ? '; hookrun will not overwrite it.' : '.'),
      location: problem.location,
    });
  }
  const scriptsProblem = assessment.scriptsFile.problem;
  if (scriptsProblem) {
    gate.diagnostics.push({
      code: 'trusted-scripts-invalid',
      severity: 'warning',
      message: `cannot read ${assessment.scriptsFile.file}: ${scriptsProblem.message}. Script hashes are not checked.`,
      location: scriptsProblem.location,
    });
  }
  if (untrusted.length === 0) return gate;

  if (policy === 'warn') {
    // Gemini lists its own view (name or command; a changed script is invisible to it); hookrun adds the scripts.
    const labels = [...new Set(untrusted.map((hook) => (hook.status === 'script-changed' ? `${hook.label} (${describeStatus(hook)})` : hook.label)))];
    gate.diagnostics.push({ code: 'project-hooks-detected', severity: 'warning', message: geminiProjectHooksWarning(labels) });
    if (!problem && !scriptsProblem) {
      gate.record = async () => (await import('./edit.js')).recordProjectHooks(ctx, assessment.hooks);
    }
    return gate;
  }

  const lines = untrusted.map((hook) => `  - ${hook.label} [${hook.event}] (${describeStatus(hook)}): ${hook.command ?? '(no command)'}`);
  if (!gate.applies) {
    gate.diagnostics.push({
      code: 'project-hooks-unrecorded',
      severity: 'info',
      message:
        `${untrusted.length} project hook(s) not recorded in ${assessment.hooksFile.file} run because the folder is trusted for this run (${config.trust.detail ?? config.trust.by}):\n` +
        `${lines.join('\n')}\nGemini CLI will warn about them; to record them: ${trustHooksCommand(ctx)}`,
      location: { file: settingsFile, line: 0, column: 0, path: [] },
    });
    return gate;
  }
  for (const hook of untrusted) {
    gate.heldBack.set(
      hook.key,
      `held back by hookrun: project hook "${hook.label}" is not trusted (${describeStatus(hook)}); review it in ${settingsFile}, then run: ${trustHooksCommand(ctx)}`,
    );
  }
  gate.diagnostics.push({
    code: 'project-hooks-held-back',
    severity: 'warning',
    message:
      `held back ${untrusted.length} project hook(s) that are not trusted yet (policy "block"):\n${lines.join('\n')}\n` +
      `Review them, then trust them with: ${trustHooksCommand(ctx)}\n` +
      `(Gemini CLI would warn once and run them; --hook-trust warn or ${HOOK_TRUST_ENV}=warn does the same here.)`,
    location: untrusted[0]!.location ?? { file: settingsFile, line: 0, column: 0, path: [] },
  });
  return gate;
}
