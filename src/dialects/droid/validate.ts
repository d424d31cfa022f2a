// `hookrun validate --dialect droid`: every file Droid would read, whatever the folder trust, checked as
// its loader reads them (a dropped file or group is an error), then Droid's traps: an earlier PreToolUse
// hook that allows lets the tool run past a later deny (the first decision wins), Claude Code's tool names
// (Droid's shell tool is Execute), and a timeout written in milliseconds. Nothing runs.
import type { Context } from '../../pipeline/context.js';
import { formatJsonPath } from '../../pipeline/errors.js';
import { timeoutInOtherUnit } from '../../migrate/loader-hints.js';
import { decideWorkspaceTrust } from '../../trust/workspace.js';
import type { Diagnostic, RegistryEntry, ValidateResult } from '../../pipeline/types.js';
import { GROUP_FINDING_CODES, loadGroupConfig, validateGroups } from '../claude/groups.js';
import { droidSources, DROID_RULES } from './settings.js';

export const DROID_FINDING_CODES: readonly string[] = [...GROUP_FINDING_CODES, 'droid-first-decision-wins', 'droid-claude-tool-name', 'droid-timeout-ms'];

/** Claude Code's tool names that Droid spells otherwise. */
const CLAUDE_TOOL_NAMES: Readonly<Record<string, string>> = { Bash: 'Execute', Write: 'Create', WebFetch: 'FetchUrl' };

const ALLOWS = /permissionDecision\W+allow/;
const DENIES = /permissionDecision\W+deny|exit 2\b/;

/** Could two groups' matchers select the same tool? (Both select every tool, or they are the same text.) */
function overlap(a: RegistryEntry, b: RegistryEntry): boolean {
  const all = (m: unknown) => m === undefined || m === '' || m === '*';
  return all(a.matcher) || all(b.matcher) || a.matcher === b.matcher;
}

function traps(entry: RegistryEntry, all: readonly RegistryEntry[]): Diagnostic[] {
  const found: Diagnostic[] = [];
  const where = entry.location ? { location: entry.location } : {};
  const name = entry.location ? formatJsonPath(entry.location.path) : entry.displayName;
  const command = String(entry.config.command ?? '');
  if (entry.event === 'PreToolUse' && DENIES.test(command)) {
    const earlier = all.slice(0, all.indexOf(entry)).find((e) => e.event === 'PreToolUse' && overlap(e, entry) && ALLOWS.test(String(e.config.command ?? '')));
    if (earlier) {
      found.push({
        code: 'droid-first-decision-wins',
        severity: 'warning',
        message: `${name} denies, but ${earlier.displayName} comes first and allows: Droid lets the first hook with a permissionDecision decide, so the tool runs past this deny (exit 2 still denies)`,
        ...where,
        fix: 'put the denying hook first, or answer nothing instead of "allow" in the earlier hook',
      });
    }
  }
  if (typeof entry.matcher === 'string') {
    for (const [claude, droid] of Object.entries(CLAUDE_TOOL_NAMES)) {
      if (entry.matcher.split('|').includes(claude)) {
        found.push({
          code: 'droid-claude-tool-name',
          severity: 'warning',
          message: `${name}: matcher "${entry.matcher}" names Claude Code's ${claude}; Droid calls that tool ${droid}, so it never matches`,
          ...where,
          fix: `write "${droid}"`,
        });
      }
    }
  }
  const seconds = typeof entry.config.timeout === 'number' ? entry.config.timeout / 1000 : undefined;
  const instead = timeoutInOtherUnit('s', seconds);
  if (instead !== undefined) {
    found.push({
      code: 'droid-timeout-ms',
      severity: 'warning',
      message: `${name}: timeout ${seconds} is read as seconds by Droid (${(seconds! / 3600).toFixed(1)} h)`,
      ...where,
      fix: `"timeout": ${instead}`,
    });
  }
  return found;
}

export function validateDroid(ctx: Context, options: { ignore?: readonly string[] } = {}): ValidateResult {
  const config = loadGroupConfig(ctx, 'droid', droidSources(ctx), DROID_RULES, decideWorkspaceTrust(ctx, { trustWorkspace: true }));
  return validateGroups(ctx, config, traps, options.ignore);
}
