// Codex CLI's side of `hookrun migrate`, pure over file text (docs/sources.md §X1.2–1.6): `.codex/hooks.json` is
// Claude Code's shape exactly ({hooks: {Event: [{matcher, hooks: [{type, command, timeout}]}]}}, timeouts in
// seconds, default 600), read and written as strict JSON. The `[hooks]` tables of `.codex/config.toml` are not
// read (said when present). Codex rejects permissionDecision "ask", which translate.ts reports.
import path from 'node:path';
import type { Context } from '../../pipeline/context.js';
import { configError } from '../../pipeline/errors.js';
import { ModelBuilder, type MigrationAdapter, type NeutralModel, type Note, type Notes, type WritePlan } from '../../migrate/model.js';
import { readEventsObject, type Doc, timeoutMs } from '../../migrate/read.js';
import { byEvent, protocolNotes, translateHooks } from '../../migrate/translate.js';
import { planEventsWrite } from '../../migrate/write.js';
import { VOCABULARY } from '../../migrate/lookup.js';
import { parseJsoncObject } from '../../files/jsonc.js';
import type { JsonObject } from '../../pipeline/types.js';
import { readInputFile } from '../../files/read-input.js';
import { codexMatcher } from './matcher.js';

const DEFAULT_MS = VOCABULARY.codex.timeout.default * 1000;

export const codexHooksFile = (ctx: Context): string => path.join(ctx.cwd, '.codex', 'hooks.json');

/** One hooks.json text into `out`. */
export function readCodexText(text: string, file: string, out: ModelBuilder): void {
  const doc = parseJsoncObject(text, file, 'a Codex hooks file must be a JSON object.', { comments: false }) as Doc;
  // What run's loader drops the file for (settings.ts); the hooks are still carried, since they are what was meant.
  for (const key of Object.keys(doc.value)) {
    if (key === 'hooks' || key === 'description') continue;
    out.note(
      {
        severity: 'warning',
        code: 'codex-file-dropped',
        message: `Codex drops this whole file for the top-level field "${key}" (it reads only "description" and "hooks"), so none of its hooks runs in Codex today`,
      },
      doc.locate([key], { key: true }),
    );
  }
  readEventsObject(doc, 'codex', out, {
    root: ['hooks'],
    grouped: () => true,
    // What run reads (matcher.ts): Claude Code's classic list-or-regex rule, with Rust's regex syntax on top
    // (a leading `(?i)` is a flag, look-around and backreferences are errors that drop the group).
    classify: codexMatcher,
    handler(raw) {
      const notes: Note[] = [];
      if (raw.type === 'prompt' || raw.type === 'agent' || raw.type === 'mcp_tool') {
        return { notes, skip: { code: 'hook-type-unsupported', message: `"${String(raw.type)}" handlers are not migrated (Codex itself skips prompt and agent hooks)` } };
      }
      if (raw.type !== undefined && raw.type !== 'command')
        return { notes, skip: { code: 'invalid-hook-type', message: `type ${JSON.stringify(raw.type)} is not "command"; not migrated` } };
      const timeout = timeoutMs(raw.timeout, 's', 'timeout', DEFAULT_MS);
      if (timeout.note) notes.push(timeout.note);
      if (raw.async === true)
        notes.push({
          severity: 'warning',
          code: 'async-made-sync',
          message: 'this async Codex hook runs before the action in the other agents: its exit code and output take part in the decision',
        });
      if (typeof raw.commandWindows === 'string') notes.push({ severity: 'info', code: 'windows-command-dropped', message: '"commandWindows" is not carried' });
      return {
        command: typeof raw.command === 'string' ? raw.command : undefined,
        timeoutMs: timeout.ms,
        timeoutIsDefault: timeout.isDefault,
        description: typeof raw.statusMessage === 'string' ? raw.statusMessage : undefined,
        notes,
      };
    },
  });
}

function read(ctx: Context): NeutralModel {
  const file = codexHooksFile(ctx);
  const toml = path.join(ctx.cwd, '.codex', 'config.toml');
  let text: string | undefined;
  try {
    text = readInputFile(file, 'utf8');
  } catch {
    text = undefined;
  }
  const tomlHooks = hasTomlHooks(toml);
  if (text === undefined && !tomlHooks) throw configError(`no Codex hooks found: expected ${file}`);
  const out = new ModelBuilder('codex', text === undefined ? [] : [file]);
  if (text !== undefined) readCodexText(text, file, out);
  if (tomlHooks) {
    out.note(
      { severity: 'warning', code: 'toml-hooks-not-read', message: `${toml} has [hooks] tables, which hookrun migrate does not read; move them to ${file} first` },
      { file: toml, line: 0, column: 0, path: [] },
    );
  }
  return out.result();
}

function hasTomlHooks(file: string): boolean {
  try {
    return /^\s*\[\[?hooks[.\]]/m.test(readInputFile(file, 'utf8'));
  } catch {
    return false;
  }
}

/** The neutral hooks as a Codex hooks.json fragment, and its merge into `file`. */
export function writeCodex(model: NeutralModel, file: string, notes: Notes): WritePlan {
  const hooks = translateHooks(model, 'codex', notes);
  const events = byEvent(hooks, (hook) => {
    const handler: JsonObject = { type: 'command', command: hook.command };
    if (hook.timeout !== undefined) handler.timeout = hook.timeout;
    if (hook.description !== undefined) handler.statusMessage = hook.description;
    return handler;
  });
  protocolNotes(model.from, 'codex', hooks, notes);
  if (hooks.length > 0) {
    notes.once('codex-trust', {
      severity: 'info',
      code: 'codex-hook-trust',
      message: 'Codex runs a new or changed hook only after it is reviewed and trusted in /hooks (or with --dangerously-bypass-hook-trust)',
    });
  }
  return planEventsWrite(file, events, hooks.length, { comments: false });
}

export const migration: MigrationAdapter = {
  agent: 'codex',
  read,
  write: (model, ctx, notes) => writeCodex(model, codexHooksFile(ctx), notes),
};
