// The run report's words for Cursor's answers: `permission` (allow, deny, ask) with agent_message and
// user_message, `continue: false` on beforeSubmitPrompt, a stop hook's followup_message.
import type { AnswerWords, VerdictWords } from '../dialect.js';

export const cursorWords: AnswerWords = {
  hook(output) {
    const decided: string[] = [];
    if (output.continue === false) decided.push('stop');
    if (typeof output.permission === 'string') decided.push(output.permission);
    return { decided, why: output.agent_message || output.user_message || output.followup_message };
  },
  outcome(output, outcome) {
    // A stopped prompt's user_message is not said after "stop the agent" (the report never has).
    if (outcome === 'stop') return undefined;
    if (outcome === 'block') return output.agent_message || output.user_message || output.followup_message;
    return output.user_message || output.agent_message;
  },
};

/** Cursor hands agent_message to the model and shows user_message to the user; a follow-up is its own text. */
export const cursorVerdictWords: VerdictWords = {
  reason: (_event, output) => output.agent_message || output.followup_message || output.user_message,
  systemMessage: (output) => output.user_message,
};
