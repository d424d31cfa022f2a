// Antigravity CLI's side of `hookrun migrate`. Reads the workspace's hooks.json files with the dialect's own
// loader (settings.ts: strict JSON, named hooks, case-insensitive event keys, a rejected file dropped whole);
// writes `.agents/hooks.json` with one named hook, `migrated-from-<agent>`, holding every migrated handler:
// matcher groups on PreToolUse/PostToolUse, flat handlers elsewhere, timeouts in seconds (docs/sources.md §K1.2, §K1.9).
// agy reads decisions only as JSON on stdout and denies a tool call a PreToolUse hook answered nothing to, so
// what a script must change is said (translate.ts protocolNotes).
import path from 'node:path';
import type { Context } from '../../pipeline/context.js';
import { configError } from '../../pipeline/errors.js';
import { readMatcher } from '../../migrate/read.js';
import { ModelBuilder, type MigrationAdapter, type NeutralModel, type Notes, type WritePlan } from '../../migrate/model.js';
import { byEvent, protocolNotes, translateHooks } from '../../migrate/translate.js';
import { planEventsWrite } from '../../migrate/write.js';
import { readEvent } from '../../migrate/lookup.js';
import type { JsonObject } from '../../pipeline/types.js';
import { AGY_DEFAULT_TIMEOUT_SECONDS, agyHookFiles, droppedFileMessage, readAgyFile } from './settings.js';

function read(ctx: Context): NeutralModel {
  const files = agyHookFiles(ctx).filter((f) => f.scope === 'workspace');
  const loaded = files.map(readAgyFile).filter((l) => l.exists);
  if (loaded.length === 0) throw configError(`no Antigravity CLI hook files found: expected ${path.join(ctx.cwd, '.agents', 'hooks.json')}`);
  const out = new ModelBuilder(
    'antigravity',
    loaded.map((l) => l.file.path),
  );
  for (const file of loaded) {
    if (file.error) {
      out.note(
        { severity: 'error', code: 'agy-file-dropped', message: `${droppedFileMessage(file.error)}; nothing in it is migrated` },
        file.error.location ?? { file: file.file.path, line: 0, column: 0, path: [] },
      );
      continue;
    }
    for (const d of file.diagnostics) out.note(d, d.location);
    for (const entry of file.entries) {
      out.counts.found++;
      const where = entry.location;
      const skip = (code: string, message: string, severity: 'error' | 'info' = 'error') => {
        out.counts.skipped++;
        out.note({ severity, code, message }, where);
      };
      if (!entry.enabled) {
        skip('disabled', `${entry.displayName} belongs to a disabled named hook ("enabled": false); not migrated`, 'info');
        continue;
      }
      if (entry.config.type !== 'command') {
        skip('hook-type-unsupported', `${entry.displayName} is a prompt handler, which the other agents have no counterpart for; not migrated`);
        continue;
      }
      if (!entry.config.command) {
        skip('missing-command', `${entry.displayName} has no command; not migrated`);
        continue;
      }
      const event = readEvent('antigravity', entry.event)!;
      const matcher = readMatcher('antigravity', event, entry.matcher === null ? undefined : entry.matcher);
      for (const n of matcher.notes) out.note(n, where);
      if (!matcher.ok) {
        skip(matcher.code, `${matcher.reason}; not migrated`);
        continue;
      }
      const ms = entry.config.timeout;
      out.add({
        event: event.event,
        sourceEvent: event.name,
        matcher: matcher.matcher,
        command: entry.config.command,
        ...(ms !== undefined ? { timeoutMs: ms, ...(ms === AGY_DEFAULT_TIMEOUT_SECONDS * 1000 ? { timeoutIsDefault: true } : {}) } : {}),
        ...(where ? { location: where } : {}),
      });
      out.once('agy-cwd', {
        severity: 'info',
        code: 'agy-cwd',
        message:
          'agy runs a hook in the folder of its hooks.json (.agents/); the migrated hooks run where their new agent runs them, so relative paths in the commands may need changing',
      });
    }
  }
  return out.result();
}

function write(model: NeutralModel, ctx: Context, notes: Notes): WritePlan {
  const file = path.join(ctx.cwd, '.agents', 'hooks.json');
  const name = `migrated-from-${model.from}`;
  const hooks = translateHooks(model, 'antigravity', notes).map((hook) =>
    // agy reads a group without "matcher" as "" (every tool) by Go's zero value; "*" says it in the documented form.
    hook.event.grouped ? { ...hook, matchers: hook.matchers.map((m) => m ?? '*') } : hook,
  );
  const events = byEvent(
    hooks,
    (hook) => {
      const handler: JsonObject = { type: 'command', command: hook.command };
      if (hook.timeout !== undefined) handler.timeout = hook.timeout;
      return handler;
    },
    (hook) => (hook.event.grouped ? 'grouped' : 'flat'),
  );
  protocolNotes(model.from, 'antigravity', hooks, notes);
  return planEventsWrite(file, events, hooks.length, { root: [name], comments: false });
}

export const migration: MigrationAdapter = { agent: 'antigravity', read, write };
