// `validate` as data: read every layer into a model, run each rule over it, grade and order the
// findings. Renderers in src/render/validate.ts turn the result into text, JSON, GitHub or SARIF.
import type { Context } from '../../../pipeline/context.js';
import type { CheckedFile, Diagnostic, Location, ValidateResult } from '../../../pipeline/types.js';
import { FINDING_CODES, isFindingCode } from './codes.js';
import { collectGemini, type ValidationModel } from './model.js';
import { backgroundRules } from './rules/background.js';
import { commandRules } from './rules/commands.js';
import { sequentialRule, timeoutRules, unknownKeyRule } from './rules/fields.js';
import { loaderFindings } from './rules/loader.js';
import { matcherRules } from './rules/matchers.js';
import { disabledRules, duplicateRule } from './rules/names.js';
import { agentLoopRules } from './rules/agent-loop.js';
import { guardOutputRule } from './rules/guard-output.js';
import { secretCommandRule, stateRules, trustedHooksRule } from './rules/trust.js';
import type { Report, Rule } from './rules/types.js';
import { resolveGeminiProfile } from '../version.js';

const RULES: readonly Rule[] = [
  loaderFindings,
  stateRules,
  matcherRules,
  timeoutRules,
  sequentialRule,
  unknownKeyRule,
  duplicateRule,
  disabledRules,
  commandRules,
  backgroundRules,
  trustedHooksRule,
  secretCommandRule,
  agentLoopRules,
  guardOutputRule,
];

export interface ValidateOptions {
  /** Finding codes to leave out. */
  ignore?: readonly string[];
  /** `--gemini-version`: the release whose rules apply (default: HOOKRUN_GEMINI_VERSION, else the newest checked). */
  version?: string;
}

export function validateGemini(ctx: Context, options: ValidateOptions = {}): ValidateResult {
  const model = collectGemini(ctx, resolveGeminiProfile(options.version, ctx.env));
  const found: Diagnostic[] = [];
  const report: Report = (code, message, location, fix) => {
    const finding: Diagnostic = { code, severity: severityOf(code), message };
    if (location) finding.location = location;
    if (fix) finding.fix = fix;
    found.push(finding);
  };
  for (const rule of RULES) rule(model, report);

  const ignored = new Set(options.ignore ?? []);
  const files = checkedFiles(model);
  const findings = order(dropRedundant(found), files).filter((finding) => !ignored.has(finding.code));
  const count = (severity: Diagnostic['severity']) => findings.filter((finding) => finding.severity === severity).length;
  return {
    cwd: ctx.cwd,
    files,
    findings,
    summary: { errors: count('error'), warnings: count('warning'), infos: count('info') },
    incomplete: found.some((finding) => finding.code === 'settings-unreadable'),
  };
}

function severityOf(code: string): Diagnostic['severity'] {
  return isFindingCode(code) ? FINDING_CODES[code].severity : 'warning';
}

const place = (location: Location | undefined) => (location ? `${location.file}:${location.line}:${location.column}` : '');

/** Exact repeats go, and a generic schema finding goes where a specific one points at the same spot. */
function dropRedundant(findings: Diagnostic[]): Diagnostic[] {
  const specific = new Set(findings.filter((f) => f.code !== 'schema-invalid' && f.location).map((f) => place(f.location)));
  const seen = new Set<string>();
  return findings.filter((finding) => {
    if (finding.code === 'schema-invalid' && specific.has(place(finding.location))) return false;
    const key = `${finding.code}\u0000${place(finding.location)}\u0000${finding.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Files in merge order, then position in the file; findings about no file come last. */
function order(findings: Diagnostic[], files: CheckedFile[]): Diagnostic[] {
  const rank = (finding: Diagnostic) => {
    const index = finding.location ? files.findIndex((file) => file.path === finding.location!.file) : -1;
    return index === -1 ? (finding.location ? files.length : files.length + 1) : index;
  };
  return findings
    .map((finding, index) => ({ finding, index }))
    .sort(
      (a, b) =>
        rank(a.finding) - rank(b.finding) ||
        (a.finding.location?.file ?? '').localeCompare(b.finding.location?.file ?? '') ||
        (a.finding.location?.line ?? 0) - (b.finding.location?.line ?? 0) ||
        (a.finding.location?.column ?? 0) - (b.finding.location?.column ?? 0) ||
        a.index - b.index,
    )
    .map(({ finding }) => finding);
}

function checkedFiles(model: ValidationModel): CheckedFile[] {
  const files: CheckedFile[] = model.layers.map((layer) => {
    const file: CheckedFile = { layer: layer.layer, path: layer.path, exists: layer.exists };
    if (layer.skipped) file.note = `not read by Gemini CLI: ${layer.skipped}`;
    return file;
  });
  for (const extension of model.extensions) {
    if (extension.slots.length > 0) files.push({ layer: 'extension', path: extension.hooksFile, exists: true });
  }
  return files;
}
