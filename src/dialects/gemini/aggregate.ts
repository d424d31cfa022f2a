// Gemini CLI's aggregator (docs/sources.md §G5), pure: (event, results in plan order) → merged output.
// Outputs are used as the agent uses them: unvalidated, compared strictly, spread as JS spreads.
import { AgentEventError } from '../../pipeline/errors.js';
import { isPlainObject, setOwn } from '../../pipeline/event/json.js';
import type { AggregateResult, HookResult, JsonObject, Outcome } from '../../pipeline/types.js';
import { isBlockingDecision } from './predicates.js';

type Strategy = (outputs: readonly unknown[]) => JsonObject;

/** The fields of the agent's output class, in the order it lays them out. Anything else is dropped. */
const OUTPUT_FIELDS = ['continue', 'stopReason', 'suppressOutput', 'systemMessage', 'decision', 'reason', 'hookSpecificOutput'];

function wrap(merged: Record<string, unknown>): JsonObject {
  const out: JsonObject = {};
  for (const field of OUTPUT_FIELDS) if (merged[field] !== undefined) out[field] = merged[field];
  return out;
}

// Property access on whatever a hook printed (arrays, objects; never null here).
const field = (output: unknown, key: string): unknown => (output as Record<string, unknown>)[key];

/** OR-decision: BeforeTool, AfterTool, BeforeAgent, AfterAgent, SessionStart. */
const orDecision: Strategy = (outputs) => {
  let stop = false;
  let suppressOutput = false;
  let decision: unknown;
  let blocked = false;
  const stopReasons: unknown[] = [];
  const reasons: unknown[] = [];
  const messages: unknown[] = [];
  const contexts: string[] = [];
  let specific: Record<string, unknown> | undefined;

  for (const output of outputs) {
    if (field(output, 'continue') === false) {
      stop = true;
      if (field(output, 'stopReason')) stopReasons.push(field(output, 'stopReason'));
    }
    const d = field(output, 'decision');
    if (isBlockingDecision(d)) {
      decision = d;
      blocked = true;
    } else if (d === 'ask' && !blocked) {
      decision = 'ask';
    }
    if (field(output, 'reason')) reasons.push(field(output, 'reason'));
    if (field(output, 'systemMessage')) messages.push(field(output, 'systemMessage'));
    if (field(output, 'suppressOutput')) suppressOutput = true;

    const hso = field(output, 'hookSpecificOutput');
    if (hso) {
      // The agent then asks `'additionalContext' in hso`, which throws on a string, number or true.
      if (typeof hso !== 'object') {
        throw new AgentEventError(`its merge looks for additionalContext in hookSpecificOutput ${JSON.stringify(hso)}, which is not an object`);
      }
      specific ??= {};
      for (const [key, value] of Object.entries(hso)) {
        // clearContext only ever turns on: a later false does not undo an earlier true.
        if (key === 'clearContext') {
          if (value === true) specific.clearContext = true;
        } else {
          setOwn(specific, key, value);
        }
      }
      const context = field(hso, 'additionalContext');
      if (typeof context === 'string') contexts.push(context);
    }
  }

  const merged: Record<string, unknown> = { continue: !stop, suppressOutput };
  if (decision !== undefined) merged.decision = decision;
  else if (!stop) merged.decision = 'allow';
  if (stopReasons.length > 0) merged.stopReason = stopReasons.join('\n');
  if (reasons.length > 0) merged.reason = reasons.join('\n');
  if (messages.length > 0) merged.systemMessage = messages.join('\n');
  if (specific) {
    if (contexts.length > 0) specific.additionalContext = contexts.join('\n');
    merged.hookSpecificOutput = specific;
  }
  return wrap(merged);
};

/** Field replacement: BeforeModel, AfterModel. Last writer wins, hookSpecificOutput merged one level. */
const fieldReplacement: Strategy = (outputs) => {
  let merged: Record<string, unknown> = {};
  for (const output of outputs) {
    merged = {
      ...merged,
      ...(output as object),
      hookSpecificOutput: { ...(merged.hookSpecificOutput as object), ...(field(output, 'hookSpecificOutput') as object) },
    };
  }
  return wrap(merged);
};

/** Tool-selection union: BeforeToolSelection. Only toolConfig counts; hooks can only widen the list. */
const toolSelectionUnion: Strategy = (outputs) => {
  let hasNone = false;
  let hasAny = false;
  const names = new Set<unknown>();
  for (const output of outputs) {
    const config = field(field(output, 'hookSpecificOutput') ?? {}, 'toolConfig');
    if (!config) continue;
    const mode = field(config, 'mode');
    if (mode === 'NONE') hasNone = true;
    if (mode === 'ANY') hasAny = true;
    const list = field(config, 'allowedFunctionNames');
    if (list) {
      // The agent iterates any truthy value: a string gives its characters, a number or an object throws.
      if (!Array.isArray(list) && typeof list !== 'string') {
        throw new AgentEventError(`its merge iterates toolConfig.allowedFunctionNames ${JSON.stringify(list)}, which is not a list`);
      }
      for (const name of list) names.add(name);
    }
  }
  const toolConfig = hasNone ? { mode: 'NONE', allowedFunctionNames: [] } : { mode: hasAny ? 'ANY' : 'AUTO', allowedFunctionNames: [...names].sort() };
  return { hookSpecificOutput: { hookEventName: 'BeforeToolSelection', toolConfig } };
};

/** Simple merge: SessionEnd, PreCompress, Notification. */
const simple: Strategy = (outputs) => {
  let merged: Record<string, unknown> = {};
  for (const output of outputs) merged = { ...merged, ...(output as object) };
  return wrap(merged);
};

const STRATEGIES: Readonly<Record<string, Strategy>> = {
  BeforeTool: orDecision,
  AfterTool: orDecision,
  BeforeAgent: orDecision,
  AfterAgent: orDecision,
  SessionStart: orDecision,
  BeforeModel: fieldReplacement,
  AfterModel: fieldReplacement,
  BeforeToolSelection: toolSelectionUnion,
  SessionEnd: simple,
  PreCompress: simple,
  Notification: simple,
};

export function aggregateGemini(event: string, results: readonly HookResult[]): AggregateResult {
  const outputs = results.filter((r) => r.output).map((r) => r.output);
  const errors = results.flatMap((r) => (r.error ? [r.error] : []));
  const totalDurationMs = results.reduce((sum, r) => sum + r.durationMs, 0);
  const aggregate: AggregateResult = { success: errors.length === 0, errors, totalDurationMs };
  if (outputs.length === 0) return aggregate;
  try {
    const merged = (STRATEGIES[event] ?? simple)(outputs);
    asEventHandlerLogsIt(merged);
    aggregate.finalOutput = merged;
  } catch (error) {
    // A TypeError here is the agent's own: the merge does what its code does (joins, spreads, `in`).
    if (!(error instanceof AgentEventError) && !(error instanceof TypeError)) throw error;
    aggregate.success = false;
    aggregate.agentError = error instanceof TypeError ? `TypeError: ${error.message}` : error.message;
  }
  return aggregate;
}

/**
 * After merging, the agent's event handler writes the system message (unless suppressed) and, on
 * continue false, the stop reason into template strings: a value that cannot become text (an object
 * whose toString is not a function) throws there, inside the same try as the merge.
 */
function asEventHandlerLogsIt(merged: JsonObject): void {
  if (merged.systemMessage && !merged.suppressOutput) void `${merged.systemMessage as string}`;
  if (merged.continue === false) void `${(merged.stopReason || merged.reason || 'No reason provided') as string}`;
}

/** Events whose `continue:false` and `decision` the agent acts on (README.md "Exit codes"). */
const DECIDING_EVENTS = new Set(['BeforeTool', 'AfterTool', 'BeforeAgent', 'AfterAgent', 'BeforeModel', 'AfterModel']);

export function outcomeGemini(event: string, output: JsonObject | undefined): Outcome {
  if (!output || !DECIDING_EVENTS.has(event)) return 'proceed';
  if (output.continue === false) return 'stop';
  if (isBlockingDecision(output.decision)) return 'block';
  if (output.decision === 'ask' && event === 'BeforeTool') return 'ask';
  return 'proceed';
}

/** BeforeTool's `hookSpecificOutput.tool_input` replaces the call's arguments (docs/sources.md §G5). */
export function rewrittenToolInputGemini(event: string, output: JsonObject): unknown {
  const specific = output.hookSpecificOutput;
  if (event !== 'BeforeTool' || !isPlainObject(specific)) return undefined;
  return isPlainObject(specific.tool_input) ? specific.tool_input : undefined;
}
