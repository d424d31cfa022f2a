// `hookrun validate --dialect kiro`: Kiro CLI 3's hook files (`.kiro/hooks/*.json`, `~/.kiro/hooks/*.json`),
// whatever the folder trust. Kiro skips a file that does not match its schema and tells no one, so each
// such file is an error at file:line:column; a hook that can never fire (unknown trigger, invalid regex)
// is an error; what Kiro ignores is a warning. Nothing runs, nothing is written.
import type { Context } from '../../pipeline/context.js';
import type { CheckedFile, Diagnostic, ValidateResult } from '../../pipeline/types.js';
import { KIRO3_TRIGGERS } from './kiro3-events.js';
import { matchKiro3 } from './kiro3-plan.js';
import { droppedKiro3FileMessage, KIRO3_NO_TIMEOUT_MS, kiro3HookFiles, readKiro3File } from './kiro3-settings.js';
import { CROSS_AGENT_CODES, entryTraps, eventKeyTraps } from '../../migrate/cross-agent.js';

export const KIRO3_FINDING_CODES: readonly string[] = [
  'kiro3-file-dropped',
  'kiro3-unknown-key',
  'kiro3-unknown-trigger',
  'kiro3-confirm-ignored',
  'kiro3-matcher-ignored',
  'kiro3-agent-on-stop',
  'kiro3-no-timeout',
  'kiro3-trigger-alias',
  'kiro3-invalid-matcher',
  ...CROSS_AGENT_CODES,
];

/** Findings that mean a hook never runs. */
const ERRORS: ReadonlySet<string> = new Set(['kiro3-unknown-trigger', 'kiro3-agent-on-stop']);

export function validateKiro3(ctx: Context, options: { ignore?: readonly string[] } = {}): ValidateResult {
  const files: CheckedFile[] = [];
  const found: Diagnostic[] = [];
  let incomplete = false;
  for (const file of kiro3HookFiles(ctx)) {
    const loaded = readKiro3File(file);
    files.push({ layer: file.scope, path: file.path, exists: true });
    if (loaded.error) {
      incomplete ||= loaded.unreadable === true;
      found.push({
        code: 'kiro3-file-dropped',
        severity: 'error',
        message: droppedKiro3FileMessage(loaded.error),
        location: loaded.error.location ?? { file: file.path, line: 0, column: 0, path: [] },
        fix: 'write {"version": "v1", "hooks": [{"name": "guard", "trigger": "PreToolUse", "matcher": "fs_write", "action": {"type": "command", "command": "./guard.sh"}, "timeout": 10}]}',
      });
      continue;
    }
    found.push(...loaded.diagnostics.map((d) => (ERRORS.has(d.code) ? { ...d, severity: 'error' as const } : d)));
    // Hooks written for another agent: its trigger names, millisecond timeouts, tool names (src/migrate/cross-agent.ts).
    found.push(
      ...entryTraps(
        'kiro',
        loaded.entries.filter((e) => e.config.timeout !== KIRO3_NO_TIMEOUT_MS),
      ),
    );
    for (const d of loaded.diagnostics) {
      const trigger = d.code === 'kiro3-unknown-trigger' ? /trigger "([^"]*)"/.exec(d.message)?.[1] : undefined;
      if (trigger !== undefined) found.push(...eventKeyTraps('kiro', trigger, d.location));
    }
    for (const entry of loaded.entries) {
      const field = KIRO3_TRIGGERS[entry.event]?.matcherField;
      if (field === undefined || typeof entry.matcher !== 'string') continue;
      const verdict = matchKiro3(entry.matcher, '', field);
      if (verdict.invalid !== undefined) {
        found.push({
          code: 'kiro3-invalid-matcher',
          severity: 'error',
          message: `hook "${entry.displayName}": ${verdict.rule}`,
          ...(entry.location ? { location: entry.location } : {}),
          fix: 'write a JavaScript regular expression, e.g. "^fs_write$" (no (?i) flags)',
        });
      }
    }
  }
  const ignored = new Set(options.ignore ?? []);
  const findings = found.filter((f) => !ignored.has(f.code));
  const count = (severity: Diagnostic['severity']) => findings.filter((f) => f.severity === severity).length;
  return { cwd: ctx.cwd, files, findings, summary: { errors: count('error'), warnings: count('warning'), infos: count('info') }, incomplete };
}
