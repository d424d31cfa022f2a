// `validate` for a dialect other than Gemini's: what its loader reports, for each configuration a
// static check covers (Dialect.configTargets; Kiro: every agent file). A file the agent cannot load
// is an error finding at its position, not an abort, so one run reports every file.
import type { Context } from '../context.js';
import type { Dialect } from '../dialects/dialect.js';
import { HookrunError } from '../errors.js';
import type { Diagnostic } from '../types.js';
import { FINDING_CODES, isFindingCode } from './codes.js';
import { checkTarget } from './rules/commands.js';
import type { CheckedFile } from './validate.js';

/** Loader notes that say what a run would pick, not what is wrong with the configuration. */
const NOT_FINDINGS: ReadonlySet<string> = new Set(['kiro-agent-selected']);

export async function validateWithLoader(dialect: Dialect, ctx: Context): Promise<{ files: CheckedFile[]; findings: Diagnostic[] }> {
  const files = new Map<string, CheckedFile>();
  const findings: Diagnostic[] = [];
  for (const target of dialect.configTargets?.(ctx) ?? [{}]) {
    try {
      const config = await dialect.loadConfig(ctx, { ...target, keepInactive: true });
      for (const file of config.files) {
        if (!files.has(file.path)) files.set(file.path, { layer: file.layer, path: file.path, exists: file.exists });
      }
      for (const entry of config.entries) {
        const command = entry.config.command;
        if (typeof command !== 'string' || ctx.platform === 'win32') continue;
        const location = entry.location ? { ...entry.location, path: [...entry.location.path, 'command'] } : undefined;
        checkTarget(command, ctx, location, (code, message, at, fix) =>
          findings.push({ code, severity: isFindingCode(code) ? FINDING_CODES[code].severity : 'warning', message, ...(at ? { location: at } : {}), ...(fix ? { fix } : {}) }),
        );
      }
      for (const diagnostic of config.diagnostics) {
        if (NOT_FINDINGS.has(diagnostic.code)) continue;
        findings.push({ ...diagnostic, severity: isFindingCode(diagnostic.code) ? FINDING_CODES[diagnostic.code].severity : diagnostic.severity });
      }
    } catch (error) {
      if (!(error instanceof HookrunError) || error.kind === 'internal') throw error;
      const location = error.location;
      const same = location && findings.find((f) => f.location && f.location.file === location.file && f.location.line === location.line && f.location.column === location.column);
      // The loader already named it (Kiro: "cannot be loaded, goes on without it"): one finding, graded as the lost hooks deserve.
      if (same) {
        same.severity = 'error';
        continue;
      }
      if (location && !files.has(location.file)) files.set(location.file, { layer: 'unloadable', path: location.file, exists: true });
      findings.push({
        code: 'config-unloadable',
        severity: 'error',
        message: error.message,
        ...(location ? { location } : {}),
        fix: `Fix the file at that position: ${dialect.name === 'gemini' ? 'Gemini CLI' : dialect.name === 'claude' ? 'Claude Code' : 'Kiro CLI'} does not load it, so none of its hooks run.`,
      });
    }
  }
  return { files: [...files.values()], findings };
}
