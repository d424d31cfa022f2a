// `hookrun validate`: a static check of every Gemini settings layer and extension (or, with --dialect claude,
// Claude Code's settings and plugins); never runs a hook
// and never writes a file. Exit 0 clean, 1 errors (or warnings with --strict), 2 input unreadable.
import fs from 'node:fs';
import type { Context } from '../context.js';
import { HookrunError } from '../errors.js';
import type { IO } from '../io.js';
import { renderValidate, type ValidateFormat } from '../render/validate.js';
import { FINDING_CODES, isFindingCode, type CodeInfo } from '../dialects/gemini/validate/codes.js';
import { validateExitCode, validateGemini } from '../dialects/gemini/validate/validate.js';

export interface ValidateCommandOptions {
  format: ValidateFormat;
  strict?: boolean;
  ignore?: readonly string[];
  /** Where paths are shown relative to (the shell's directory; GITHUB_WORKSPACE for github). */
  relativeTo: string;
  version: string;
  /** Whose files to check: Gemini CLI's (default), Claude Code's, Antigravity CLI's, or Kiro CLI 3's hook files. */
  dialect?: 'gemini' | 'claude' | 'antigravity' | 'kiro' | 'codex' | 'cursor' | 'copilot';
  claudeVersion?: string;
}

/** Exit code when validate cannot read its input. */
export const EXIT_UNREADABLE = 2;

export async function validateCommand(options: ValidateCommandOptions, ctx: Context, io: IO): Promise<number> {
  checkWorkspace(ctx.cwd);
  if (options.dialect === 'antigravity' || options.dialect === 'kiro' || options.dialect === 'codex' || options.dialect === 'cursor' || options.dialect === 'copilot') return validateOther(options.dialect, options, ctx, io);
  const claude = options.dialect === 'claude' ? await import('../dialects/claude/validate.js') : undefined;
  const codes: Readonly<Record<string, CodeInfo>> = claude ? claude.CLAUDE_FINDING_CODES : FINDING_CODES;
  const unknown = (options.ignore ?? []).filter((code) => (claude ? !claude.isClaudeFindingCode(code) : !isFindingCode(code)));
  if (unknown.length > 0) {
    throw new HookrunError(
      'usage',
      `unknown finding code(s) for --ignore: ${unknown.join(', ')} (known: ${Object.keys(codes).join(', ')})`,
      undefined,
      EXIT_UNREADABLE,
    );
  }
  if (claude && options.claudeVersion !== undefined) {
    // A bad version is a usage error, exit 2 here as every validate usage error.
    const { parseClaudeVersion } = await import('../dialects/claude/version.js');
    try {
      parseClaudeVersion(options.claudeVersion);
    } catch (error) {
      throw new HookrunError('usage', (error as Error).message, undefined, EXIT_UNREADABLE);
    }
  }
  const result = claude
    ? await claude.validateClaude(ctx, { ignore: options.ignore, ...(options.claudeVersion !== undefined ? { version: options.claudeVersion } : {}) })
    : validateGemini(ctx, { ignore: options.ignore });
  io.stdout(renderValidate(result, options.format, { relativeTo: options.relativeTo, color: io.colorStdout, version: options.version, codes }));
  return validateExitCode(result, options.strict === true);
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

async function validateOther(dialect: 'antigravity' | 'kiro' | 'codex' | 'cursor' | 'copilot', options: ValidateCommandOptions, ctx: Context, io: IO): Promise<number> {
  const { codes, validate } =
    dialect === 'antigravity'
      ? await import('../dialects/antigravity/validate.js').then((m) => ({ codes: m.AGY_FINDING_CODES, validate: m.validateAgy }))
      : dialect === 'codex'
        ? await import('../dialects/codex/validate.js').then((m) => ({ codes: m.CODEX_FINDING_CODES, validate: m.validateCodex }))
      : dialect === 'cursor'
        ? await import('../dialects/cursor/validate.js').then((m) => ({ codes: m.CURSOR_FINDING_CODES, validate: m.validateCursor }))
      : dialect === 'copilot'
        ? await import('../dialects/copilot/validate.js').then((m) => ({ codes: m.COPILOT_FINDING_CODES, validate: m.validateCopilot }))
        : await import('../dialects/kiro/kiro3-validate.js').then((m) => ({ codes: m.KIRO3_FINDING_CODES, validate: m.validateKiro3 }));
  const unknown = (options.ignore ?? []).filter((code) => !codes.includes(code));
  if (unknown.length > 0) {
    throw new HookrunError('usage', `unknown finding code(s) for --ignore: ${unknown.join(', ')} (known: ${codes.join(', ')})`, undefined, EXIT_UNREADABLE);
  }
  const result = await validate(ctx, { ignore: options.ignore });
  io.stdout(renderValidate(result, options.format, { relativeTo: options.relativeTo, color: io.colorStdout, version: options.version }));
  return validateExitCode(result, options.strict === true);
}
