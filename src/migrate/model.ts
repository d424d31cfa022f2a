// The neutral hook model migrate translates through: every reader turns its agent's files into it, every
// writer turns it into its agent's files. Moments and tools are the canonical ones of vocabulary.ts; timeouts
// are milliseconds; a matcher is what it selects, never another agent's syntax.
import type { Context } from '../pipeline/context.js';
import type { Diagnostic, JsonObject, Location } from '../pipeline/types.js';
import type { AgentName, CanonicalEvent } from './vocabulary.js';

export type Note = Pick<Diagnostic, 'severity' | 'code' | 'message'>;

/** An MCP tool selection: an exact server (and tool), or a regex fragment written in the source's naming. */
export type McpSelector = { server: string; tool?: string; glob?: string } | { pattern: string; from?: AgentName };

/** What a matcher selects. */
export type NeutralMatcher =
  | { kind: 'all' }
  /** Canonical built-in tools (in the order the source named them), MCP tools, or every non-MCP tool. */
  | { kind: 'tools'; tools: string[]; mcp: McpSelector[]; builtin?: boolean }
  /** Canonical lifecycle values (CANONICAL_VALUES). */
  | { kind: 'values'; values: string[] };

export interface NeutralHook {
  event: CanonicalEvent;
  /** The source agent's spelling, for messages. */
  sourceEvent: string;
  matcher: NeutralMatcher;
  /** A shell command, in the source's shell dialect (sh). */
  command: string;
  /** Milliseconds (the source agent's default filled in); undefined: no timeout. */
  timeoutMs?: number;
  /** `timeoutMs` is the source agent's default, not a value the user wrote. */
  timeoutIsDefault?: boolean;
  description?: string;
  /** Where the hook came from. */
  location?: Location;
}

/** The source agent's hooks, as neutral data, with every finding about reading them. */
export interface NeutralModel {
  from: AgentName;
  sources: string[];
  hooks: NeutralHook[];
  findings: Diagnostic[];
  counts: { found: number; carried: number; skipped: number };
}

export interface ReadOptions {
  /** Kiro: which agent's embedded hooks. */
  agent?: string;
  /** Claude: the Claude Code behaviour the hooks were written for. */
  claudeVersion?: string;
  /** The agent the hooks are for (Kiro → Kiro reads only the agent-embedded format). */
  to?: AgentName;
}

/** What a writer produces: one file, its new content given the old, and what to print without --write. */
export interface WritePlan {
  /** The one file written (absolute). */
  file: string;
  /** What the file gets (printed on stdout without --write, and in --json). */
  fragment: JsonObject;
  /** Hooks the fragment holds. */
  hooks: number;
  /** Source hooks carried into it (the rest were reported as not migrated). */
  carried: number;
  /** The new text given the current one (undefined: no file yet). Throws a HookrunError when it cannot merge. */
  merge(original: string | undefined): { text: string; added: number; present: number };
  /** Said after writing, when the written file does something the user should know (hooks disabled, ...). */
  afterWrite?(original: string | undefined, ctx: Context): Note[];
}

/** The sink readers and writers report into, with the source location when there is one. */
export interface Notes {
  note(note: Note, location?: Location): void;
  /** Reported once per key. */
  once(key: string, note: Note, location?: Location): void;
}

export interface MigrationAdapter {
  agent: AgentName;
  /** The reader's own options (`--agent`, `--claude-version`): any other agent's reader refuses them. */
  takes?: readonly ('agent' | 'claudeVersion')[];
  /** Converting to itself means something (Kiro: agent-embedded hooks to Kiro CLI 3's hook files). */
  toItself?: boolean;
  /** The agent's files (the workspace's project-level ones) as neutral hooks; throws when there are none. */
  read(ctx: Context, options: ReadOptions): NeutralModel;
  /** The neutral hooks as the agent's workspace file, with a note for everything that cannot be carried. */
  write(model: NeutralModel, ctx: Context, notes: Notes): WritePlan;
}

/** Collects findings while a reader or writer walks its input. */
export class NoteList implements Notes {
  readonly findings: Diagnostic[] = [];
  private readonly keys = new Set<string>();

  note(note: Note, location?: Location): void {
    const finding: Diagnostic = { ...note };
    if (location) finding.location = location;
    this.findings.push(finding);
  }

  once(key: string, note: Note, location?: Location): void {
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.note(note, location);
  }
}

/** A reader's working state: the hooks, the findings and the counts. */
export class ModelBuilder extends NoteList {
  readonly hooks: NeutralHook[] = [];
  readonly counts = { found: 0, carried: 0, skipped: 0 };

  constructor(
    readonly from: AgentName,
    readonly sources: string[] = [],
  ) {
    super();
  }

  add(hook: NeutralHook): void {
    this.hooks.push(hook);
    this.counts.carried++;
  }

  result(): NeutralModel {
    return { from: this.from, sources: this.sources, hooks: this.hooks, findings: this.findings, counts: this.counts };
  }
}
