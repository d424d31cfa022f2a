// Gemini CLI's `/hooks enable|disable|enable-all|disable-all` (hookSettings.ts, hooksCommand.ts) as
// edits of `hooksConfig.disabled`: in the workspace and user settings files only (system files are
// never touched). Each change reads the file under its lock, edits the one array in place and
// replaces the file atomically, so concurrent hookrun calls never lose each other's names.
import fs from 'node:fs';
import path from 'node:path';
import type { Context } from '../../../pipeline/context.js';
import { configError, formatLocation, type HookrunError } from '../../../pipeline/errors.js';
import type { JsonObject } from '../../../pipeline/types.js';
import { readEditableSync } from '../../../files/editable.js';
import { expandEnvInObject } from './expand.js';
import { parseTree } from 'jsonc-parser';
import { appendToJsoncArray, removeFromJsoncArray, removeJsoncChild } from '../../../files/edit.js';
import { geminiSettingsPaths, workspaceIsHome } from './load.js';
import { findNode, isPlainObject, parseJsoncObject, type JsoncDocument } from '../../../files/jsonc.js';
import { writeFileAtomic } from '../../../files/atomic.js';
import { type LockOptions, withSettingsLock } from '../../../files/lock.js';
import * as observed from '../../../files/journal.js';

export type WritableScope = 'workspace' | 'user';

export interface ScopeFile {
  scope: WritableScope;
  path: string;
}

export interface HookActionResult {
  status: 'success' | 'no-op' | 'error';
  action: 'enable' | 'disable';
  hookName: string;
  /** Scopes whose file was changed. */
  modifiedScopes: ScopeFile[];
  /** Scopes that were already in the wanted state (Gemini lists them in its message too). */
  alreadyInStateScopes: ScopeFile[];
  error?: string;
}

const DISABLED_PATH = ['hooksConfig', 'disabled'];

/**
 * The scopes Gemini's panel writes, workspace first. When the workspace is the home directory,
 * `<cwd>/.gemini/settings.json` IS the user file, so there is one scope: user.
 */
export function writableScopes(ctx: Context): ScopeFile[] {
  const paths = geminiSettingsPaths(ctx);
  const user: ScopeFile = { scope: 'user', path: paths.user };
  return workspaceIsHome(ctx) ? [user] : [{ scope: 'workspace', path: paths.workspace }, user];
}

/** One scope's `hooksConfig.disabled`, read from the file as it is now. */
interface DisabledList {
  file: ScopeFile;
  /** Absent when the file does not exist. */
  doc?: JsoncDocument;
  /** The names after environment expansion (what Gemini compares); same indices as in the file. */
  names: unknown[];
}

function readDisabledList(file: ScopeFile, ctx: Context): DisabledList {
  // Not valid UTF-8: refused (decoding would turn the bad bytes into U+FFFD on the rewrite).
  const text = readEditableSync(file.path);
  if (text === undefined) return { file, names: [] };
  const doc = parseJsoncObject(text, file.path, 'Settings file is not a valid JSON object.');
  const settings = expandEnvInObject(doc.value, ctx.env) as JsonObject;
  const hooksConfig = settings.hooksConfig;
  if (hooksConfig === undefined) return { file, doc, names: [] };
  if (!isPlainObject(hooksConfig)) throw notEditable(doc, ['hooksConfig'], 'an object', hooksConfig);
  const names = hooksConfig.disabled;
  if (names === undefined) return { file, doc, names: [] };
  if (!Array.isArray(names)) throw notEditable(doc, DISABLED_PATH, 'a list of hook names', names);
  return { file, doc, names };
}

function notEditable(doc: JsoncDocument, at: string[], expected: string, value: unknown): HookrunError {
  const location = doc.locate(at);
  const found = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
  return configError(`${formatLocation(location)}: "${at.join('.')}" must be ${expected}, found ${found}; fix it by hand first`, location);
}

/**
 * hookrun leaves no empty list behind (Gemini CLI writes `"disabled": []`): once the last name is out,
 * the `disabled` key goes, and `hooksConfig` with it when nothing else is in it. Comments and the rest
 * of the file stay as they are.
 */
function dropEmptyDisabledList(text: string): string {
  for (const at of [DISABLED_PATH, ['hooksConfig']]) {
    const root = parseTree(text);
    const value = root && findNode(root, at);
    const property = value?.parent;
    const container = property?.parent;
    const empty = value && (value.children ?? []).length === 0 && (value.type === 'array' || value.type === 'object');
    if (!empty || !property || !container || container.type !== 'object') return text;
    text = removeJsoncChild(text, container, container.children!.indexOf(property));
  }
  return text;
}

/** Writes `names` as a new settings file (Gemini writes `JSON.stringify(settings, null, 2)`, no final newline). */
function newSettingsText(names: unknown[]): string {
  return JSON.stringify({ hooksConfig: { disabled: names } }, null, 2);
}

async function lockAll<T>(files: string[], fn: () => Promise<T>, options?: LockOptions): Promise<T> {
  // Always in the same (sorted) order, so two processes locking the same pair cannot deadlock.
  const sorted = [...new Set(files)].sort();
  const run = (index: number): Promise<T> => (index === sorted.length ? fn() : withSettingsLock(sorted[index]!, () => run(index + 1), options));
  return run(0);
}

function failure(action: 'enable' | 'disable', hookName: string, error: unknown, partial: Partial<HookActionResult> = {}): HookActionResult {
  const verb = action === 'enable' ? 'enable' : 'disable';
  return {
    status: 'error',
    action,
    hookName,
    modifiedScopes: partial.modifiedScopes ?? [],
    alreadyInStateScopes: partial.alreadyInStateScopes ?? [],
    error: `Failed to ${verb} hook: ${error instanceof Error ? error.message : String(error)}`,
  };
}

/** `/hooks enable <name>`: removes the name from every writable scope's list that has it. */
export async function enableHook(ctx: Context, hookName: string, options?: LockOptions): Promise<HookActionResult> {
  const scopes = writableScopes(ctx);
  const modifiedScopes: ScopeFile[] = [];
  const alreadyInStateScopes: ScopeFile[] = [];
  try {
    const existing = scopes.filter((scope) => observed.exists(scope.path)).map((scope) => scope.path);
    await lockAll(
      existing,
      async () => {
        const lists = scopes.map((scope) => readDisabledList(scope, ctx));
        for (const list of lists) {
          // A file that does not exist is named nowhere: the message lists only files that are there.
          if (!list.doc) continue;
          if (!list.names.includes(hookName)) {
            alreadyInStateScopes.push(list.file);
            continue;
          }
          let text = list.doc.text;
          for (let index = list.names.length - 1; index >= 0; index--) {
            if (list.names[index] === hookName) text = removeFromJsoncArray(text, DISABLED_PATH, index);
          }
          writeFileAtomic(list.file.path, dropEmptyDisabledList(text));
          modifiedScopes.push(list.file);
        }
      },
      options,
    );
  } catch (error) {
    return failure('enable', hookName, error, { modifiedScopes, alreadyInStateScopes });
  }
  return { status: modifiedScopes.length === 0 ? 'no-op' : 'success', action: 'enable', hookName, modifiedScopes, alreadyInStateScopes };
}

/** `/hooks disable <name>`: appends the name to the first writable scope (the workspace, as Gemini picks). */
export async function disableHook(ctx: Context, hookName: string, options?: LockOptions): Promise<HookActionResult> {
  const [target, other] = writableScopes(ctx) as [ScopeFile, ScopeFile | undefined];
  try {
    await fs.promises.mkdir(path.dirname(target.path), { recursive: true });
    return await withSettingsLock(
      target.path,
      async (): Promise<HookActionResult> => {
        const list = readDisabledList(target, ctx);
        if (list.names.includes(hookName)) {
          return { status: 'no-op', action: 'disable', hookName, modifiedScopes: [], alreadyInStateScopes: [target] };
        }
        const alsoIn = other && readDisabledList(other, ctx).names.includes(hookName) ? [other] : [];
        const text = list.doc ? appendToJsoncArray(list.doc.text, DISABLED_PATH, hookName) : newSettingsText([hookName]);
        writeFileAtomic(target.path, text);
        return { status: 'success', action: 'disable', hookName, modifiedScopes: [target], alreadyInStateScopes: alsoIn };
      },
      options,
    );
  } catch (error) {
    return failure('disable', hookName, error);
  }
}

/** `/hooks enable-all`: empties every writable scope's list (a file without a list is left alone). Throws on failure. */
export async function clearDisabledLists(ctx: Context, options?: LockOptions): Promise<ScopeFile[]> {
  const scopes = writableScopes(ctx).filter((scope) => observed.exists(scope.path));
  const modified: ScopeFile[] = [];
  await lockAll(
    scopes.map((scope) => scope.path),
    async () => {
      for (const scope of scopes) {
        const list = readDisabledList(scope, ctx);
        if (!list.doc || list.names.length === 0) continue;
        let text = list.doc.text;
        for (let index = list.names.length - 1; index >= 0; index--) text = removeFromJsoncArray(text, DISABLED_PATH, index);
        writeFileAtomic(scope.path, dropEmptyDisabledList(text));
        modified.push(scope);
      }
    },
    options,
  );
  return modified;
}

/**
 * `/hooks disable-all`: every given name into the first writable scope's list. Names already
 * there stay (Gemini replaces the list; keeping the others loses nothing). Throws on failure.
 */
export async function addToDisabledList(ctx: Context, names: string[], options?: LockOptions): Promise<ScopeFile | undefined> {
  const [target] = writableScopes(ctx) as [ScopeFile];
  await fs.promises.mkdir(path.dirname(target.path), { recursive: true });
  return withSettingsLock(
    target.path,
    async () => {
      const list = readDisabledList(target, ctx);
      const missing = [...new Set(names)].filter((name) => !list.names.includes(name));
      if (missing.length === 0) return undefined;
      let text = list.doc?.text;
      if (text === undefined) {
        text = newSettingsText(missing);
      } else {
        for (const name of missing) text = appendToJsoncArray(text, DISABLED_PATH, name);
      }
      writeFileAtomic(target.path, text);
      return target;
    },
    options,
  );
}
