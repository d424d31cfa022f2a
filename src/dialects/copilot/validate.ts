// `hookrun validate --dialect copilot`: every source Copilot would read, whatever the folder trust, checked
// as Copilot's loader checks it. What Copilot drops (a whole file, an entry, a settings file's whole
// `hooks`) is an error at file:line:column; the traps it passes over without a word (another agent's event
// name, a timeout written in milliseconds, a matcher on an event that has none, an unknown key) are
// warnings, each with a fix. Nothing runs, nothing is written.
import type { Context } from '../../pipeline/context.js';
import type { CheckedFile, Diagnostic, ValidateResult } from '../../pipeline/types.js';
import { formatJsonPath } from '../../pipeline/errors.js';
import { foreignEvent } from '../../migrate/cross-agent.js';
import { matchCopilot } from './plan.js';
import { copilotSources, disableIgnoredMessage, droppedMessage, readCopilotFile, shownPath } from './settings.js';

/** The finding codes this validator reports (for `--ignore`). */
export const COPILOT_FINDING_CODES: readonly string[] = [
  'copilot-file-dropped',
  'copilot-item-dropped',
  'copilot-unknown-event',
  'copilot-unknown-key',
  'copilot-matcher-ignored',
  'copilot-timeout-ms',
  'copilot-missing-version',
  'copilot-invalid-matcher',
  'copilot-hook-not-run',
  'copilot-hooks-disabled',
  'copilot-disable-ignored',
  'copilot-hook-errors',
];

const DROPS = new Set(['copilot-item-dropped']);

export function validateCopilot(ctx: Context, options: { ignore?: readonly string[] } = {}): ValidateResult {
  const files: CheckedFile[] = [];
  const found: Diagnostic[] = [];
  let incomplete = false;
  for (const source of copilotSources(ctx)) {
    const loaded = readCopilotFile(source, ctx, foreignEvent);
    files.push({ layer: source.scope, path: source.path, exists: loaded.exists });
    if (!loaded.exists) continue;
    found.push(...loaded.diagnostics.map((d) => (DROPS.has(d.code) ? { ...d, severity: 'error' as const } : d)));
    if (loaded.error) {
      incomplete ||= loaded.unreadable === true;
      found.push({
        code: 'copilot-file-dropped',
        severity: 'error',
        message: droppedMessage(source, loaded.error, ctx),
        location: loaded.error.location ?? { file: source.path, line: 0, column: 0, path: [] },
        fix: 'write strict JSON: {"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": "./guard.sh", "timeoutSec": 30}]}}',
      });
      continue;
    }
    if (loaded.disableAllHooks && source.scope === 'user-settings') {
      found.push({ code: 'copilot-disable-ignored', severity: 'warning', message: disableIgnoredMessage(source, ctx), location: loaded.disableAllHooks });
    } else if (loaded.disableAllHooks) {
      found.push({
        code: 'copilot-hooks-disabled',
        severity: 'info',
        message:
          source.kind !== 'settings'
            ? `${shownPath(source.path, ctx)} sets "disableAllHooks": true: Copilot skips this file`
            : `${shownPath(source.path, ctx)} sets "disableAllHooks": true: Copilot runs no hook but the policy files'`,
        location: loaded.disableAllHooks,
      });
    }
    for (const entry of loaded.entries) {
      const where = entry.location ? { location: entry.location } : {};
      const name = entry.location ? formatJsonPath(entry.location.path) : entry.displayName;
      if (typeof entry.matcher === 'string') {
        const verdict = matchCopilot(entry, {});
        if (verdict.invalid !== undefined) {
          found.push({
            code: 'copilot-invalid-matcher',
            severity: 'error',
            message: `${name}: ${verdict.rule}`,
            ...where,
            fix:
              entry.matcher === '*' || entry.matcher === '**'
                ? 'a camelCase event takes a regular expression: write ".*" or leave the matcher out'
                : 'write a regular expression that matches the whole name, e.g. "bash|edit"',
          });
        }
      }
      const unrunnable = entry.config.unrunnable;
      if (typeof unrunnable === 'string') found.push({ code: 'copilot-hook-not-run', severity: 'warning', message: `${name}: ${unrunnable}`, ...where });
      const errored = entry.config.errored;
      if (typeof errored === 'string') {
        found.push({
          code: 'copilot-hook-errors',
          severity: 'error',
          message: `${name}: ${errored}: Copilot counts the hook as errored every time${entry.event === 'preToolUse' ? ', which denies every tool call it matches' : ''}`,
          ...where,
          fix: ctx.platform === 'win32' ? 'add "powershell" (or "command", for every platform)' : 'add "bash" (or "command", for every platform) beside "powershell"',
        });
      }
    }
  }
  const ignored = new Set(options.ignore ?? []);
  const findings = found.filter((f) => !ignored.has(f.code));
  const count = (severity: Diagnostic['severity']) => findings.filter((f) => f.severity === severity).length;
  return { cwd: ctx.cwd, files, findings, summary: { errors: count('error'), warnings: count('warning'), infos: count('info') }, incomplete };
}
