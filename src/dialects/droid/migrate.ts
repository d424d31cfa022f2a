// Factory Droid's side of `hookrun migrate`: reads the project's hook file as run does (settings.ts:
// `.factory/hooks.json` with the events at its top level, else the `hooks` of `.factory/settings.json`),
// timeouts in seconds; writes `.factory/hooks.json`, events at the top level, as strict JSON.
import type { Context } from '../../pipeline/context.js';
import { configError } from '../../pipeline/errors.js';
import { ModelBuilder, type MigrationAdapter, type NeutralModel, type Note, type Notes, type WritePlan } from '../../migrate/model.js';
import { openJson, readEventsObject, timeoutMs } from '../../migrate/read.js';
import { byEvent, protocolNotes, translateHooks } from '../../migrate/translate.js';
import { planEventsWrite } from '../../migrate/write.js';
import type { JsonObject } from '../../pipeline/types.js';
import { firstFile } from '../kit/files.js';
import { DROID_DEFAULT_TIMEOUT_SEC, droidSources } from './settings.js';
import path from 'node:path';

function read(ctx: Context): NeutralModel {
  const sources = droidSources(ctx).filter((s) => s.project);
  const found = firstFile(sources.map((s) => s.path));
  const source = sources.find((s) => s.path === found);
  if (!source) throw configError(`no Factory Droid project hooks found: expected ${path.join(ctx.cwd, '.factory', 'hooks.json')}`);
  const out = new ModelBuilder('droid', [source.path]);
  readEventsObject(openJson(source.path, false), 'droid', out, {
    root: source.prefix,
    grouped: () => true,
    handler(raw) {
      const notes: Note[] = [];
      if (raw.type !== 'command') return { notes, skip: { code: 'invalid-hook-type', message: `type ${JSON.stringify(raw.type)} is not "command"; not migrated` } };
      const timeout = timeoutMs(raw.timeout, 's', 'timeout', DROID_DEFAULT_TIMEOUT_SEC * 1000);
      if (timeout.note) notes.push(timeout.note);
      return { command: typeof raw.command === 'string' ? raw.command : undefined, timeoutMs: timeout.ms, timeoutIsDefault: timeout.isDefault, notes };
    },
  });
  return out.result();
}

function write(model: NeutralModel, ctx: Context, notes: Notes): WritePlan {
  const hooks = translateHooks(model, 'droid', notes);
  const events = byEvent(hooks, (hook) => {
    const handler: JsonObject = { type: 'command', command: hook.command };
    if (hook.timeout !== undefined) handler.timeout = hook.timeout;
    return handler;
  });
  protocolNotes(model.from, 'droid', hooks, notes);
  if (hooks.some((h) => h.event.event === 'pre-tool')) {
    notes.once('droid-first-decision', {
      severity: 'info',
      code: 'droid-first-decision-wins',
      message: 'Droid lets the FIRST PreToolUse hook with a permissionDecision decide: an earlier "allow" lets the tool run past a later "deny"',
    });
  }
  return planEventsWrite(path.join(ctx.cwd, '.factory', 'hooks.json'), events, hooks.length, { root: [], comments: false });
}

export const migration: MigrationAdapter = { agent: 'droid', read, write };
