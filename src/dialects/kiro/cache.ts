// Kiro CLI's `cache_ttl_seconds` (docs/kiro.md "Cache (`cache_ttl_seconds`)"), kept on disk: Kiro holds the cache in memory for one chat
// session, while every hookrun run is its own process. A successful (exit 0) result is stored as its
// (already cut) output and reused without starting the hook while it is fresh; agentSpawn results never
// expire, as in Kiro's code. One small JSON file per key, written to a temp file and renamed into place,
// so concurrent runs only ever see whole entries (the last writer wins; every writer wrote the same kind
// of value).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { homeDir, type Context } from '../../pipeline/context.js';
import type { HookInvocation, HookResultCache, Interpretation } from '../dialect.js';
import type { HookResult, JsonObject, PlannedHook } from '../../pipeline/types.js';
import { kiroDefinition, type KiroHookDefinition } from './exec.js';
import { readInputFileAsync } from '../../files/read-input.js';
import { parseJsonBounded } from '../../files/json-depth.js';

const FORMAT_VERSION = 1;

/** `$XDG_CACHE_HOME/hookrun` (an absolute XDG_CACHE_HOME only, as the XDG spec says), else `~/.cache/hookrun`. */
export function hookrunCacheDir(ctx: Context): string {
  const xdg = ctx.env.XDG_CACHE_HOME;
  const base = xdg && path.isAbsolute(xdg) ? xdg : path.join(homeDir(ctx), '.cache');
  return path.join(base, 'hookrun');
}

/** What one cache entry is keyed on: everything Kiro keys on, plus what stands in for Kiro's session. */
export interface KiroCacheKey {
  trigger: string;
  /** The whole hook definition after defaults (command, matcher, timeout_ms, max_output_size, cache_ttl_seconds). */
  hook: KiroHookDefinition;
  /** The agent file the hook comes from (Kiro's key has the hook's source; its session has one agent). */
  agentFile: string;
  /** Kiro's cache lives in one session, which runs in one directory. */
  workspace: string;
  /** The event's session_id when it carries one: a new session starts with an empty cache, as in Kiro. */
  session: string | null;
}

export interface KiroCacheEntry {
  version: number;
  key: KiroCacheKey;
  storedAt: string;
  /** ISO time after which the entry is stale; null: never (agentSpawn). */
  expiresAt: string | null;
  output: string;
}

export function cacheKey(hook: PlannedHook, input: JsonObject, ctx: Context): KiroCacheKey {
  return {
    trigger: hook.entry.event,
    hook: kiroDefinition(hook),
    agentFile: hook.entry.location?.file ?? '',
    workspace: ctx.cwd,
    session: typeof input.session_id === 'string' ? input.session_id : null,
  };
}

/** Stable serialisation (sorted keys), so equal keys hash equally whatever order they were built in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as JsonObject)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function cacheFileName(key: KiroCacheKey): string {
  return `${createHash('sha256')
    .update(canonical({ version: FORMAT_VERSION, ...key }))
    .digest('hex')}.json`;
}

/** When a fresh result of this hook stops being reusable; undefined: it is not stored at all. */
export function expiryFor(key: KiroCacheKey, now: Date): Date | null | undefined {
  if (key.trigger === 'agentSpawn') return null;
  if (key.hook.cache_ttl_seconds <= 0) return undefined;
  return new Date(now.getTime() + key.hook.cache_ttl_seconds * 1000);
}

function isFresh(entry: KiroCacheEntry, now: Date): boolean {
  return entry.expiresAt === null || now.getTime() < Date.parse(entry.expiresAt);
}

function parseEntry(text: string): KiroCacheEntry | undefined {
  try {
    const value = parseJsonBounded(text) as Partial<KiroCacheEntry>;
    if (value.version !== FORMAT_VERSION || typeof value.output !== 'string') return undefined;
    if (value.expiresAt !== null && (typeof value.expiresAt !== 'string' || Number.isNaN(Date.parse(value.expiresAt)))) return undefined;
    return value as KiroCacheEntry;
  } catch {
    return undefined;
  }
}

export interface KiroCacheOptions {
  /** Directory of the entries (default `<hookrun cache dir>/kiro`). */
  dir?: string;
}

/** The on-disk cache for one run. Problems (an unwritable directory, ...) become notes, never failures. */
export function createKiroCache(ctx: Context, options: KiroCacheOptions = {}): HookResultCache {
  const dir = options.dir ?? path.join(hookrunCacheDir(ctx), 'kiro');
  const notes: string[] = [];
  const note = (message: string): void => {
    if (!notes.includes(message)) notes.push(message);
  };
  const keys = new Map<PlannedHook, KiroCacheKey>();
  const keyOf = (hook: PlannedHook, input: JsonObject): KiroCacheKey => {
    let key = keys.get(hook);
    if (!key) {
      key = cacheKey(hook, input, ctx);
      keys.set(hook, key);
    }
    return key;
  };

  return {
    notes,

    async get(hook: PlannedHook, _invocation: HookInvocation, input: JsonObject): Promise<Interpretation | undefined> {
      const key = keyOf(hook, input);
      // Only agentSpawn keeps results without a TTL; anything else with TTL 0 is never stored, so skip the read.
      if (expiryFor(key, ctx.now()) === undefined) return undefined;
      const file = path.join(dir, cacheFileName(key));
      let text: string;
      try {
        text = await readInputFileAsync(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') note(`cannot read the Kiro hook cache ${file}: ${errorMessage(error)}`);
        return undefined;
      }
      const entry = parseEntry(text);
      if (!entry || !isFresh(entry, ctx.now())) return undefined;
      return { success: true, exitCode: 0, output: entry.output, outputFormat: 'text' };
    },

    async put(hook: PlannedHook, _invocation: HookInvocation, result: HookResult): Promise<void> {
      if (!result.success || result.exitCode !== 0 || typeof result.output !== 'string') return;
      const key = keyOf(hook, result.input);
      const now = ctx.now();
      const expiry = expiryFor(key, now);
      if (expiry === undefined) return;
      const entry: KiroCacheEntry = {
        version: FORMAT_VERSION,
        key,
        storedAt: now.toISOString(),
        expiresAt: expiry === null ? null : expiry.toISOString(),
        output: result.output,
      };
      const file = path.join(dir, cacheFileName(key));
      const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        // Hook output can hold anything a script printed (tokens included): only the user may read it.
        await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
        await fs.promises.writeFile(temp, `${JSON.stringify(entry)}\n`, { mode: 0o600, flag: 'wx' });
        await fs.promises.rename(temp, file);
      } catch (error) {
        await fs.promises.rm(temp, { force: true }).catch(() => {});
        note(`cannot write the Kiro hook cache in ${dir}: ${errorMessage(error)}; the hook will run again next time`);
      }
    },
  };
}

function errorMessage(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code ? `${code}` : error instanceof Error ? error.message : String(error);
}
