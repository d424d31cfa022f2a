// `hookrun validate --dialect qwen`: every settings file Qwen Code reads, whatever the folder trust, checked as
// its loader checks it (what it skips is an error at file:line:column), plus Qwen's traps, each with a fix:
// a `timeout` of 1000 or more is milliseconds (1800 meant as half an hour is 1.8 s), one under 1000 is
// seconds (Gemini CLI's 500 ms is 500 s here), another agent's event name never fires.
import type { Context } from '../../pipeline/context.js';
import type { Diagnostic, ValidateResult } from '../../pipeline/types.js';
import { formatJsonPath } from '../../pipeline/errors.js';
import { LEGACY_MS_THRESHOLD, loadQwenConfig } from './settings.js';

export const QWEN_FINDING_CODES: readonly string[] = [
  'qwen-unknown-event',
  'qwen-invalid-hooks',
  'qwen-invalid-definition',
  'qwen-invalid-hook',
  'qwen-invalid-timeout',
  'qwen-invalid-setting',
  'qwen-timeout-ms',
  'qwen-timeout-seconds-from-gemini',
  'unsupported-hook-type',
  'hooks-disabled',
];

/** Loader findings that mean Qwen Code skips configured hooks. */
const SKIPS = new Set(['qwen-invalid-hooks', 'qwen-invalid-definition', 'qwen-invalid-hook']);

export async function validateQwen(ctx: Context, options: { ignore?: readonly string[] } = {}): Promise<ValidateResult> {
  const config = await loadQwenConfig(ctx, { trustWorkspace: true, keepInactive: true });
  const found: Diagnostic[] = config.diagnostics.filter((d) => d.code !== 'untrusted-project-hooks').map((d) => (SKIPS.has(d.code) ? { ...d, severity: 'error' as const } : d));
  for (const { entry } of config.considered ?? []) {
    const written = entry.config.writtenTimeout;
    if (typeof written !== 'number') continue;
    const name = entry.location ? formatJsonPath(entry.location.path) : entry.displayName;
    const where = entry.location ? { location: { ...entry.location, path: [...entry.location.path, 'timeout'] } } : {};
    if (written >= LEGACY_MS_THRESHOLD) {
      found.push({
        code: 'qwen-timeout-ms',
        severity: 'warning',
        message: `${name}.timeout is ${written}: Qwen Code reads a value of ${LEGACY_MS_THRESHOLD} or more as milliseconds (${written / 1000} s), not seconds`,
        ...where,
        fix:
          written / 1000 >= LEGACY_MS_THRESHOLD
            ? `leave ${written} (it cannot be written in seconds)`
            : `write ${written / 1000} for ${written / 1000} s; for ${written} s, Qwen Code has no way to say it`,
      });
    } else if (written >= 100) {
      found.push({
        code: 'qwen-timeout-seconds-from-gemini',
        severity: 'info',
        message: `${name}.timeout is ${written}: Qwen Code reads it as ${written} seconds; if it came from Gemini CLI it meant ${written} milliseconds`,
        ...where,
        fix: `write 1 (Qwen's smallest) if you meant ${written} ms`,
      });
    }
  }
  const ignored = new Set(options.ignore ?? []);
  const findings = found.filter((f) => !ignored.has(f.code));
  const count = (severity: Diagnostic['severity']) => findings.filter((f) => f.severity === severity).length;
  return {
    cwd: ctx.cwd,
    files: config.files.map((f) => ({ layer: f.layer, path: f.path, exists: f.exists })),
    findings,
    summary: { errors: count('error'), warnings: count('warning'), infos: count('info') },
    incomplete: false,
  };
}
