// VS Code's side of `hookrun migrate`: reads the workspace hook files VS Code loads (settings.ts: the
// `.github/hooks/*.json` files and the locations `.vscode/settings.json` adds; Claude Code's own files are
// `--from claude`'s), JSONC, flat command entries or Claude's matcher groups, camelCase fields, `timeout`
// (or `timeoutSec`) in seconds, the command VS Code would run on this OS. Writes
// `.github/hooks/migrated-from-<agent>.json` in VS Code's form: `{hooks: {<Event>: [{type, command, timeout}]}}`.
import path from 'node:path';
import type { Context } from '../../pipeline/context.js';
import { configError } from '../../pipeline/errors.js';
import { isPlainObject } from '../../files/jsonc.js';
import { ModelBuilder, type MigrationAdapter, type NeutralModel, type Note, type Notes, type WritePlan } from '../../migrate/model.js';
import { openJson, readEventsObject, timeoutMs } from '../../migrate/read.js';
import { byEvent, commandHandler, protocolNotes, translateHooks } from '../../migrate/translate.js';
import { planEventsWrite } from '../../migrate/write.js';
import type { JsonObject } from '../../pipeline/types.js';
import { readVscodeFiles, VSCODE_DEFAULT_TIMEOUT_SEC, vscodeCommandFor, vscodeLocations } from './settings.js';
import { vscodeEventOf } from './events.js';

/** Claude Code's settings files, which VS Code also loads: `--from claude` reads them. */
const isClaudeFile = (written: string): boolean => written.startsWith('.claude/');

function read(ctx: Context): NeutralModel {
  const files = readVscodeFiles(ctx).filter((f) => f.exists && f.location.project);
  const own = files.filter((f) => !isClaudeFile(f.location.written));
  if (own.length === 0) throw configError(`no VS Code hook files found: expected ${path.join(ctx.cwd, '.github', 'hooks', '*.json')}`);
  const out = new ModelBuilder(
    'vscode',
    own.map((f) => f.path),
  );
  for (const file of files.filter((f) => isClaudeFile(f.location.written))) {
    out.note(
      {
        severity: 'info',
        code: 'other-agent-file',
        message: `VS Code also runs the hooks of ${file.path}; they are Claude Code's and not read here (migrate them with --from claude)`,
      },
      { file: file.path, line: 0, column: 0, path: [] },
    );
  }
  for (const file of own) {
    const doc = openJson(file.path, true, 'A hook file must be a JSON object {"hooks": {...}}.');
    // VS Code takes an event's list as flat command entries or as Claude Code's matcher groups.
    const lists = isPlainObject(doc.value.hooks) ? doc.value.hooks : {};
    const grouped = new Set(
      Object.keys(lists)
        .filter((key) => Array.isArray(lists[key]) && lists[key].length > 0 && lists[key].every((e: unknown) => isPlainObject(e) && Array.isArray(e.hooks)))
        .map((key) => vscodeEventOf(key) ?? key),
    );
    readEventsObject(doc, 'vscode', out, {
      root: ['hooks'],
      // Copilot CLI's lowerCamelCase names are VS Code's events too (`preToolUse` → `PreToolUse`).
      caseInsensitive: true,
      grouped: (event) => grouped.has(event.name),
      handler: (raw) => readHandler(raw, ctx.platform),
    });
  }
  return out.result();
}

function readHandler(raw: JsonObject, platform: NodeJS.Platform) {
  const notes: Note[] = [];
  const skip = (code: string, message: string) => ({ notes, skip: { code, message } });
  if (Array.isArray(raw.hooks)) return skip('invalid-hook-entry', 'a matcher group among flat command entries; not migrated (write the list all flat or all grouped)');
  if ((raw.type ?? 'command') !== 'command') return skip('invalid-hook-type', `type ${JSON.stringify(raw.type)} is not "command"; not migrated`);
  const { command, own, overrides } = vscodeCommandFor(raw, platform);
  // The fields VS Code would run on another OS: the others' own, and `command` when this OS has its own.
  const mine = own === undefined ? [] : [own, own === 'windows' ? 'powershell' : 'bash'];
  const others = [...overrides.filter((k) => !mine.includes(k)), ...(command !== raw.command && raw.command !== undefined ? ['command'] : [])];
  if (typeof command === 'string' && others.length > 0) {
    notes.push({
      severity: 'warning',
      code: 'per-os-not-carried',
      message: `the command for this OS (${platform}) is carried; ${others.map((k) => `"${k}"`).join(', ')} ${others.length === 1 ? 'is' : 'are'} not: the other agents take one command for every OS`,
    });
  }
  const field = raw.timeout !== undefined ? 'timeout' : 'timeoutSec';
  const timeout = timeoutMs(raw[field], 's', field, VSCODE_DEFAULT_TIMEOUT_SEC * 1000);
  if (timeout.note) notes.push(timeout.note);
  if (raw.cwd !== undefined) notes.push({ severity: 'warning', code: 'cwd-not-carried', message: `"cwd" ${JSON.stringify(raw.cwd)} is not carried: add a cd to the command` });
  if (raw.env !== undefined) notes.push({ severity: 'warning', code: 'env-not-carried', message: '"env" is not carried: set the variables in the command instead' });
  // VS Code ignores every matcher: the vocabulary's events say so, and readMatcher drops it with a note.
  return { command: typeof command === 'string' ? command : undefined, timeoutMs: timeout.ms, timeoutIsDefault: timeout.isDefault, notes };
}

function write(model: NeutralModel, ctx: Context, notes: Notes): WritePlan {
  const file = path.join(ctx.cwd, '.github', 'hooks', `migrated-from-${model.from}.json`);
  const hooks = translateHooks(model, 'vscode', notes);
  // VS Code's flat entries: no matcher to write, since it reads none.
  const events = byEvent(hooks, commandHandler, () => 'flat');
  protocolNotes(model.from, 'vscode', hooks, notes);
  if (hooks.length > 0) {
    notes.note({
      severity: 'info',
      code: 'shared-folder',
      message: `Copilot CLI reads .github/hooks too: it runs these hooks as well (with VS Code's payload for PascalCase events)`,
    });
    if (model.from === 'claude' && vscodeLocations(ctx).some((l) => l.written === '.claude/settings.json')) {
      notes.note({
        severity: 'warning',
        code: 'runs-twice',
        message: `VS Code already runs the hooks of .claude/settings.json (chat.hookFilesLocations): keep one copy, or each hook runs twice`,
      });
    }
  }
  return planEventsWrite(file, events, hooks.length);
}

export const migration: MigrationAdapter = { agent: 'vscode', read, write };
