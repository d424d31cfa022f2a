// The run report's words for Gemini CLI's answers (docs/sources.md §G2.2): `continue: false` stops the
// agent, `decision` is the verdict, and the reason is stopReason, else reason, else the systemMessage.
import { textOf } from '../../pipeline/event/json.js';
import type { AnswerWords, VerdictWords } from '../dialect.js';
import { effectiveReason } from './predicates.js';

export const geminiWords: AnswerWords = {
  hook(output) {
    const decided: string[] = [];
    if (output.continue === false) decided.push('stop');
    if (output.decision !== undefined) decided.push(textOf(output.decision));
    return { decided, why: output.stopReason || output.reason || output.systemMessage };
  },
  outcome(output, outcome) {
    if (outcome === 'stop') return effectiveReason(output);
    if (outcome === 'block') return output.stopReason || output.reason;
    return output.systemMessage || output.reason;
  },
};

/** Gemini CLI hands a block's `reason` to the model, a stop's stopReason (else reason) to the user. */
export const geminiVerdictWords: VerdictWords = {
  reason: (_event, output, outcome) => (outcome === 'stop' ? output.stopReason || output.reason : output.reason || output.stopReason),
  systemMessage: (output) => output.systemMessage,
};
