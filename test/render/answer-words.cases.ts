// Each dialect's own answers and the report lines they make (test/render/answer-words.test.ts).
import type { JsonObject, Outcome } from '../../src/pipeline/types.js';

export type Case = [dialect: string, answer: JsonObject | string, outcome: Outcome];

export const CASES: Case[] = [
  ['gemini', { decision: 'deny', reason: 'no rm' }, 'block'],
  ['gemini', { continue: false, stopReason: 'halt' }, 'stop'],
  ['gemini', { decision: 'ask', systemMessage: 'sure?' }, 'ask'],
  ['gemini', { decision: 'block' }, 'block'],
  ['claude', { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no rm' } }, 'block'],
  ['claude', { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'sure?' } }, 'ask'],
  ['claude', { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny' } } }, 'block'],
  ['claude', { continue: false, stopReason: 'halt', systemMessage: 'bye' }, 'stop'],
  ['codex', { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no rm' } }, 'block'],
  ['cursor', { permission: 'deny', user_message: 'blocked', agent_message: 'do not' }, 'block'],
  ['cursor', { permission: 'ask', user_message: 'sure?' }, 'ask'],
  ['cursor', { continue: false, user_message: 'not this prompt' }, 'stop'],
  ['cursor', { followup_message: 'keep going' }, 'block'],
  ['copilot', { permissionDecision: 'deny', permissionDecisionReason: 'no rm' }, 'block'],
  ['copilot', { behavior: 'deny', message: 'not now' }, 'block'],
  ['copilot', { behavior: 'deny', message: 'stop it', interrupt: true }, 'stop'],
  ['copilot', { decision: 'block', reason: 'tests fail' }, 'block'],
  ['antigravity', { decision: 'deny', reason: 'no rm' }, 'block'],
  ['antigravity', { decision: 'force_ask' }, 'ask'],
  ['kiro', 'blocked: rm', 'block'],
];

/** A one-hook report whose hook answered `answer` and whose merged output is that answer (Kiro: its reason). */
export function reportOf(answer: JsonObject | string, outcome: Outcome) {
  const output = typeof answer === 'string' ? { reason: answer } : answer;
  return {
    dialect: 'x',
    event: 'E',
    input: {},
    plan: { mode: 'sequential', hooks: [], skipped: [], diagnostics: [] },
    notes: [],
    diagnostics: [],
    errors: [],
    results: [
      {
        index: 0,
        name: 'guard',
        command: './guard.sh',
        source: 'settings.json',
        layer: 'project',
        success: true,
        exitCode: 0,
        signal: null,
        timedOut: false,
        killed: false,
        durationMs: 5,
        stdout: '',
        stderr: '',
        stdoutTruncated: false,
        stderrTruncated: false,
        output: answer,
        outputFormat: typeof answer === 'string' ? 'text' : 'json',
      },
    ],
    output,
    outcome,
    exitCode: 0,
    success: true,
    totalDurationMs: 5,
    verdict: { outcome, notRun: [] },
  } as never;
}
