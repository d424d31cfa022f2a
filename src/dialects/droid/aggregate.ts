// Factory Droid's merge (docs/droid.md, observed in 0.225.2): Claude Code's merge of Claude's fields,
// except PreToolUse's decision: the FIRST hook (in configured order, project before user) with a
// permissionDecision decides, so an allow lets the tool run past a later hook's deny; then exit 2 (a
// `decision: "block"` from run.ts) denies unless that decision already did; a deny without a reason is
// "Tool execution denied by hook"; the deciding allow's `updatedInput` is merged over the tool input.
// What the merged output makes Droid do reads as for Claude Code.
import type { AggregateResult, HookResult, JsonObject, Outcome } from '../../pipeline/types.js';
import { aggregateClaude, outcomeClaude } from '../claude/aggregate.js';

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const specificOf = (output: unknown): JsonObject | undefined => (isObject(output) && isObject(output.hookSpecificOutput) ? output.hookSpecificOutput : undefined);

export const DROID_DEFAULT_DENY = 'Tool execution denied by hook';

export function aggregateDroid(event: string, results: readonly HookResult[]): AggregateResult {
  const aggregate = aggregateClaude(event, results);
  const merged = aggregate.finalOutput;
  if (event !== 'PreToolUse' || !merged) return aggregate;
  const first = results.find((r) => typeof specificOf(r.output)?.permissionDecision === 'string');
  const exit2 = results.find((r) => isObject(r.output) && r.output.decision === 'block');
  const { permissionDecision: _d, permissionDecisionReason: _r, updatedInput: _u, ...rest } = specificOf(merged) ?? {};
  const hso: JsonObject = { ...rest, hookEventName: event };
  delete merged.decision;
  delete merged.reason;
  const deciding = specificOf(first?.output);
  let decision = deciding?.permissionDecision as string | undefined;
  let reason = deciding?.permissionDecisionReason;
  if (decision !== 'deny' && exit2) {
    decision = 'deny';
    reason = (exit2.output as JsonObject).reason;
  }
  if (decision !== undefined) {
    hso.permissionDecision = decision;
    if (typeof reason === 'string' && reason !== '') hso.permissionDecisionReason = reason;
    else if (decision === 'deny') hso.permissionDecisionReason = DROID_DEFAULT_DENY;
  }
  if (decision === 'allow' && isObject(deciding?.updatedInput)) {
    const toolInput = isObject(first!.input.tool_input) ? first!.input.tool_input : {};
    hso.updatedInput = { ...toolInput, ...deciding.updatedInput };
  }
  if (Object.keys(hso).length > 1) merged.hookSpecificOutput = hso;
  else delete merged.hookSpecificOutput;
  return aggregate;
}

export function outcomeDroid(event: string, output: JsonObject | undefined): Outcome {
  return outcomeClaude(event, output);
}
