// Qwen Code's side of `hookrun migrate`: reads the `hooks` of the project's `.qwen/settings.json` (JSONC, as
// settings.ts reads it), Claude Code's shape; `timeout` in seconds, but 1000 or more is milliseconds as Qwen
// reads it (LEGACY_MS_THRESHOLD). Writes `.qwen/settings.json`, merged: comments, layout and hooks kept.
import { quote } from 'shell-quote';
import type { Context } from '../../pipeline/context.js';
import { configError } from '../../pipeline/errors.js';
import { ModelBuilder, type MigrationAdapter, type NeutralModel, type Note, type Notes, type WritePlan } from '../../migrate/model.js';
import { openJson, readEventsObject, timeoutMs } from '../../migrate/read.js';
import { byEvent, commandHandler, protocolNotes, translateHooks } from '../../migrate/translate.js';
import { planEventsWrite } from '../../migrate/write.js';
import { VOCABULARY } from '../../migrate/lookup.js';
import { isPlainObject, parseJsoncObject } from '../../files/jsonc.js';
import type { JsonObject } from '../../pipeline/types.js';
import * as observed from '../../files/journal.js';
import { LEGACY_MS_THRESHOLD, qwenSettingsPaths } from './settings.js';
import { realpathOr } from '../claude/settings.js';
import { classifyQwenMatcher } from './plan.js';

const DEFAULT_MS = VOCABULARY.qwen.timeout.default * 1000;
const WHAT = 'Qwen Code settings must be a JSON object.';

function read(ctx: Context): NeutralModel {
  const paths = qwenSettingsPaths(ctx);
  if (!observed.exists(paths.project)) throw configError(`no Qwen Code project settings found: expected ${paths.project}`);
  const doc = openJson(paths.project, true, WHAT);
  const out = new ModelBuilder('qwen', [paths.project]);
  if (doc.value.disableAllHooks === true) {
    out.note(
      { severity: 'info', code: 'hooks-disabled', message: `${paths.project} sets "disableAllHooks": Qwen Code runs none of its hooks; they are migrated anyway` },
      doc.locate(['disableAllHooks']),
    );
  }
  // The engine's config keys inside `hooks`, skipped as Qwen skips them (settings.ts).
  readEventsObject(doc, 'qwen', out, {
    root: ['hooks'],
    grouped: () => true,
    classify: classifyQwenMatcher,
    settingKeys: ['enabled', 'disabled', 'notifications'],
    handler: readHandler,
  });
  for (const [label, file] of [
    ['user', paths.user],
    ['system', paths.system],
  ] as const) {
    if (file !== paths.project && observed.exists(file)) {
      out.note(
        { severity: 'info', code: 'other-scope', message: `${file} (${label} settings) may hold hooks too; they are not copied into the workspace` },
        { file, line: 0, column: 0, path: [] },
      );
    }
  }
  return out.result();
}

function readHandler(raw: JsonObject) {
  const notes: Note[] = [];
  const skip = (code: string, message: string) => ({ notes, skip: { code, message } });
  if (raw.type === 'http' || raw.type === 'prompt' || raw.type === 'function') {
    return skip('hook-type-unsupported', `"${String(raw.type)}" hooks have no counterpart in the other agents (hookrun migrates command hooks); not migrated`);
  }
  if (raw.type !== 'command') return skip('invalid-hook-type', `type ${JSON.stringify(raw.type)} is not "command"; not migrated`);
  if (raw.shell === 'powershell') return skip('powershell-only', '"shell": "powershell" hooks are not migrated: the other agents run sh/bash commands');
  let command = typeof raw.command === 'string' ? raw.command : undefined;
  if (command !== undefined && Array.isArray(raw.args)) {
    command = quote([command, ...raw.args.map(String)]);
    notes.push({ severity: 'info', code: 'exec-form-converted', message: `exec form (command + args) written as the shell command ${JSON.stringify(command)}` });
  }
  // Qwen's own rule (hook-timeout.ts): a number this large keeps its old meaning, milliseconds.
  const legacy = typeof raw.timeout === 'number' && raw.timeout >= LEGACY_MS_THRESHOLD;
  const timeout = timeoutMs(raw.timeout, legacy ? 'ms' : 's', 'timeout', DEFAULT_MS);
  if (timeout.note) notes.push(timeout.note);
  if (legacy)
    notes.push({
      severity: 'info',
      code: 'timeout-read-as-ms',
      message: `timeout ${String(raw.timeout)} is ${LEGACY_MS_THRESHOLD} or more, so Qwen Code reads it as milliseconds (${String(raw.timeout)} ms), and so does migrate`,
    });
  if (raw.env !== undefined) notes.push({ severity: 'warning', code: 'env-not-carried', message: 'the hook\'s "env" is not carried: set the variables in the command instead' });
  if (raw.async === true)
    notes.push({
      severity: 'warning',
      code: 'async-made-sync',
      message: 'this async hook runs before the action in agents without background hooks (all but Codex): its exit code and output take part in the decision',
    });
  if (raw.once === true) notes.push({ severity: 'warning', code: 'once-not-carried', message: '"once" is not carried: the hook runs every time its event fires' });
  const description = typeof raw.statusMessage === 'string' ? raw.statusMessage : typeof raw.name === 'string' ? raw.name : undefined;
  return { command, timeoutMs: timeout.ms, timeoutIsDefault: timeout.isDefault, description, notes };
}

function write(model: NeutralModel, ctx: Context, notes: Notes): WritePlan {
  const paths = qwenSettingsPaths(ctx);
  const file = paths.project;
  const hooks = translateHooks(model, 'qwen', notes);
  const events = byEvent(hooks, (hook) => ({ ...commandHandler(hook), ...(hook.description !== undefined ? { statusMessage: hook.description } : {}) }));
  protocolNotes(model.from, 'qwen', hooks, notes);
  return {
    ...planEventsWrite(file, events, hooks.length),
    afterWrite(original) {
      const said: Note[] = [];
      if (disablesAll(original, file))
        said.push({ severity: 'warning', code: 'hooks-disabled', message: `${file} sets "disableAllHooks": true: Qwen Code runs none of these hooks` });
      // In the home directory the project file is the user file (settings.ts reads it once, as the user's).
      if (realpathOr(file) === realpathOr(paths.user)) {
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

function disablesAll(text: string | undefined, file: string): boolean {
  if (!text) return false;
  try {
    const value = parseJsoncObject(text, file, WHAT).value;
    return isPlainObject(value) && value.disableAllHooks === true;
  } catch {
    return false;
  }
}

export const migration: MigrationAdapter = { agent: 'qwen', read, write };
