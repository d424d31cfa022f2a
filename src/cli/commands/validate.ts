// `hookrun validate`: a static check of each agent's hook files, by that agent's rules (each dialect's
// `validator`); never runs a hook and never writes a file. Without --dialect it checks every agent whose
// configuration is here (each dialect's `configuredAt`), and says so plainly when there is none.
// Exit 0 clean, 1 errors (or warnings with --strict), 2 input unreadable or bad arguments.
import fs from 'node:fs';
import path from 'node:path';
import type { Context } from '../../pipeline/context.js';
import type { Dialect, DialectValidator } from '../../dialects/dialect.js';
import { DIALECT_NAMES, getDialect, namedDialect, resolveDialect } from '../../dialects/index.js';
import { HookrunError } from '../../pipeline/errors.js';
import type { IO } from '../io.js';
import type { CodeInfo, Diagnostic, ValidateResult } from '../../pipeline/types.js';
import { renderValidate, type ValidateFormat } from '../../render/validate.js';

export interface ValidateCommandOptions {
  format: ValidateFormat;
  strict?: boolean;
  ignore?: readonly string[];
  /** Where paths are shown relative to (the shell's directory; GITHUB_WORKSPACE for github). */
  relativeTo: string;
  version: string;
  /** Whose files to check: a dialect, `auto` (the one detected), or none: every agent configured here. */
  dialect?: string;
  /** The agent version whose rules apply (Claude: `--claude-version`). */
  claudeVersion?: string;
  /** The Gemini CLI release whose rules apply (`--gemini-version`). */
  geminiVersion?: string;
  /** `--trust-workspace`: the workspace is trusted for this check (CI: a fresh checkout is trusted by no record). */
  trustWorkspace?: boolean;
}

/** Exit code when validate cannot read its input. */
const EXIT_UNREADABLE = 2;

/** Findings about the check itself rather than a file: warnings, so `--strict` fails a check of nothing. */
const VALIDATE_CODES = {
  'nothing-checked': { severity: 'warning', title: 'No hook file was found to check: the check passed on nothing' },
  'no-static-check': { severity: 'warning', title: 'An agent is configured here, but hookrun has no static check for its files' },
} as const satisfies Record<string, CodeInfo>;

interface Target {
  dialect: Dialect;
  /** The file or folder that shows it is configured here (when found by detection). */
  at?: string;
}

export async function validateCommand(options: ValidateCommandOptions, given: Context, io: IO): Promise<number> {
  checkWorkspace(given.cwd);
  // --trust-workspace: check the files as the agent reads them in a trusted folder, every dialect's one-run trust.
  const ctx = options.trustWorkspace ? { ...given, env: { ...given.env, HOOKRUN_TRUST_WORKSPACE: 'true' } } : given;
  const dialectName = usageExit(() => namedDialect(options.dialect, ctx));
  const named = dialectName !== undefined;
  const targets = await chosenDialects(dialectName, ctx);
  const checks = await Promise.all(targets.map(async (target) => ({ ...target, validator: await target.dialect.validator?.() })));

  const known = new Set<string>([...Object.keys(VALIDATE_CODES), ...checks.flatMap((check) => check.validator?.codes ?? [])]);
  const unknown = (options.ignore ?? []).filter((code) => !known.has(code));
  if (unknown.length > 0) {
    throw new HookrunError('usage', `unknown finding code(s) for --ignore: ${unknown.join(', ')} (known: ${[...known].join(', ')})`, undefined, EXIT_UNREADABLE);
  }

  const results: ValidateResult[] = [];
  const own: Diagnostic[] = [];
  for (const { dialect, at, validator } of checks) {
    if (validator) results.push(await runValidator(validator, ctx, options));
    else own.push(noStaticCheck(dialect, at));
  }
  const result = merge(ctx.cwd, results);
  if (checkedCount(result) === 0 && own.length === 0) own.push(nothingChecked(result, named ? targets : [], ctx));
  const ignored = new Set(options.ignore ?? []);
  addFindings(
    result,
    own.filter((finding) => !ignored.has(finding.code)),
  );

  const rules: Record<string, CodeInfo> = { ...VALIDATE_CODES };
  for (const check of checks) Object.assign(rules, check.validator?.rules ?? {});
  const report = named ? result : { ...result, dialects: targets.map((target) => target.dialect.name) };
  io.stdout(
    renderValidate(report, options.format, {
      relativeTo: options.relativeTo,
      color: io.colorStdout,
      version: options.version,
      codes: rules,
      ...(named ? {} : { dialects: targets.map((target) => target.dialect.name) }),
    }),
  );
  return validateExitCode(result, options.strict === true);
}

/** A usage error here exits 2, as bad arguments do: exit 1 means errors were found. */
function usageExit<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof HookrunError && error.exitCode === undefined) throw new HookrunError(error.kind, error.message, error.location, EXIT_UNREADABLE);
    throw error;
  }
}

/** 2 when the check is incomplete, 1 for errors (or warnings with --strict), else 0: the same for every dialect. */
function validateExitCode(result: ValidateResult, strict: boolean): number {
  if (result.incomplete) return EXIT_UNREADABLE;
  if (result.summary.errors > 0 || (strict && result.summary.warnings > 0)) return 1;
  return 0;
}

/** The named dialect (`auto`: the detected one), or with none named every dialect configured here, in registry order. */
async function chosenDialects(name: string | undefined, ctx: Context): Promise<Target[]> {
  if (name !== undefined) return [{ dialect: (await resolveDialect(name, ctx)).dialect }];
  const all = await Promise.all(DIALECT_NAMES.map((each) => getDialect(each)));
  return all.flatMap((dialect) => {
    const at = dialect.configuredAt(ctx);
    const where = at.workspace ?? at.user;
    return where === undefined ? [] : [{ dialect, at: where }];
  });
}

async function runValidator(validator: DialectValidator, ctx: Context, options: ValidateCommandOptions): Promise<ValidateResult> {
  try {
    return await validator.validate(ctx, {
      ignore: options.ignore,
      ...(options.claudeVersion !== undefined ? { claudeVersion: options.claudeVersion } : {}),
      ...(options.geminiVersion !== undefined ? { geminiVersion: options.geminiVersion } : {}),
    });
  } catch (error) {
    // A bad option (e.g. --claude-version, --gemini-version) is a usage error: exit 2 here, as every validate usage error.
    if (error instanceof HookrunError && error.kind === 'usage') throw new HookrunError('usage', error.message, error.location, EXIT_UNREADABLE);
    throw error;
  }
}

const agentOf = (dialect: Dialect) => dialect.agentName ?? dialect.name;

function noStaticCheck(dialect: Dialect, at: string | undefined): Diagnostic {
  const finding: Diagnostic = {
    code: 'no-static-check',
    severity: 'warning',
    message: `${agentOf(dialect)} is configured here${at ? ` (${at})` : ''}, but hookrun has no static check for its hook files yet: none of them was checked`,
  };
  if (at) finding.location = { file: at, line: 0, column: 0, path: [] };
  return finding;
}

function nothingChecked(result: ValidateResult, named: readonly Target[], ctx: Context): Diagnostic {
  if (named.length > 0) {
    const looked = result.files.map((file) => file.path);
    const shown = looked
      .slice(0, 3)
      .map((file) => shownPath(file, ctx.cwd))
      .join(', ');
    const more = looked.length > 3 ? `, and ${looked.length - 3} more` : '';
    return {
      code: 'nothing-checked',
      severity: 'warning',
      message: `no ${agentOf(named[0]!.dialect)} hook file exists here${looked.length > 0 ? ` (looked for ${shown}${more})` : ''}: nothing was checked`,
    };
  }
  return {
    code: 'nothing-checked',
    severity: 'warning',
    message: `no agent's hook configuration was found in ${ctx.cwd} or the home directory (looked for ${DIALECT_NAMES.join(', ')}): nothing was checked`,
    fix: 'give --dialect NAME to check where one agent reads its files',
  };
}

/** One result from each dialect's, in the order checked. */
function merge(cwd: string, results: readonly ValidateResult[]): ValidateResult {
  if (results.length === 1) return results[0]!;
  return {
    cwd,
    files: results.flatMap((result) => result.files),
    findings: results.flatMap((result) => result.findings),
    summary: {
      errors: results.reduce((n, result) => n + result.summary.errors, 0),
      warnings: results.reduce((n, result) => n + result.summary.warnings, 0),
      infos: results.reduce((n, result) => n + result.summary.infos, 0),
    },
    incomplete: results.some((result) => result.incomplete),
  };
}

function addFindings(result: ValidateResult, findings: readonly Diagnostic[]): void {
  for (const finding of findings) {
    result.findings.push(finding);
    if (finding.severity === 'error') result.summary.errors += 1;
    else if (finding.severity === 'warning') result.summary.warnings += 1;
    else result.summary.infos += 1;
  }
}

const checkedCount = (result: ValidateResult) => result.files.filter((file) => file.exists && !file.note).length;

function shownPath(file: string, base: string): string {
  const relative = path.relative(base, file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

function checkWorkspace(dir: string): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : `cannot be read (${(error as Error).message})`;
    throw new HookrunError('input', `workspace directory ${dir} ${reason}`, undefined, EXIT_UNREADABLE);
  }
  if (!stat.isDirectory()) throw new HookrunError('input', `workspace ${dir} is not a directory`, undefined, EXIT_UNREADABLE);
  try {
    fs.readdirSync(dir);
  } catch (error) {
    throw new HookrunError('input', `workspace directory ${dir} cannot be read (${(error as Error).message})`, undefined, EXIT_UNREADABLE);
  }
}
