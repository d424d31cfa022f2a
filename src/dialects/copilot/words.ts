// The run report's words for GitHub Copilot CLI's answers, in its flat fields (a PascalCase entry's
// hookSpecificOutput is already read as these, run.ts): preToolUse's permissionDecision and its reason,
// permissionRequest's behavior and message, agentStop/subagentStop's decision and reason.
import { textOf } from '../../pipeline/event/json.js';
import type { AnswerWords, VerdictWords } from '../dialect.js';

const behaviorMessage = (output: Readonly<Record<string, unknown>>) => typeof output.behavior === 'string' && output.message;

export const copilotWords: AnswerWords = {
  hook(output) {
    const decided: string[] = [];
    if (output.decision !== undefined) decided.push(textOf(output.decision));
    if (typeof output.permissionDecision === 'string') decided.push(output.permissionDecision);
    if (typeof output.behavior === 'string') decided.push(output.behavior);
    return { decided, why: output.reason || output.permissionDecisionReason || behaviorMessage(output) };
  },
  outcome(output, outcome) {
    // An interrupting deny (stop) has said its message at the hook's line, not after the outcome.
    if (outcome === 'stop') return output.reason;
    if (outcome === 'block') return output.reason || output.permissionDecisionReason || behaviorMessage(output);
    return output.reason || output.permissionDecisionReason;
  },
};

/** GitHub Copilot CLI: a preToolUse deny's permissionDecisionReason, a permissionRequest's message, a stop hook's reason; no user message. */
export const copilotVerdictWords: VerdictWords = {
  reason: (_event, output) => output.permissionDecisionReason || output.reason || behaviorMessage(output),
  systemMessage: () => undefined,
};
