// Augment Auggie's side of `hookrun migrate`: reads the `hooks` of `.augment/settings.json` (and
// `settings.local.json`), timeouts in milliseconds, `command` + `args` joined into one shell command; writes
// `.augment/settings.json` with each command run as `bash -c`, since Auggie starts hooks without a shell.
import path from 'node:path';
import { quote } from 'shell-quote';
import type { Context } from '../../pipeline/context.js';
import { configError } from '../../pipeline/errors.js';
import { ModelBuilder, type MigrationAdapter, type NeutralModel, type Note, type Notes, type WritePlan } from '../../migrate/model.js';
import { openJson, readEventsObject, timeoutMs } from '../../migrate/read.js';
import { byEvent, protocolNotes, translateHooks } from '../../migrate/translate.js';
import { planEventsWrite } from '../../migrate/write.js';
import type { JsonObject } from '../../pipeline/types.js';
import { AUGGIE_DEFAULT_TIMEOUT_MS } from './settings.js';
import * as observed from '../../files/journal.js';

const projectFiles = (ctx: Context): string[] => ['settings.json', 'settings.local.json'].map((name) => path.join(ctx.cwd, '.augment', name));

function read(ctx: Context): NeutralModel {
  const files = projectFiles(ctx).filter((file) => observed.exists(file));
  if (files.length === 0) throw configError(`no Augment Auggie project settings found: expected ${projectFiles(ctx)[0]}`);
  const out = new ModelBuilder('auggie', files);
  for (const file of files) {
    readEventsObject(openJson(file, false), 'auggie', out, {
      root: ['hooks'],
      grouped: () => true,
      handler(raw) {
        const notes: Note[] = [];
        if (raw.type !== 'command') return { notes, skip: { code: 'invalid-hook-type', message: `type ${JSON.stringify(raw.type)} is not "command"; not migrated` } };
        const timeout = timeoutMs(raw.timeout, 'ms', 'timeout', AUGGIE_DEFAULT_TIMEOUT_MS);
        if (timeout.note) notes.push(timeout.note);
        let command = typeof raw.command === 'string' ? raw.command : undefined;
        if (command !== undefined && Array.isArray(raw.args)) {
          const args = raw.args.map(String);
          // `bash -c SCRIPT` is already a shell command: the script is what it runs.
          command = command === 'bash' && args[0] === '-c' && args.length === 2 ? args[1]! : quote([command, ...args]);
          notes.push({ severity: 'info', code: 'exec-form-converted', message: `command + args written as the shell command ${JSON.stringify(command)}` });
        }
        return { command, timeoutMs: timeout.ms, timeoutIsDefault: timeout.isDefault, notes };
      },
    });
  }
  return out.result();
}

function write(model: NeutralModel, ctx: Context, notes: Notes): WritePlan {
  const hooks = translateHooks(model, 'auggie', notes);
  const events = byEvent(hooks, (hook) => {
    const handler: JsonObject = { type: 'command', command: 'bash', args: ['-c', hook.command] };
    if (hook.timeout !== undefined) handler.timeout = hook.timeout;
    return handler;
  });
  protocolNotes(model.from, 'auggie', hooks, notes);
  return planEventsWrite(projectFiles(ctx)[0]!, events, hooks.length, { comments: false });
}

export const migration: MigrationAdapter = { agent: 'auggie', read, write };
