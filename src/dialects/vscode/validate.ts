// `hookrun validate --dialect vscode`: every hook file VS Code would load, whatever the folder trust, checked
// as its loader reads it: a file it cannot use, an entry it skips, and the traps it passes over in silence
// (an entry with per-OS commands but none for this OS and no "command", a matcher it ignores, a timeout
// written in milliseconds, a Copilot CLI or Gemini CLI event name it does not have).
import type { Context } from '../../pipeline/context.js';
import type { CheckedFile, Diagnostic, ValidateResult } from '../../pipeline/types.js';
import { readVscodeFiles } from './settings.js';

export const VSCODE_FINDING_CODES: readonly string[] = [
  'vscode-file-dropped',
  'vscode-invalid-hook',
  'vscode-invalid-setting',
  'vscode-invalid-timeout',
  'vscode-unknown-event',
  'vscode-no-command-for-os',
  'vscode-matcher-ignored',
  'vscode-timeout-ms',
];

const ERRORS = new Set(['vscode-invalid-hook', 'vscode-no-command-for-os']);

export function validateVscode(ctx: Context, options: { ignore?: readonly string[] } = {}): ValidateResult {
  const found: Diagnostic[] = [];
  const files: CheckedFile[] = [];
  for (const file of readVscodeFiles(ctx, found)) {
    files.push({ layer: file.location.project ? 'workspace' : 'user', path: file.path, exists: file.exists });
    if (!file.exists) continue;
    found.push(...file.diagnostics.map((d) => (ERRORS.has(d.code) ? { ...d, severity: 'error' as const } : d)));
    if (file.error) {
      found.push({
        code: 'vscode-file-dropped',
        severity: 'error',
        message: `${file.error.message}; VS Code loads no hook from ${file.path}`,
        ...(file.error.location ? { location: file.error.location } : {}),
      });
    }
  }
  const ignored = new Set(options.ignore ?? []);
  const findings = found.filter((f) => !ignored.has(f.code));
  const count = (severity: Diagnostic['severity']) => findings.filter((f) => f.severity === severity).length;
  return { cwd: ctx.cwd, files, findings, summary: { errors: count('error'), warnings: count('warning'), infos: count('info') }, incomplete: false };
}
