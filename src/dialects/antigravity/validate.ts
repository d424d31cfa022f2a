// `hookrun validate --dialect antigravity`: every hooks.json agy would read, whatever the folder trust,
// checked as agy's loader checks it. agy drops a rejected file without a word, so each rejection is an
// error here, at file:line:column; what agy ignores silently (unknown keys and events, a matcher on a
// flat event, a handler outside a group) is a warning. Nothing runs, nothing is written.
import type { Context } from '../../pipeline/context.js';
import type { CheckedFile, Diagnostic, ValidateResult } from '../../pipeline/types.js';
import { CROSS_AGENT_CODES, entryTraps, eventKeyTraps } from '../../migrate/cross-agent.js';
import { matchAgyTool } from './plan.js';
import { agyCannotRun } from './run.js';
import { agyHookFiles, droppedFileMessage, readAgyFile, unreadGlobalFileDiagnostics } from './settings.js';

/** The finding codes this validator reports (for `--ignore`). */
export const AGY_FINDING_CODES: readonly string[] = [
  'agy-file-dropped',
  'agy-unknown-key',
  'agy-event-case',
  'agy-duplicate-key',
  'agy-handler-not-in-group',
  'agy-matcher-ignored',
  'agy-timeout-default',
  'agy-invalid-matcher',
  'agy-handler-skipped',
  'agy-global-file-not-read',
  ...CROSS_AGENT_CODES,
];

export function validateAgy(ctx: Context, options: { ignore?: readonly string[] } = {}): ValidateResult {
  const files: CheckedFile[] = [];
  const found: Diagnostic[] = [];
  let incomplete = false;
  for (const file of agyHookFiles(ctx)) {
    const loaded = readAgyFile(file);
    files.push({ layer: file.scope, path: file.path, exists: loaded.exists });
    if (!loaded.exists) continue;
    if (loaded.error) {
      incomplete ||= loaded.unreadable === true;
      found.push({
        code: 'agy-file-dropped',
        severity: 'error',
        message: droppedFileMessage(loaded.error),
        location: loaded.error.location ?? { file: file.path, line: 0, column: 0, path: [] },
        fix: 'write strict JSON of named hooks, e.g. {"my-guard": {"PreToolUse": [{"matcher": "run_command", "hooks": [{"type": "command", "command": "./guard.sh", "timeout": 10}]}]}}',
      });
      continue;
    }
    found.push(...loaded.diagnostics);
    // Hooks written for another agent: Gemini's event names, millisecond timeouts, tool names (src/migrate/cross-agent.ts).
    found.push(...entryTraps('antigravity', loaded.entries));
    for (const d of loaded.diagnostics) {
      if (d.code === 'agy-unknown-key' && d.location && d.location.path.length === 2) found.push(...eventKeyTraps('antigravity', String(d.location.path[1]), d.location));
    }
    for (const entry of loaded.entries) {
      const where = entry.location ? { location: entry.location } : {};
      if (typeof entry.matcher === 'string') {
        const verdict = matchAgyTool(entry.matcher, 'x');
        if (verdict.invalid !== undefined) {
          found.push({
            code: 'agy-invalid-matcher',
            severity: 'error',
            message: `${entry.displayName}: ${verdict.rule}`,
            ...where,
            fix: 'write an RE2 regular expression that matches whole tool names, e.g. "run_command|view_file"',
          });
        }
      }
      const unrunnable = agyCannotRun(entry);
      if (unrunnable !== undefined) found.push({ code: 'agy-handler-skipped', severity: 'warning', message: `${entry.displayName}: ${unrunnable}`, ...where });
    }
  }
  found.push(...unreadGlobalFileDiagnostics(ctx));
  const ignored = new Set(options.ignore ?? []);
  const findings = found.filter((f) => !ignored.has(f.code));
  const count = (severity: Diagnostic['severity']) => findings.filter((f) => f.severity === severity).length;
  return { cwd: ctx.cwd, files, findings, summary: { errors: count('error'), warnings: count('warning'), infos: count('info') }, incomplete };
}
