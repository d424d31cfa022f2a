// The run report's words for Kiro CLI's answers. Its hooks answer in plain text (exit codes decide), which
// the report shows as it is; the merged output carries the block's (or Stop's) `reason`.
import type { AnswerWords, VerdictWords } from '../dialect.js';

export const kiroWords: AnswerWords = {
  hook: () => ({ decided: [], why: undefined }),
  outcome: (output) => output.reason,
};

/** Kiro CLI hands a block's reason (the hook's stderr) to the model; it has no message for the user. */
export const kiroVerdictWords: VerdictWords = {
  reason: (_event, output) => output.reason,
  systemMessage: () => undefined,
};
