// `hookrun validate --dialect auggie`: every settings file Auggie would read, whatever the folder trust,
// checked as its loader reads them (a dropped file or group is an error), then Auggie's traps: a timeout
// written in seconds (Auggie reads milliseconds: `"timeout": 30` kills the hook after 30 ms), shell syntax
// in a command Auggie runs without a shell, and Claude Code's tool names (its shell tool is launch-process).
// Nothing runs.
import type { Context } from '../../pipeline/context.js';
import { formatJsonPath } from '../../pipeline/errors.js';
import { timeoutInOtherUnit } from '../../migrate/loader-hints.js';
import { decideWorkspaceTrust } from '../../trust/workspace.js';
import type { Diagnostic, RegistryEntry, ValidateResult } from '../../pipeline/types.js';
import { GROUP_FINDING_CODES, loadGroupConfig, validateGroups } from '../claude/groups.js';
import { auggieSources, AUGGIE_RULES } from './settings.js';

export const AUGGIE_FINDING_CODES: readonly string[] = [...GROUP_FINDING_CODES, 'auggie-timeout-seconds', 'auggie-shell-syntax', 'auggie-claude-tool-name'];

const CLAUDE_TOOL_NAMES: Readonly<Record<string, string>> = { Bash: 'launch-process', Read: 'view', Write: 'save-file', Edit: 'str-replace-editor' };

/** What only a shell gives a command: pipes, lists, redirections, substitutions, `$VAR` (Auggie expands only `${VAR}`). */
const SHELL_SYNTAX = /[|;&<>`]|\$\(|\$[A-Za-z_]/;

function traps(entry: RegistryEntry): Diagnostic[] {
  const found: Diagnostic[] = [];
  const where = entry.location ? { location: entry.location } : {};
  const name = entry.location ? formatJsonPath(entry.location.path) : entry.displayName;
  const timeout = entry.config.timeout;
  const instead = timeoutInOtherUnit('ms', timeout);
  if (instead !== undefined) {
    found.push({
      code: 'auggie-timeout-seconds',
      severity: 'warning',
      message: `${name}: timeout ${String(timeout)} is MILLISECONDS in Auggie, so the hook is killed after ${String(timeout)} ms and the action goes on (it fails open)`,
      ...where,
      fix: `"timeout": ${instead}`,
    });
  }
  const command = String(entry.config.command ?? '');
  if (entry.config.args === undefined && SHELL_SYNTAX.test(command)) {
    found.push({
      code: 'auggie-shell-syntax',
      severity: 'warning',
      message: `${name}: "${command}" needs a shell, but Auggie runs the command without one: the operators reach the program as arguments`,
      ...where,
      fix: `"command": "bash", "args": ["-c", ${JSON.stringify(command)}]`,
    });
  }
  if (typeof entry.matcher === 'string') {
    for (const [claude, auggie] of Object.entries(CLAUDE_TOOL_NAMES)) {
      if (new RegExp(`(^|\\|)\\^?${claude}\\$?($|\\|)`).test(entry.matcher)) {
        found.push({
          code: 'auggie-claude-tool-name',
          severity: 'warning',
          message: `${name}: matcher "${entry.matcher}" names Claude Code's ${claude}; Auggie calls that tool ${auggie}, so it never matches`,
          ...where,
          fix: `write "${auggie}"`,
        });
      }
    }
  }
  return found;
}

export function validateAuggie(ctx: Context, options: { ignore?: readonly string[] } = {}): ValidateResult {
  const config = loadGroupConfig(ctx, 'auggie', auggieSources(ctx), AUGGIE_RULES, decideWorkspaceTrust(ctx, { trustWorkspace: true }));
  return validateGroups(ctx, config, traps, options.ignore);
}
