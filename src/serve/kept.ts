// Loaded configurations kept by a resident process (`hookrun serve`, a library session) for as long as
// they provably still hold: each is kept with the journal of its load (src/files/journal.ts), and is
// used again only after every observation in it repeats (each file's identity and times, each absence,
// each realpath, each environment variable). A load that cannot be checked again is not kept. So the
// next request after an edit sees it, as docs/serve.md "Settings, trust and `.env` freshness" asks (never a stale answer).
//
// What is kept is frozen: the pipeline adds its own diagnostics and policy to a per-request copy, and
// anything else that tried to change a kept configuration would throw instead of leaking into the next
// request's answer.
import type { Context } from '../pipeline/context.js';
import type { Dialect, LoadOptions } from '../dialects/dialect.js';
import { journaled, type Journal } from '../files/journal.js';
import type { ResolvedConfig } from '../pipeline/types.js';

/** Configurations kept at once: a server answering many workspaces or events keeps the most recent ones. */
const MAX_KEPT = 32;

interface Kept {
  journal: Journal;
  config: ResolvedConfig;
}

/** How the pipeline asks for a configuration: the dialect's `loadConfig` (a one-shot run), or a {@link KeptConfigs}'s `load`. */
export type LoadConfig = (dialect: Dialect, ctx: Context, options: LoadOptions) => Promise<ResolvedConfig>;

/** What a request may change of a kept configuration: its own list of diagnostics and its policy. */
function forRequest(config: ResolvedConfig): ResolvedConfig {
  return { ...config, diagnostics: [...config.diagnostics] };
}

function isPlain(value: object): boolean {
  if (Array.isArray(value)) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Freezes plain objects and arrays all the way down; other objects (and `skip`) are left as they are. */
function freeze(value: unknown, skip: ReadonlySet<object>): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value) || skip.has(value) || !isPlain(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) freeze(child, skip);
}

export class KeptConfigs {
  readonly #kept = new Map<string, Kept>();

  /** How many configurations are kept now. */
  get size(): number {
    return this.#kept.size;
  }

  /**
   * The configuration `dialect.loadConfig(ctx, options)` gives now: a kept one while it still holds.
   * `tell` hears how it was had, for a log: kept, loaded, or loaded and not kept (and why).
   */
  async load(dialect: Dialect, ctx: Context, options: LoadOptions, tell?: (how: string) => void): Promise<ResolvedConfig> {
    const key = `${dialect.name}\0${ctx.platform}\0${ctx.cwd}\0${JSON.stringify(options)}`;
    const kept = this.#kept.get(key);
    if (kept) {
      this.#kept.delete(key);
      if (kept.journal.unchanged()) {
        this.#kept.set(key, kept);
        tell?.('kept');
        return forRequest(kept.config);
      }
    }
    const { value: config, journal } = await journaled((journal) => dialect.loadConfig(journal.context(ctx), options));
    if (!journal.keepable) {
      tell?.(`loaded, not kept: ${journal.why}`);
      return config;
    }
    tell?.(kept ? 'loaded again: what it was loaded from changed' : 'loaded');
    freeze(config, new Set([ctx.env, ...journal.environments]));
    this.#kept.set(key, { journal, config });
    if (this.#kept.size > MAX_KEPT) this.#kept.delete(this.#kept.keys().next().value!);
    return forRequest(config);
  }
}
