// `validate --dialect codex`: every hooks source Codex would read, whatever the folder trust, checked as
// Codex's discovery checks it. What Codex drops with only a log line (a source that does not
// deserialize, a group with an invalid matcher, an event it does not have, such as another agent's) is
// an error at file:line:column with a fix; a config.toml that is not TOML is an error too (Codex does
// not start). Timeouts that look like milliseconds, skipped handlers and hooks `codex exec` skips for want
// of a /hooks review are warnings. Nothing runs.
import type { Context } from '../../pipeline/context.js';
import { isPlainObject } from '../../files/jsonc.js';
import type { CheckedFile, Diagnostic, JsonObject, ValidateResult } from '../../pipeline/types.js';
import { codexFolders, readCodexFolder, reviewRecords, type CodexSource } from './settings.js';

/** Each finding code and its severity (for `--ignore`). */
const SEVERITY: Readonly<Record<string, Diagnostic['severity']>> = {
  'codex-config-toml-invalid': 'error',
  'codex-source-dropped': 'error',
  'codex-unknown-event': 'error',
  'codex-invalid-matcher': 'error',
  'codex-timeout-looks-like-ms': 'warning',
  'codex-timeout-raised': 'warning',
  'codex-handler-skipped': 'warning',
  'codex-empty-command': 'warning',
  'codex-both-forms': 'warning',
  'codex-hook-unreviewed': 'warning',
  'codex-matcher-ignored': 'info',
};

export const CODEX_FINDING_CODES: readonly string[] = Object.keys(SEVERITY);

const SHAPE = 'write {"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh", "timeout": 30}]}]}}';

export async function validateCodex(ctx: Context, options: { ignore?: readonly string[] } = {}): Promise<ValidateResult> {
  const files: CheckedFile[] = [];
  const found: Diagnostic[] = [];
  let incomplete = false;
  const loaded: CodexSource[] = [];
  for (const folder of codexFolders(ctx)) {
    for (const source of await readCodexFolder(folder, { fatalToml: false })) {
      loaded.push(source);
      files.push({ layer: source.layer, path: source.file, exists: source.exists });
      if (source.dropped) {
        incomplete ||= /cannot read|not a regular file/.test(source.dropped.message);
        found.push(
          source.unparseable
            ? {
                code: 'codex-config-toml-invalid',
                severity: 'error',
                message: source.dropped.message.replace(/; Codex loads no hook.*$/, ''),
                location: source.dropped.location,
                fix: 'fix the TOML syntax at this position',
              }
            : { code: 'codex-source-dropped', severity: 'error', message: source.dropped.message, location: source.dropped.location, fix: SHAPE },
        );
        continue;
      }
      found.push(...source.diagnostics.map((d) => ({ ...d, severity: SEVERITY[d.code] ?? d.severity })));
    }
  }
  found.push(...unreviewedHooks(loaded));
  const ignored = new Set(options.ignore ?? []);
  const findings = found.filter((f) => !ignored.has(f.code));
  const count = (severity: Diagnostic['severity']) => findings.filter((f) => f.severity === severity).length;
  return { cwd: ctx.cwd, files, findings, summary: { errors: count('error'), warnings: count('warning'), infos: count('info') }, incomplete };
}

/**
 * Each hook `codex exec` would skip without a word: no `trusted_hash` from Codex's /hooks review in the
 * user's (or the system's) config.toml, and not switched off there. A recorded hash is taken as current:
 * hookrun cannot recompute it.
 */
function unreviewedHooks(sources: readonly CodexSource[]): Diagnostic[] {
  const records = sources.filter((s) => s.layer !== 'project' && !s.dropped);
  const { hashed } = reviewRecords(records);
  const off = (key: string) => records.some((s) => isPlainObject(s.state?.[key]) && (s.state[key] as JsonObject).enabled === false);
  return sources
    .filter((s) => !s.dropped)
    .flatMap((s) => s.entries)
    .filter((entry) => !hashed.has(String(entry.config.stateKey)) && !off(String(entry.config.stateKey)))
    .map((entry) => ({
      code: 'codex-hook-unreviewed',
      severity: 'warning',
      message: `this ${entry.event} hook was never reviewed in Codex's /hooks (no trusted_hash under [hooks.state."${String(entry.config.stateKey)}"]): codex exec skips it without a word`,
      ...(entry.location ? { location: entry.location } : {}),
      fix: "trust it in Codex's /hooks review (or run codex with --dangerously-bypass-hook-trust, as hookrun run does)",
    }));
}
