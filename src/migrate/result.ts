// What a migration produces, as data: the Gemini `hooks` object and every finding about what could not be
// carried (error), what was carried but behaves differently (warning), and notes (info).
import type { Diagnostic, Location } from '../types.js';
import type { Note } from './matchers.js';

export interface GeminiHookConfig {
  type: 'command';
  command: string;
  /** Milliseconds. */
  timeout?: number;
  description?: string;
}

export interface GeminiDefinition {
  matcher?: string;
  hooks: GeminiHookConfig[];
}

export type GeminiHooks = Record<string, GeminiDefinition[]>;

export interface MigrationResult {
  from: 'claude' | 'kiro';
  /** Files the hooks were read from. */
  sources: string[];
  hooks: GeminiHooks;
  findings: Diagnostic[];
  /** Source hooks seen, carried over, and left behind. */
  counts: { found: number; carried: number; skipped: number };
}

/** Collects definitions (deduplicated by event, matcher and command) and findings while a converter walks its source. */
export class MigrationBuilder {
  readonly hooks: GeminiHooks = {};
  readonly findings: Diagnostic[] = [];
  readonly counts = { found: 0, carried: 0, skipped: 0 };
  private readonly seen = new Set<string>();
  private readonly onceCodes = new Set<string>();

  constructor(
    readonly from: 'claude' | 'kiro',
    readonly sources: string[] = [],
  ) {}

  note(note: Note, location?: Location): void {
    const finding: Diagnostic = { ...note };
    if (location) finding.location = location;
    this.findings.push(finding);
  }

  /** A note that applies to the whole migration (or one Gemini event): reported once. */
  noteOnce(key: string, note: Note, location?: Location): void {
    if (this.onceCodes.has(key)) return;
    this.onceCodes.add(key);
    this.note(note, location);
  }

  /** Adds the hooks under each matcher; returns how many hooks were new (not already added). */
  add(event: string, matchers: readonly (string | undefined)[], hooks: readonly GeminiHookConfig[]): number {
    let added = 0;
    for (const matcher of matchers) {
      const fresh = hooks.filter((hook) => {
        const key = JSON.stringify([event, matcher ?? '', hook.command]);
        if (this.seen.has(key)) return false;
        this.seen.add(key);
        return true;
      });
      if (fresh.length === 0) continue;
      added += fresh.length;
      const definition: GeminiDefinition = matcher === undefined ? { hooks: fresh } : { matcher, hooks: fresh };
      (this.hooks[event] ??= []).push(definition);
    }
    return added;
  }

  result(): MigrationResult {
    return { from: this.from, sources: this.sources, hooks: this.hooks, findings: this.findings, counts: this.counts };
  }
}
