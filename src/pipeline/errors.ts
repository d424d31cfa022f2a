// A few typed errors, mapped to exit codes in one place (the CLI edge). Nothing below the CLI exits.
import type { Location } from './types.js';

export type ErrorKind = 'usage' | 'input' | 'config' | 'internal';

export class HookrunError extends Error {
  override readonly name = 'HookrunError';
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly location?: Location,
    /** Overrides the command's default error exit code (e.g. `validate` uses 2 for unreadable input). */
    readonly exitCode?: number,
  ) {
    super(message);
  }
}

/**
 * The agent's own code throws while handling the event, on what the hooks answered (e.g. Gemini CLI's
 * merge uses `in` on a hookSpecificOutput that is a string); its event handler then returns no output.
 * Reproduced and reported, not a hookrun failure.
 */
export class AgentEventError extends Error {
  override readonly name = 'AgentEventError';
}

export const usageError = (message: string) => new HookrunError('usage', message);
export const inputError = (message: string, location?: Location) => new HookrunError('input', message, location);
export const configError = (message: string, location?: Location) => new HookrunError('config', message, location);

/** The message `hookrun` prints for this error after `hookrun: error: `, its place first when the message does not name it. */
export function errorText(error: HookrunError): string {
  const where = error.location && !error.message.includes(error.location.file) ? `${formatLocation(error.location)}: ` : '';
  return `${where}${error.message}`;
}

/** `file:line:column` (or just the file when the position is unknown). */
export function formatLocation(location: Location): string {
  return location.line > 0 ? `${location.file}:${location.line}:${location.column}` : location.file;
}

/** JSON path as people write it: hooks.BeforeTool[0].hooks[1].command */
export function formatJsonPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(part)) out += out ? `.${part}` : part;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out;
}
