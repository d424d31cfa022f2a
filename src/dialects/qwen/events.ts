// Qwen Code's hook events as data (docs/qwen.md; Qwen Code 0.24.4, shared/spec/real-agents/gemini.md §7):
// Claude Code's event names and stdin fields on an engine that descends from Gemini CLI's. Per event: the
// input field its matcher is compared with (Claude Code's field where Claude has the event, Qwen applies
// matchers to lifecycle targets too), how its hooks' answers merge, where an exit-2 block lands, and
// whether plain stdout becomes context. The loader, planner, runner and aggregator read this table.
import { randomUUID } from 'node:crypto';
import type { Context } from '../../pipeline/context.js';
import { inputError } from '../../pipeline/errors.js';
import type { JsonObject } from '../../pipeline/types.js';
import { eventRule } from '../claude/events.js';

/** Qwen's merge per event (hookAggregator.ts): OR over decisions, PermissionRequest's own, last-wins, or none. */
export type QwenMerge = 'or' | 'permission' | 'simple' | 'ignored';

/** Where a blocking exit 2 lands (hookAggregator.ts DENY_SHAPE); absent: the event has no decision. */
export type DenyShape = 'tool' | 'permission' | 'decision-deny' | 'decision-block' | 'stop';

export interface QwenEvent {
  merge: QwenMerge;
  deny?: DenyShape;
  /** Plain stdout on exit 0 becomes `hookSpecificOutput.additionalContext`. */
  plainContext?: boolean;
  /** Default timeout in seconds when the hook sets none (hook-timeout.ts). */
  defaultTimeoutSec?: number;
}

const SURVIVING_TIMEOUT_SEC = 60;

export const QWEN_EVENTS_TABLE: Readonly<Record<string, QwenEvent>> = {
  PreToolUse: { merge: 'or', deny: 'tool' },
  PostToolUse: { merge: 'or' },
  PostToolUseFailure: { merge: 'or' },
  PostToolBatch: { merge: 'or', deny: 'stop' },
  Notification: { merge: 'simple' },
  UserPromptSubmit: { merge: 'or', deny: 'decision-deny', plainContext: true },
  UserPromptExpansion: { merge: 'or', deny: 'decision-deny', plainContext: true },
  SessionStart: { merge: 'simple', plainContext: true },
  Stop: { merge: 'or', deny: 'stop' },
  MessageDisplay: { merge: 'simple', defaultTimeoutSec: SURVIVING_TIMEOUT_SEC },
  SubagentStart: { merge: 'simple' },
  SubagentStop: { merge: 'or', deny: 'stop' },
  PreCompact: { merge: 'simple' },
  PostCompact: { merge: 'simple' },
  SessionEnd: { merge: 'simple' },
  SessionDelete: { merge: 'simple', defaultTimeoutSec: SURVIVING_TIMEOUT_SEC },
  PermissionRequest: { merge: 'permission', deny: 'permission' },
  PermissionDenied: { merge: 'simple' },
  StopFailure: { merge: 'ignored', defaultTimeoutSec: SURVIVING_TIMEOUT_SEC },
  TodoCreated: { merge: 'or', deny: 'decision-block' },
  TodoCompleted: { merge: 'or', deny: 'decision-block' },
  InstructionsLoaded: { merge: 'simple' },
};

export const QWEN_EVENTS: readonly string[] = Object.keys(QWEN_EVENTS_TABLE);

export function qwenEvent(name: string): QwenEvent | undefined {
  return Object.hasOwn(QWEN_EVENTS_TABLE, name) ? QWEN_EVENTS_TABLE[name] : undefined;
}

/** The input field a matcher is compared with: Claude Code's for the same event; none for Qwen's own events. */
export function qwenMatcherField(event: string): string | undefined {
  return eventRule(event)?.matcherField;
}

/**
 * Gemini CLI's event names, which Qwen Code's engine does not fire (observed: a `BeforeTool` hook never ran),
 * with Qwen's name for the same moment: the loader's hint.
 */
export const GEMINI_NAMES: Readonly<Record<string, string>> = {
  BeforeTool: 'PreToolUse',
  AfterTool: 'PostToolUse',
  BeforeAgent: 'UserPromptSubmit',
  AfterAgent: 'Stop',
  PreCompress: 'PreCompact',
};

/** Fills the base fields Qwen Code sends with every event (Claude's, plus the engine's timestamp). */
export function completeQwenInput(event: string, input: JsonObject, ctx: Context): JsonObject {
  if (!qwenEvent(event)) throw inputError(`unknown Qwen Code event "${event}"; its events: ${QWEN_EVENTS.join(', ')}`);
  const { session_id, transcript_path, cwd, hook_event_name, timestamp, ...specific } = input;
  return {
    session_id: session_id ?? randomUUID(),
    transcript_path: transcript_path ?? '',
    cwd: cwd ?? ctx.cwd,
    hook_event_name: hook_event_name ?? event,
    timestamp: timestamp ?? ctx.now().toISOString(),
    ...specific,
  };
}
