// How Gemini CLI reads a finished hook (docs/sources.md §G3.7): stdout (or stderr when stdout is blank) as JSON,
// double-encoded JSON unwrapped, anything else converted to a decision by exit code.
import type { Interpretation } from '../dialect.js';
import type { ProcessOutcome } from '../../pipeline/types.js';

/** Plain text (not JSON) becomes a decision: 0 allow, 1 allow with a warning, anything else deny. */
function plainTextOutput(text: string, code: number): Record<string, unknown> {
  if (code === 0) return { decision: 'allow', systemMessage: text };
  if (code === 1) return { decision: 'allow', systemMessage: `Warning: ${text}` };
  return { decision: 'deny', reason: text };
}

export function interpretGemini(outcome: ProcessOutcome, timeoutMs: number): Interpretation {
  if (outcome.spawnError !== undefined) {
    return { success: false, error: outcome.spawnError, exitCode: 0 };
  }
  if (outcome.timedOut) {
    return { success: false, error: `Hook timed out after ${timeoutMs}ms`, exitCode: 0 };
  }
  const exitCode = outcome.exitCode ?? 0;
  const result: Interpretation = { success: outcome.exitCode === 0, exitCode };
  let text = outcome.stdout.trim();
  let stream = 'stdout';
  // Gemini trims what it read, so blanks dropped past the cap change nothing: the kept text is the answer.
  let cut = outcome.stdoutTruncated && outcome.stdoutCutBlanksOnly !== true;
  // A cut stream is never blank, whatever its kept prefix looks like: with --max-output 0 nothing is
  // kept at all, and a run of blanks may be followed by the answer. So stderr is read only when stdout
  // was empty and complete (or cut of blanks only).
  if (text === '' && !cut) {
    text = outcome.stderr.trim();
    stream = 'stderr';
    cut = outcome.stderrTruncated && outcome.stderrCutBlanksOnly !== true;
  }
  // The first N bytes of a flood do not say what the hook said: JSON becomes "plain text", and a
  // megabytes-long systemMessage is nobody's answer. Gemini would parse all of it (or run out of string
  // length at ~512 MiB); hookrun reports a failure without output instead of guessing.
  if (cut) {
    return {
      success: false,
      exitCode,
      error: `${stream} exceeded hookrun's capture limit (--max-output) and was cut; the output was not parsed`,
    };
  }
  if (text === '') return result;
  try {
    let parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'string') parsed = JSON.parse(parsed);
    // Numbers, booleans and null are valid JSON but carry no output: the agent ignores them.
    if (typeof parsed === 'object' && parsed !== null) {
      result.output = parsed;
      result.outputFormat = 'json';
    }
  } catch {
    result.output = plainTextOutput(text, exitCode);
    result.outputFormat = 'text';
  }
  return result;
}
