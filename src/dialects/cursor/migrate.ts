// Cursor's side of `hookrun migrate`, pure over file text (docs/sources.md §X2.2–2.5): `.cursor/hooks.json` is
// {version: 1, hooks: {<camelCaseEvent>: [{command, matcher?, timeout? (seconds), type?, failClosed?,
// loop_limit?}]}}, flat entries. The shell, MCP, read-file and file-edit events are read as tool events on
// those tools; their matchers compare a command string or a path, which no other agent matches on. What is
// written goes on preToolUse/postToolUse with a tool-type matcher.
import path from 'node:path';
import type { Context } from '../../pipeline/context.js';
import { configError } from '../../pipeline/errors.js';
import { ModelBuilder, type MigrationAdapter, type NeutralModel, type Note, type Notes, type WritePlan } from '../../migrate/model.js';
import { readEventsObject, type Doc, timeoutMs } from '../../migrate/read.js';
import { byEvent, protocolNotes, translateHooks } from '../../migrate/translate.js';
import { planEventsWrite, versionOneFile } from '../../migrate/write.js';
import { VOCABULARY } from '../../migrate/lookup.js';
import { parseJsoncObject } from '../../files/jsonc.js';
import type { JsonObject } from '../../pipeline/types.js';
import { readInputFile } from '../../files/read-input.js';

const DEFAULT_MS = VOCABULARY.cursor.timeout.default * 1000;

export const cursorHooksFile = (ctx: Context): string => path.join(ctx.cwd, '.cursor', 'hooks.json');

/** One hooks.json text into `out`. */
export function readCursorText(text: string, file: string, out: ModelBuilder): void {
  const doc = parseJsoncObject(text, file, 'a Cursor hooks file must be a JSON object.', { comments: false }) as Doc;
  if (doc.value.version !== undefined && doc.value.version !== 1) {
    out.note({ severity: 'warning', code: 'cursor-version', message: `"version" is ${JSON.stringify(doc.value.version)}, not 1` }, doc.locate(['version']));
  }
  readEventsObject(doc, 'cursor', out, {
    root: ['hooks'],
    grouped: () => false,
    handler(raw) {
      const notes: Note[] = [];
      if (raw.type === 'prompt')
        return { notes, skip: { code: 'hook-type-unsupported', message: 'prompt hooks (a model answers) have no counterpart in the other agents; not migrated' } };
      if (raw.type !== undefined && raw.type !== 'command')
        return { notes, skip: { code: 'invalid-hook-type', message: `type ${JSON.stringify(raw.type)} is not "command"; not migrated` } };
      const timeout = timeoutMs(raw.timeout, 's', 'timeout', DEFAULT_MS);
      if (timeout.note) notes.push(timeout.note);
      if (raw.failClosed === true)
        notes.push({
          severity: 'warning',
          code: 'fail-closed-not-carried',
          message: '"failClosed": true is not carried: in the other agents a crashed or timed-out hook lets the action proceed (hookrun run --fail-closed restores it)',
        });
      if (raw.loop_limit !== undefined) notes.push({ severity: 'info', code: 'loop-limit-not-carried', message: `"loop_limit" ${JSON.stringify(raw.loop_limit)} is not carried` });
      return { command: typeof raw.command === 'string' ? raw.command : undefined, timeoutMs: timeout.ms, timeoutIsDefault: timeout.isDefault, matcher: raw.matcher, notes };
    },
  });
}

function read(ctx: Context): NeutralModel {
  const file = cursorHooksFile(ctx);
  let text: string;
  try {
    text = readInputFile(file, 'utf8');
  } catch {
    throw configError(`no Cursor hooks found: expected ${file}`);
  }
  const out = new ModelBuilder('cursor', [file]);
  readCursorText(text, file, out);
  return out.result();
}

/** The neutral hooks as a Cursor hooks.json fragment, and its merge into `file`. */
export function writeCursor(model: NeutralModel, file: string, notes: Notes): WritePlan {
  const hooks = translateHooks(model, 'cursor', notes);
  const events = byEvent(
    hooks,
    (hook) => {
      const handler: JsonObject = { command: hook.command };
      if (hook.timeout !== undefined) handler.timeout = hook.timeout;
      return handler;
    },
    () => 'flat',
  );
  protocolNotes(model.from, 'cursor', hooks, notes);
  return planEventsWrite(file, events, hooks.length, { comments: false, fresh: versionOneFile });
}

export const migration: MigrationAdapter = {
  agent: 'cursor',
  read,
  write: (model, ctx, notes) => writeCursor(model, cursorHooksFile(ctx), notes),
};
