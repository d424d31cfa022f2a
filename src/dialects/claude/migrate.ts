// Claude Code's side of `hookrun migrate`. Reads both project files, `.claude/settings.json` and
// `.claude/settings.local.json` (Gemini CLI's own migrate reads only one of them); the user's and managed files
// belong to other scopes and are reported, not copied into the workspace. Writes `.claude/settings.json`
// (timeouts in seconds, Claude's exact-name matcher lists where they suffice).
import fs from 'node:fs';
import type { Context } from '../../pipeline/context.js';
import { configError } from '../../pipeline/errors.js';
import { execFormToShell } from './conversions.js';
import { ModelBuilder, type MigrationAdapter, type NeutralModel, type Note, type Notes, type WritePlan } from '../../migrate/model.js';
import { openJson, readEventsObject, timeoutMs } from '../../migrate/read.js';
import { byEvent, protocolNotes, translateHooks } from '../../migrate/translate.js';
import { planEventsWrite } from '../../migrate/write.js';
import { isPlainObject, parseJsoncObject } from '../../files/jsonc.js';
import type { JsonObject } from '../../pipeline/types.js';
import { claudeSettingsPaths } from './settings.js';
import { eventRule } from './events.js';
import { classifyMatcher } from './matcher.js';
import { CURRENT_DEFAULT_SEC } from './invocation.js';
import { type ClaudeProfile, resolveClaudeProfile } from './version.js';
import { readInputFile } from '../../files/read-input.js';

/** Claude Code's current defaults, from the tables run uses (invocation.ts, events.ts). */
const CURRENT_DEFAULT_MS = CURRENT_DEFAULT_SEC * 1000;
const CURRENT_PROMPT_DEFAULT_MS = eventRule('UserPromptSubmit')!.currentTimeoutSec! * 1000;
const CLASSIC_DEFAULT_MS = 60_000;

function read(ctx: Context, options: { claudeVersion?: string }): NeutralModel {
  const profile = resolveClaudeProfile(options.claudeVersion, ctx.env);
  const paths = claudeSettingsPaths(ctx);
  const files = [paths.project, paths.local].filter((file) => fs.existsSync(file));
  if (files.length === 0) throw configError(`no Claude Code project settings found: expected ${paths.project} or ${paths.local}`);
  const docs = files.map((file) => openJson(file, true, 'Claude Code settings must be a JSON object.'));
  const out = new ModelBuilder('claude', files);
  for (const doc of docs) {
    readEventsObject(doc, 'claude', out, {
      root: ['hooks'],
      grouped: () => true,
      classify: (matcher) => classifyMatcher(matcher, profile),
      handler: (raw, event) => readHandler(raw, event.name, profile),
    });
  }
  noteOtherScopes(ctx, out);
  return out.result();
}

function readHandler(handler: JsonObject, event: string, profile: ClaudeProfile) {
  const notes: Note[] = [];
  const skip = (code: string, message: string) => ({ notes, skip: { code, message } });
  const type = handler.type;
  if (type === 'prompt' || type === 'agent' || type === 'http' || type === 'mcp_tool') {
    return skip('hook-type-unsupported', `"${type}" hooks have no counterpart in the other agents (hookrun migrates command hooks); not migrated`);
  }
  if (type !== 'command') return skip('invalid-hook-type', `type ${JSON.stringify(type)} is not "command"; not migrated`);
  if (typeof handler.command !== 'string' || handler.command === '') return skip('missing-command', 'no command; not migrated');
  if (handler.if !== undefined) {
    if (profile.generation === 'current') {
      return skip(
        'if-not-carried',
        `"if": ${JSON.stringify(handler.if)} has no counterpart in other agents; without it the hook would run on every matching call, so it is not migrated (check tool_input in the script instead)`,
      );
    }
    notes.push({ severity: 'info', code: 'if-ignored', message: '"if" is ignored by classic Claude Code, so the hook is migrated without it' });
  }
  let command = handler.command;
  if (Array.isArray(handler.args) && profile.generation === 'current') {
    // The exec form as one shell command, still in Claude's form; the writer translates it for its agent.
    command = execFormToShell(handler.command, handler.args.map(String), 'claude').command;
    notes.push({ severity: 'info', code: 'exec-form-converted', message: `exec form (command + args) written as the shell command ${JSON.stringify(command)}` });
  }
  const defaultMs = profile.generation === 'current' ? (event === 'UserPromptSubmit' ? CURRENT_PROMPT_DEFAULT_MS : CURRENT_DEFAULT_MS) : CLASSIC_DEFAULT_MS;
  const timeout = timeoutMs(handler.timeout, 's', 'timeout', defaultMs);
  if (timeout.note) notes.push(timeout.note);
  if (handler.async === true || handler.asyncRewake === true) {
    notes.push({
      severity: 'warning',
      code: 'async-made-sync',
      message: 'this async hook runs before the action in agents without background hooks (all but Codex): its exit code and output take part in the decision',
    });
  }
  if (handler.shell === 'powershell')
    notes.push({ severity: 'warning', code: 'shell-ignored', message: '"shell": "powershell" is dropped: the other agents pick the shell themselves' });
  return {
    command,
    timeoutMs: timeout.ms,
    timeoutIsDefault: timeout.isDefault,
    description: typeof handler.statusMessage === 'string' ? handler.statusMessage : undefined,
    notes,
  };
}

/** User and managed Claude settings are other scopes: say they exist, never copy them into the workspace. */
function noteOtherScopes(ctx: Context, out: ModelBuilder): void {
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
      out.note(
        {
          severity: 'info',
          code: 'other-scope',
          message: `${file} (${label} settings) also has hooks; they are not copied into the workspace (Gemini CLI's own migrate does, which shares them with everyone using the repository)`,
        },
        { file, line: 0, column: 0, path: [] },
      );
    }
  }
}

function write(model: NeutralModel, ctx: Context, notes: Notes): WritePlan {
  const file = claudeSettingsPaths(ctx).project;
  const hooks = translateHooks(model, 'claude', notes);
  const events = byEvent(hooks, (hook) => {
    const handler: JsonObject = { type: 'command', command: hook.command };
    if (hook.timeout !== undefined) handler.timeout = hook.timeout;
    if (hook.description !== undefined) handler.statusMessage = hook.description;
    return handler;
  });
  protocolNotes(model.from, 'claude', hooks, notes);
  return planEventsWrite(file, events, hooks.length);
}

export const migration: MigrationAdapter = { agent: 'claude', takes: ['claudeVersion'], read, write };
