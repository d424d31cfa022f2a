// `hookrun validate`: a static check of every Gemini settings layer and extension; never runs a hook
// and never writes a file. Exit 0 clean, 1 errors (or warnings with --strict), 2 input unreadable.
import fs from 'node:fs';
import type { Context } from '../context.js';
import { HookrunError } from '../errors.js';
import type { IO } from '../io.js';
import { renderValidate, type ValidateFormat } from '../render/validate.js';
import { FINDING_CODES, isFindingCode } from '../dialects/gemini/validate/codes.js';
import { validateExitCode, validateGemini } from '../dialects/gemini/validate/validate.js';

export interface ValidateCommandOptions {
  format: ValidateFormat;
  strict?: boolean;
  ignore?: readonly string[];
  /** Where paths are shown relative to (the shell's directory; GITHUB_WORKSPACE for github). */
  relativeTo: string;
  version: string;
}

/** Exit code when validate cannot read its input. */
export const EXIT_UNREADABLE = 2;

export async function validateCommand(options: ValidateCommandOptions, ctx: Context, io: IO): Promise<number> {
  checkWorkspace(ctx.cwd);
  const unknown = (options.ignore ?? []).filter((code) => !isFindingCode(code));
  if (unknown.length > 0) {
    throw new HookrunError(
      'usage',
      `unknown finding code(s) for --ignore: ${unknown.join(', ')} (known: ${Object.keys(FINDING_CODES).join(', ')})`,
      undefined,
      EXIT_UNREADABLE,
    );
  }
  const result = validateGemini(ctx, { ignore: options.ignore });
  io.stdout(renderValidate(result, options.format, { relativeTo: options.relativeTo, color: io.colorStdout, version: options.version }));
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
