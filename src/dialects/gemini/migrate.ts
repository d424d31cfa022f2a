// Gemini CLI's side of `hookrun migrate`: the workspace's .gemini/settings.json `hooks` read into the neutral
// model, and the neutral model merged into it (comments and layout kept, as the panel keeps them: docs/panel.md). What a script
// landing in Gemini CLI must change is said once per Gemini event that received hooks (docs/sources.md §G3.7, §G8).
import fs from 'node:fs';
import path from 'node:path';
import { type Context, geminiHome } from '../../pipeline/context.js';
import { configError } from '../../pipeline/errors.js';
import { ModelBuilder, type MigrationAdapter, type NeutralModel, type Note, type Notes, type WritePlan } from '../../migrate/model.js';
import { openJson, readEventsObject, timeoutMs } from '../../migrate/read.js';
import { byEvent, type TargetHook, translateHooks } from '../../migrate/translate.js';
import { hooksDisabledIn, planEventsWrite } from '../../migrate/write.js';
import { type AgentName, VOCABULARY } from '../../migrate/lookup.js';
import type { JsonObject } from '../../pipeline/types.js';
import { geminiSettingsPaths } from './settings/load.js';

const DEFAULT_MS = VOCABULARY.gemini.timeout.default;

function read(ctx: Context): NeutralModel {
  const paths = geminiSettingsPaths(ctx);
  if (!fs.existsSync(paths.workspace)) throw configError(`no Gemini CLI workspace settings found: expected ${paths.workspace}`);
  const doc = openJson(paths.workspace, true, 'Settings file is not a valid JSON object.');
  const out = new ModelBuilder('gemini', [paths.workspace]);
  readEventsObject(doc, 'gemini', out, {
    root: ['hooks'],
    grouped: () => true,
    handler(raw) {
      const notes: Note[] = [];
      if (raw.type !== undefined && raw.type !== 'command')
        return { notes, skip: { code: 'invalid-hook-type', message: `type ${JSON.stringify(raw.type)} is not "command"; not migrated` } };
      const timeout = timeoutMs(raw.timeout, 'ms', 'timeout', DEFAULT_MS);
      if (timeout.note) notes.push(timeout.note);
      if (raw.env !== undefined)
        notes.push({ severity: 'warning', code: 'env-not-carried', message: 'the hook\'s "env" is not carried: set the variables in the command instead' });
      return {
        command: typeof raw.command === 'string' ? raw.command : undefined,
        timeoutMs: timeout.ms,
        timeoutIsDefault: timeout.isDefault,
        description: typeof raw.description === 'string' ? raw.description : typeof raw.name === 'string' ? raw.name : undefined,
        notes,
      };
    },
  });
  if (fs.existsSync(paths.user) && paths.user !== paths.workspace) {
    out.note(
      { severity: 'info', code: 'other-scope', message: `${paths.user} (user settings) may hold hooks too; they are not copied into the workspace` },
      { file: paths.user, line: 0, column: 0, path: [] },
    );
  }
  return out.result();
}

function write(model: NeutralModel, ctx: Context, notes: Notes): WritePlan {
  const file = path.join(ctx.cwd, '.gemini', 'settings.json');
  const hooks = translateHooks(model, 'gemini', notes);
  const events = byEvent(hooks, (hook) => {
    const handler: JsonObject = { type: 'command', command: hook.command };
    if (hook.timeout !== undefined) handler.timeout = hook.timeout;
    if (hook.description !== undefined) handler.description = hook.description;
    return handler;
  });
  arrivalNotes(model.from, hooks, notes);
  return {
    ...planEventsWrite(file, events, hooks.length),
    afterWrite(original, context) {
      const said: Note[] = [];
      if (hooksDisabledIn(original))
        said.push({ severity: 'warning', code: 'hooks-disabled', message: `${file} sets hooksConfig.enabled to false: Gemini CLI runs none of these hooks` });
      if (sameDirectory(context.cwd, geminiHome(context))) {
        said.push({
          severity: 'warning',
          code: 'workspace-is-home',
          message: `${file} is your user settings file (the workspace is the home directory): the hooks apply to every project`,
        });
      }
      return said;
    },
  };
}

/** Behaviour that differs per Gemini event whatever the hook does: said once per event that received hooks. */
function arrivalNotes(from: AgentName, hooks: readonly TargetHook[], out: Notes): void {
  if (from === 'gemini') return;
  const events = new Set(hooks.map((h) => h.event.name));
  const agent = VOCABULARY[from].label;
  if (events.has('BeforeTool') && (from === 'claude' || from === 'codex')) {
    out.note({
      severity: 'warning',
      code: 'claude-output-fields',
      message:
        'BeforeTool: Gemini CLI does not read hookSpecificOutput.permissionDecision, permissionDecisionReason or updatedInput. ' +
        'Hooks that deny with exit 2 + stderr, or print {"decision":"block"|"deny","reason":...}, behave the same; others must be changed ' +
        '(Gemini rewrites input through hookSpecificOutput.tool_input).',
    });
  } else if (events.has('BeforeTool') && VOCABULARY[from].protocol.deny !== VOCABULARY.gemini.protocol.deny) {
    out.note({
      severity: 'warning',
      code: 'decision-output',
      message: `BeforeTool: Gemini CLI reads a deny as {"decision":"deny","reason":"..."} (or exit 2 with the reason on stderr); a hook that denies with ${VOCABULARY[from].protocol.deny} must change`,
    });
  }
  if (events.has('AfterTool')) {
    out.note({
      severity: 'warning',
      code: 'exit-code-semantics',
      message: `AfterTool: in Gemini CLI exit 2 (or any exit code of 2 or more with output) replaces the tool result with a block; in ${agent} a post-tool hook cannot block.`,
    });
  }
  if (from !== 'claude' && events.has('AfterAgent') && !VOCABULARY[from].protocol.exit2Blocks.includes('stop')) {
    out.note({
      severity: 'warning',
      code: 'exit-code-semantics',
      message: `AfterAgent: in Gemini CLI exit 2 (or any exit code of 2 or more with output) makes the agent retry the turn; in ${agent} a stop hook cannot block that way.`,
    });
  }
  for (const event of ['BeforeAgent', 'SessionStart']) {
    if (!events.has(event)) continue;
    const canonical = event === 'BeforeAgent' ? 'prompt-submit' : 'session-start';
    if (!VOCABULARY[from].protocol.plainContext.includes(canonical)) continue;
    out.note({
      severity: 'warning',
      code: 'plain-stdout-context',
      message:
        `${event}: plain text on stdout becomes context for the model in ${agent}, but Gemini CLI shows it to the user as a systemMessage. ` +
        'To keep it as context, print {"hookSpecificOutput":{"additionalContext":"..."}}.',
    });
  }
  const deciding = ['BeforeTool', 'AfterTool', 'BeforeAgent', 'AfterAgent'].filter((e) => events.has(e));
  if (deciding.length > 0) {
    out.note({
      severity: 'info',
      code: 'exit-codes',
      message: `${deciding.join(', ')}: Gemini CLI turns any exit code of 2 or more with plain-text output into a deny (a missing script, exit 127, blocks); ${agent} ${VOCABULARY[from].protocol.exit2Blocks.length > 0 ? 'blocks only on exit code 2' : 'reads no exit code'}.`,
    });
  }
  if (events.size > 0) {
    out.note({
      severity: 'info',
      code: 'gemini-payload',
      message:
        "Hooks now receive Gemini CLI event JSON: tool names are Gemini's (run_shell_command, replace, ...) and the event names differ; review scripts that test tool_name or hook_event_name. " +
        'Gemini CLI runs workspace hooks only in a trusted folder.',
    });
  }
}

function sameDirectory(a: string, b: string): boolean {
  const real = (p: string) => {
    try {
      return fs.realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  return real(a) === real(b);
}

export const migration: MigrationAdapter = { agent: 'gemini', read, write };
