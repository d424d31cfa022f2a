// The run report's words for Claude Code's answers: the top-level fields Gemini CLI shares (`continue`,
// `decision`, stopReason, reason, systemMessage) and the ones inside hookSpecificOutput
// (permissionDecision and its reason; a PermissionRequest's decision.behavior). Codex CLI answers the same way.
import { textOf } from '../../pipeline/event/json.js';
import type { AnswerWords, VerdictWords } from '../dialect.js';

const specificOf = (output: Readonly<Record<string, unknown>>) => (output.hookSpecificOutput ?? {}) as Record<string, unknown>;

export const claudeWords: AnswerWords = {
  hook(output) {
    const decided: string[] = [];
    if (output.continue === false) decided.push('stop');
    if (output.decision !== undefined) decided.push(textOf(output.decision));
    const specific = specificOf(output);
    if (typeof specific.permissionDecision === 'string') decided.push(specific.permissionDecision);
    const behavior = (specific.decision as Record<string, unknown> | undefined)?.behavior;
    if (typeof behavior === 'string') decided.push(behavior);
    return { decided, why: output.stopReason || output.reason || specific.permissionDecisionReason || output.systemMessage };
  },
  outcome(output, outcome) {
    // A hook may give its reason only as permissionDecisionReason.
    const specific = specificOf(output);
    if (outcome === 'stop') return output.stopReason || output.reason;
    if (outcome === 'block') return output.stopReason || output.reason || specific.permissionDecisionReason;
    return output.systemMessage || output.reason || specific.permissionDecisionReason;
  },
};

/** Claude Code (and Codex CLI): a PreToolUse deny or ask hands on permissionDecisionReason, other blocks `reason`, a stop stopReason. */
export const claudeVerdictWords: VerdictWords = {
  reason(_event, output, outcome) {
    const specific = specificOf(output);
    const behavior = specific.decision as Record<string, unknown> | undefined;
    if (outcome === 'stop') return output.stopReason || output.reason;
    return specific.permissionDecisionReason || output.reason || behavior?.message || output.stopReason;
  },
  systemMessage: (output) => output.systemMessage,
};
