// Claude Code hooks → Gemini CLI settings. Reads both project files, `.claude/settings.json` and
// `.claude/settings.local.json` (Gemini CLI's own migrate reads only one of them); the user's and managed
// files belong to other scopes and are reported, not copied into the workspace.
import fs from 'node:fs';
import type { Context } from '../../context.js';
import { configError } from '../../errors.js';
import { claudeSettingsPaths } from './settings.js';
import { classifyMatcher } from './matcher.js';
import type { ClaudeProfile } from './version.js';
import { isPlainObject, parseJsoncObject, type JsoncDocument, type JsonPath } from '../../settings/jsonc.js';
import type { JsonObject, Location } from '../../types.js';
import { convertClaudeCommand, execFormToShell } from '../../migrate/command.js';
import { CLAUDE_EVENT_MAP, CLAUDE_EVENTS_WITHOUT_GEMINI, type EventMapping } from '../../migrate/maps.js';
import { convertClaudeToolMatcher, convertLifecycleMatcher, type MatcherConversion, type Note } from '../../migrate/matchers.js';
import { type GeminiHookConfig, MigrationBuilder, type MigrationResult } from '../../migrate/result.js';
import { CLAUDE_EVENTS } from './events.js';
import { addEventNotes } from '../../migrate/notes.js';
import { readInputFile } from '../../read-input.js';

const CURRENT_DEFAULT_MS = 600_000;
const CURRENT_PROMPT_DEFAULT_MS = 30_000;

type Doc = JsoncDocument & { value: JsonObject };

export function migrateClaude(ctx: Context, profile: ClaudeProfile): MigrationResult {
  const paths = claudeSettingsPaths(ctx);
  const docs: Doc[] = [];
  for (const file of [paths.project, paths.local]) {
    if (!fs.existsSync(file)) continue;
    docs.push(parseJsoncObject(read(file), file, 'Claude Code settings must be a JSON object.'));
  }
  if (docs.length === 0) {
    throw configError(`no Claude Code project settings found: expected ${paths.project} or ${paths.local}`);
  }
  const out = new MigrationBuilder(
    'claude',
    docs.map((d) => d.file),
  );
  for (const doc of docs) migrateFile(doc, profile, out);
  noteOtherScopes(ctx, out);
  addEventNotes(out, 'claude');
  return out.result();
}

function read(file: string): string {
  try {
    return readInputFile(file, 'utf8');
  } catch (error) {
    throw configError(`cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

function migrateFile(doc: Doc, profile: ClaudeProfile, out: MigrationBuilder): void {
  const hooks = doc.value.hooks;
  if (hooks === undefined) return;
  const at = (path: JsonPath, key = false): Location => doc.locate(path, { key });
  if (!isPlainObject(hooks)) {
    out.note({ severity: 'error', code: 'hooks-not-object', message: `"hooks" is not an object; nothing in it can be migrated` }, at(['hooks']));
    return;
  }
  for (const [event, groups] of Object.entries(hooks)) {
    const path: JsonPath = ['hooks', event];
    const handlers = countHandlers(groups);
    const mapping = CLAUDE_EVENT_MAP[event];
    if (!mapping) {
      out.counts.found += handlers;
      out.counts.skipped += handlers;
      const known = CLAUDE_EVENTS.includes(event as never);
      const why = CLAUDE_EVENTS_WITHOUT_GEMINI[event] ?? (known ? 'Gemini CLI has no equivalent event' : 'it is not a Claude Code hook event');
      out.note({ severity: 'error', code: known ? 'no-gemini-event' : 'unknown-event', message: `${event}: ${handlers} hook(s) not migrated: ${why}` }, at(path, true));
      continue;
    }
    if (!Array.isArray(groups)) {
      out.note({ severity: 'error', code: 'event-not-array', message: `hooks.${event} is not an array; skipped` }, at(path));
      continue;
    }
    groups.forEach((group: unknown, g) => migrateGroup(event, mapping, group, [...path, g], doc, profile, out));
  }
}

function migrateGroup(event: string, mapping: EventMapping, group: unknown, path: JsonPath, doc: Doc, profile: ClaudeProfile, out: MigrationBuilder): void {
  // A missing key (no matcher) has no position: point at the group instead.
  const at = (sub: JsonPath = []) => {
    const found = doc.locate([...path, ...sub]);
    return found.line > 0 ? found : doc.locate(path);
  };
  if (!isPlainObject(group) || !Array.isArray(group.hooks)) {
    out.note({ severity: 'error', code: 'invalid-definition', message: `not a matcher group with a "hooks" array; skipped` }, at());
    return;
  }
  const handlers = group.hooks as unknown[];
  out.counts.found += handlers.length;
  const matcher = typeof group.matcher === 'string' ? group.matcher : undefined;
  if (group.matcher !== undefined && matcher === undefined) {
    out.counts.skipped += handlers.length;
    out.note({ severity: 'error', code: 'invalid-matcher', message: `matcher is not a string; ${handlers.length} hook(s) not migrated` }, at(['matcher']));
    return;
  }
  const conversion = convertMatcher(event, mapping, matcher, profile);
  for (const note of conversion.notes) out.note(note, at(['matcher']));
  if (!conversion.ok) {
    out.counts.skipped += handlers.length;
    out.note({ severity: 'error', code: conversion.code, message: `${conversion.reason}; ${handlers.length} hook(s) not migrated` }, at(['matcher']));
    return;
  }
  const converted: GeminiHookConfig[] = [];
  handlers.forEach((handler, h) => {
    const where = at(['hooks', h]);
    const result = convertHandler(event, handler, profile);
    for (const note of result.notes) out.note(note, where);
    if (result.hook) converted.push(result.hook);
    else out.counts.skipped++;
  });
  if (converted.length === 0) return;
  const added = out.add(mapping.gemini, conversion.matchers, converted);
  out.counts.carried += converted.length;
  if (added < converted.length * conversion.matchers.length) {
    out.note({ severity: 'info', code: 'duplicate-hook', message: `some hooks here repeat ones already migrated for ${mapping.gemini}; written once (Claude Code runs identical handlers once too)` }, at());
  }
}

function convertMatcher(event: string, mapping: EventMapping, matcher: string | undefined, profile: ClaudeProfile): MatcherConversion {
  if (mapping.kind === 'tool') return convertClaudeToolMatcher(matcher, profile);
  if (mapping.kind === 'exact') {
    const field = event === 'SessionStart' ? 'source' : event === 'SessionEnd' ? 'reason' : 'trigger';
    return convertLifecycleMatcher(matcher, mapping, profile, field);
  }
  const notes: Note[] = mapping.note ? [{ severity: 'warning', code: 'event-differs', message: `${event} → ${mapping.gemini}: ${mapping.note}` }] : [];
  if (matcher === undefined || matcher === '' || matcher === '*') return { ok: true, matchers: [undefined], notes };
  if (event === 'Notification') {
    const kind = classifyMatcher(matcher, profile);
    const permission = kind.kind === 'list' ? kind.items.includes('permission_prompt') : kind.kind === 'regex' && Boolean(kind.regex?.test('permission_prompt'));
    if (!permission) {
      return { ok: false, code: 'notification-type', reason: `matcher "${matcher}" selects notifications Gemini CLI never sends (it only notifies tool permission prompts)`, notes: [] };
    }
    notes.push({ severity: 'warning', code: 'matcher-dropped', message: `Gemini CLI ignores matchers on Notification; "${matcher}" is dropped (Gemini only notifies tool permission prompts)` });
    return { ok: true, matchers: [undefined], notes };
  }
  notes.push({ severity: event === 'SubagentStop' ? 'warning' : 'info', code: 'matcher-dropped', message: `Gemini CLI ignores matchers on ${mapping.gemini}; "${matcher}" is dropped${event === 'SubagentStop' ? ' (the agent-type filter is lost)' : ''}` });
  return { ok: true, matchers: [undefined], notes };
}

function convertHandler(event: string, handler: unknown, profile: ClaudeProfile): { hook?: GeminiHookConfig; notes: Note[] } {
  const notes: Note[] = [];
  const skip = (code: string, message: string) => ({ notes: [...notes, { severity: 'error' as const, code, message }] });
  if (!isPlainObject(handler)) return skip('invalid-hook-entry', 'not a hook handler object; not migrated');
  const type = handler.type;
  if (type === 'prompt' || type === 'agent' || type === 'http' || type === 'mcp_tool') {
    return skip('hook-type-unsupported', `"${type}" hooks have no Gemini CLI equivalent (Gemini runs commands only); not migrated`);
  }
  if (type !== 'command') return skip('invalid-hook-type', `type ${JSON.stringify(type)} is not "command"; not migrated`);
  if (typeof handler.command !== 'string' || handler.command === '') return skip('missing-command', 'no command; not migrated');

  if (handler.if !== undefined) {
    if (profile.generation === 'current') {
      return skip('if-not-carried', `"if": ${JSON.stringify(handler.if)} has no Gemini CLI equivalent; without it the hook would run on every matching call, so it is not migrated (check tool_input in the script instead)`);
    }
    notes.push({ severity: 'info', code: 'if-ignored', message: `"if" is ignored by classic Claude Code, so the hook is migrated without it` });
  }
  let command: { command: string; notes: Note[] };
  if (Array.isArray(handler.args) && profile.generation === 'current') {
    command = execFormToShell(handler.command, handler.args.map(String));
    notes.push({ severity: 'info', code: 'exec-form-converted', message: `exec form (command + args) written as the shell command ${JSON.stringify(command.command)}` });
  } else {
    command = convertClaudeCommand(handler.command);
  }
  notes.push(...command.notes);
  const hook: GeminiHookConfig = { type: 'command', command: command.command };

  if (handler.timeout !== undefined) {
    if (typeof handler.timeout === 'number' && Number.isFinite(handler.timeout) && handler.timeout > 0) {
      hook.timeout = Math.round(handler.timeout * 1000);
    } else {
      notes.push({ severity: 'warning', code: 'invalid-timeout', message: `timeout ${JSON.stringify(handler.timeout)} is not a number of seconds; Gemini CLI's default (60 s) applies` });
    }
  } else if (profile.generation === 'current') {
    // Keep Claude Code's own default rather than Gemini's 60 s.
    hook.timeout = event === 'UserPromptSubmit' ? CURRENT_PROMPT_DEFAULT_MS : CURRENT_DEFAULT_MS;
  }
  if (typeof handler.statusMessage === 'string') hook.description = handler.statusMessage;
  if (handler.async === true || handler.asyncRewake === true) {
    notes.push({ severity: 'warning', code: 'async-made-sync', message: 'Gemini CLI has no background hooks: this async hook now runs before the action, and its exit code and output take part in the decision' });
  }
  if (handler.shell === 'powershell') {
    notes.push({ severity: 'warning', code: 'shell-ignored', message: 'Gemini CLI picks the shell itself (bash, or PowerShell on Windows); "shell": "powershell" is dropped' });
  }
  if (event === 'PreToolUse' && /permissionDecision|updatedInput/.test(handler.command)) {
    notes.push({ severity: 'warning', code: 'claude-output-fields', message: 'the command prints hookSpecificOutput.permissionDecision/updatedInput, which Gemini CLI does not read: print {"decision":"deny","reason":"..."} (or exit 2 with the reason on stderr) instead' });
  }
  return { hook, notes };
}

function countHandlers(groups: unknown): number {
  if (!Array.isArray(groups)) return 0;
  return groups.reduce((n: number, g) => n + (isPlainObject(g) && Array.isArray(g.hooks) ? g.hooks.length : 0), 0);
}

/** User and managed Claude settings are other scopes: say they exist, never copy them into the workspace. */
function noteOtherScopes(ctx: Context, out: MigrationBuilder): void {
  const paths = claudeSettingsPaths(ctx);
  for (const [label, file] of [
    ['user', paths.user],
    ['managed', paths.managed],
  ] as const) {
    let hasHooks = false;
    try {
      const doc = parseJsoncObject(readInputFile(file, 'utf8'), file, 'not an object');
      hasHooks = isPlainObject(doc.value.hooks) && Object.keys(doc.value.hooks).length > 0;
    } catch {
      continue;
    }
    if (hasHooks) {
      out.note({
        severity: 'info',
        code: 'other-scope',
        message: `${file} (${label} settings) also has hooks; they are not copied into the workspace (Gemini CLI's own migrate does, which shares them with everyone using the repository)`,
      }, { file, line: 0, column: 0, path: [] });
    }
  }
}
