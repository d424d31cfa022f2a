// Colour for the text renderers. chalk is loaded only when some output will be coloured (a terminal,
// or FORCE_COLOR; see wantsColor in src/cli/io.ts): building its style tables costs a run ~5 ms, which
// every run writing to pipes (an agent's, a CI job's) would pay for nothing.
import type { ChalkInstance } from 'chalk';

let chalk: typeof import('chalk') | undefined;

/** Loads chalk; needed before makeChalk(true). The CLI calls it once when stdout or stderr wants colour. */
export async function enableColor(): Promise<void> {
  chalk ??= await import('chalk');
}

/** A ChalkInstance for this stream: chalk at level 1 when coloured, else plain text with the same calls. */
export function makeChalk(color: boolean): ChalkInstance {
  if (!color) return PLAIN;
  if (!chalk) throw new Error('makeChalk(true) before enableColor()');
  return new chalk.Chalk({ level: 1 });
}

/** What chalk at level 0 does: any chain of styles (`c.bold.red`) is a function that joins its arguments as text. */
const plainText = (...parts: unknown[]): string => (parts.length === 1 ? `${parts[0]}` : parts.join(' '));
const PLAIN: ChalkInstance = new Proxy(plainText, {
  get: (target, key) => (key === 'level' ? 0 : key in target ? Reflect.get(target, key) : PLAIN),
}) as unknown as ChalkInstance;
