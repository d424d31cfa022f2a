// The run report's words for Antigravity CLI's answers: `decision` (allow, deny, ask, force_ask; Stop's
// continue) and `reason`.
import { textOf } from '../../pipeline/event/json.js';
import type { AnswerWords } from '../dialect.js';

export const antigravityWords: AnswerWords = {
  hook(output) {
    return { decided: output.decision !== undefined ? [textOf(output.decision)] : [], why: output.reason };
  },
  outcome: (output) => output.reason,
};
