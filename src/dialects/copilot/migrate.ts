// GitHub Copilot CLI's side of `hookrun migrate`, pure over file text (docs/sources.md §X3.2–3.5): the
// repository's `.github/hooks/*.json` files are {version: 1, hooks: {<event>: [{type, bash | command |
// powershell, timeoutSec (seconds, default 30; "timeout" when it is absent), matcher, cwd, env}]}}, flat
// entries with a whole-name regex matcher. Written: `.github/hooks/migrated-from-<agent>.json`.
import fs from 'node:fs';
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

const DEFAULT_MS = VOCABULARY.copilot.timeout.default * 1000;

export const copilotHooksDir = (ctx: Context): string => path.join(ctx.cwd, '.github', 'hooks');

/** One hook file's text into `out`. */
export function readCopilotText(text: string, file: string, out: ModelBuilder): void {
  const doc = parseJsoncObject(text, file, 'a Copilot hook file must be a JSON object.', { comments: false }) as Doc;
  if (doc.value.disableAllHooks === true) {
    out.note(
      { severity: 'info', code: 'hooks-disabled', message: `${file} sets "disableAllHooks": Copilot runs none of its hooks; they are migrated anyway` },
      doc.locate(['disableAllHooks']),
    );
  }
  readEventsObject(doc, 'copilot', out, {
    root: ['hooks'],
    grouped: () => false,
    handler(raw, event) {
      const notes: Note[] = [];
      if (raw.type === 'http' || raw.type === 'prompt')
        return {
          notes,
          skip: { code: 'hook-type-unsupported', message: `"${String(raw.type)}" hooks have no counterpart in the other agents (hookrun migrates command hooks); not migrated` },
        };
      if (raw.type !== undefined && raw.type !== 'command')
        return { notes, skip: { code: 'invalid-hook-type', message: `type ${JSON.stringify(raw.type)} is not "command"; not migrated` } };
      let command = typeof raw.bash === 'string' ? raw.bash : typeof raw.command === 'string' ? raw.command : undefined;
      if (command === undefined && typeof raw.exec === 'string') {
        command = [raw.exec, ...(Array.isArray(raw.args) ? raw.args.map(String) : [])].map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(' ');
        notes.push({ severity: 'info', code: 'exec-form-converted', message: `exec form (exec + args) written as the shell command ${JSON.stringify(command)}` });
      }
      if (command === undefined && typeof raw.powershell === 'string') {
        return { notes, skip: { code: 'powershell-only', message: 'a PowerShell-only hook is not migrated: the other agents run sh/bash commands' } };
      }
      const timeout = timeoutMs(raw.timeoutSec ?? raw.timeout, 's', raw.timeoutSec !== undefined ? 'timeoutSec' : 'timeout', DEFAULT_MS);
      if (timeout.note) notes.push(timeout.note);
      if (raw.cwd !== undefined) notes.push({ severity: 'warning', code: 'cwd-not-carried', message: `"cwd" ${JSON.stringify(raw.cwd)} is not carried: add a cd to the command` });
      if (raw.env !== undefined) notes.push({ severity: 'warning', code: 'env-not-carried', message: '"env" is not carried: set the variables in the command instead' });
      if (/^[A-Z]/.test(event.name))
        notes.push({
          severity: 'info',
          code: 'vscode-format',
          message: `${event.name} (PascalCase) hooks get the VS Code-compatible payload and Claude tool names in Copilot; the matcher is read as Copilot's`,
        });
      return { command, timeoutMs: timeout.ms, timeoutIsDefault: timeout.isDefault, matcher: raw.matcher, notes };
    },
  });
}

function read(ctx: Context): NeutralModel {
  const dir = copilotHooksDir(ctx);
  let names: string[];
  try {
    names = fs
      .readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort();
  } catch {
    names = [];
  }
  if (names.length === 0) throw configError(`no Copilot hook files found: expected ${path.join(dir, '*.json')}`);
  const files = names.map((n) => path.join(dir, n));
  const out = new ModelBuilder('copilot', files);
  for (const file of files) {
    let text: string;
    try {
      text = readInputFile(file, 'utf8');
    } catch (error) {
      throw configError(`cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    readCopilotText(text, file, out);
  }
  return out.result();
}

/** The neutral hooks as a Copilot hook file, and its merge into `file`. */
export function writeCopilot(model: NeutralModel, file: string, notes: Notes): WritePlan {
  const hooks = translateHooks(model, 'copilot', notes);
  const events = byEvent(
    hooks,
    (hook) => {
      const handler: JsonObject = { type: 'command', bash: hook.command };
      if (hook.timeout !== undefined) handler.timeoutSec = hook.timeout;
      return handler;
    },
    () => 'flat',
  );
  protocolNotes(model.from, 'copilot', hooks, notes);
  return planEventsWrite(file, events, hooks.length, { comments: false, fresh: versionOneFile });
}

export const migration: MigrationAdapter = {
  agent: 'copilot',
  read,
  write: (model, ctx, notes) => writeCopilot(model, path.join(copilotHooksDir(ctx), `migrated-from-${model.from}.json`), notes),
};
