// Gemini CLI behaviour that hookrun reproduces and says so (README.md: it "warns about the quirks that are traps"): a matcher on an
// exact-string event that never fires, a timeout Gemini reads as milliseconds that looks like seconds
// or is not positive. Pure; `validate` reports these for the whole configuration, `run` for the hooks
// of the event it runs.
import type { HookEventName } from './events.js';

/** Gemini CLI's default hook timeout, in milliseconds. */
export const GEMINI_DEFAULT_TIMEOUT_MS = 60_000;

export interface Trap {
  code: 'matcher-regex-on-exact-event' | 'matcher-unknown-trigger' | 'timeout-invalid' | 'timeout-in-seconds';
  message: string;
  fix: string;
}

/** Values Gemini CLI sends in the field an exact-string event compares its matcher with (docs/sources.md §G1.2). */
const TRIGGERS: Partial<Record<HookEventName, { field: string; sent: string[]; neverSent?: string[] }>> = {
  SessionStart: { field: 'source', sent: ['startup', 'resume', 'clear'] },
  SessionEnd: { field: 'reason', sent: ['exit', 'clear'], neverSent: ['logout', 'prompt_input_exit', 'other'] },
  PreCompress: { field: 'trigger', sent: ['manual', 'auto'] },
};

const REGEX_SYNTAX = /[|^$()[\]{}.*+?\\]/;

const quoted = (values: string[]) => values.map((value) => `"${value}"`).join(', ');

/** A (trimmed, non-wildcard) matcher on SessionStart, SessionEnd or PreCompress that Gemini CLI never fires. */
export function exactMatcherTrap(event: string, pattern: string): Trap | undefined {
  const triggers = TRIGGERS[event as HookEventName];
  if (!triggers || triggers.sent.includes(pattern)) return undefined;
  const parts = pattern
    .split(/[|,]/)
    .map((part) => part.replace(/[\^$()\s]/g, ''))
    .filter(Boolean);
  const valid = parts.filter((part) => triggers.sent.includes(part));
  if (REGEX_SYNTAX.test(pattern)) {
    const split = valid.length > 0 ? `Write one definition per value (${quoted(valid)})` : `Use one of ${quoted(triggers.sent)}`;
    return {
      code: 'matcher-regex-on-exact-event',
      message: `${event} compares its matcher with ${triggers.field} as an exact string (no regex, no alternation): "${pattern}" never fires.`,
      fix: `${split}, or drop the matcher to run for every ${triggers.field}.`,
    };
  }
  const caseSlip = triggers.sent.find((value) => value.toLowerCase() === pattern.toLowerCase());
  return {
    code: 'matcher-unknown-trigger',
    message: triggers.neverSent?.includes(pattern)
      ? `${event}: Gemini CLI declares ${triggers.field} "${pattern}" but never sends it (it sends ${quoted(triggers.sent)}), so this hook never fires.`
      : `${event}: Gemini CLI never sends ${triggers.field} "${pattern}" (it sends ${quoted(triggers.sent)}; the comparison is exact and case-sensitive), so this hook never fires.`,
    fix: caseSlip ? `Write "${caseSlip}".` : valid.length > 1 ? `Write one definition per value (${quoted(valid)}).` : `Use one of ${quoted(triggers.sent)}.`,
  };
}

/** A hook `timeout` Gemini CLI reads as milliseconds that cannot be what was meant; undefined when absent or plausible. */
export function timeoutTrap(timeout: unknown): Trap | undefined {
  if (timeout === undefined) return undefined;
  const number = typeof timeout === 'string' && timeout.trim() !== '' ? Number(timeout) : timeout;
  if (typeof number !== 'number' || !Number.isFinite(number) || number <= 0) {
    return {
      code: 'timeout-invalid',
      message: `timeout ${JSON.stringify(timeout)} is not a positive number of milliseconds.`,
      fix: `Write a number of milliseconds, e.g. "timeout": 30000 (the default is ${GEMINI_DEFAULT_TIMEOUT_MS}).`,
    };
  }
  if (number < 1000) {
    return {
      code: 'timeout-in-seconds',
      message: `timeout ${JSON.stringify(timeout)} is ${number} ms: Gemini CLI reads milliseconds, so the hook is stopped after ${number / 1000} s. Claude Code's timeouts are seconds.`,
      fix: `If you meant ${number} seconds, write "timeout": ${number * 1000}.`,
    };
  }
  return undefined;
}
