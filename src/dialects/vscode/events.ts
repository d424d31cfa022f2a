// VS Code's agent hook events as data (docs/vscode.md; microsoft/vscode-docs docs/agent-customization/hooks.md):
// eight PascalCase events with Claude Code's names, the common input fields in camelCase (sessionId,
// hookEventName, timestamp) beside Claude's snake_case ones, and per event what a blocking answer stops.
import { randomUUID } from 'node:crypto';
import type { Context } from '../../pipeline/context.js';
import { inputError } from '../../pipeline/errors.js';
import type { JsonObject } from '../../pipeline/types.js';

/** What a block does on the event: deny the tool call, block by `decision`, or nothing (common output only). */
export type VscodeBlock = 'tool' | 'decision' | 'none';

export const VSCODE_EVENTS_TABLE: Readonly<Record<string, { blocks: VscodeBlock }>> = {
  SessionStart: { blocks: 'none' },
  UserPromptSubmit: { blocks: 'decision' },
  PreToolUse: { blocks: 'tool' },
  PostToolUse: { blocks: 'decision' },
  PreCompact: { blocks: 'none' },
  SubagentStart: { blocks: 'none' },
  SubagentStop: { blocks: 'decision' },
  Stop: { blocks: 'decision' },
};

export const VSCODE_EVENTS: readonly string[] = Object.keys(VSCODE_EVENTS_TABLE);

export function vscodeBlock(event: string): VscodeBlock | undefined {
  return Object.hasOwn(VSCODE_EVENTS_TABLE, event) ? VSCODE_EVENTS_TABLE[event]!.blocks : undefined;
}

/**
 * The event a hook file's key stands for: the PascalCase name, or a Copilot CLI lowerCamelCase name, which
 * VS Code converts to PascalCase (`preToolUse` → `PreToolUse`); undefined for any other key.
 */
export function vscodeEventOf(key: string): string | undefined {
  const pascal = key.charAt(0).toUpperCase() + key.slice(1);
  return vscodeBlock(pascal) !== undefined ? pascal : undefined;
}

/** The common fields VS Code sends (timestamp, cwd, sessionId, hookEventName, transcript_path), filled where missing. */
export function completeVscodeInput(event: string, input: JsonObject, ctx: Context): JsonObject {
  if (vscodeBlock(event) === undefined) throw inputError(`unknown VS Code hook event "${event}"; its events: ${VSCODE_EVENTS.join(', ')}`);
  const { timestamp, cwd, sessionId, hookEventName, transcript_path, ...specific } = input;
  return {
    timestamp: timestamp ?? ctx.now().toISOString(),
    cwd: cwd ?? ctx.cwd,
    sessionId: sessionId ?? randomUUID(),
    hookEventName: hookEventName ?? event,
    transcript_path: transcript_path ?? '',
    ...specific,
  };
}
