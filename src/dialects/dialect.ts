// The seam between the pipeline and an agent's rules. Everything that differs between Gemini CLI,
// Claude Code and Kiro CLI (event names, config locations, matchers, timeouts, output parsing,
// chaining, merge, outcome) is a member here; the stages in src/ call through it.
import type { Context } from '../pipeline/context.js';
import type {
  AggregateResult,
  CodeInfo,
  Diagnostic,
  HookResult,
  JsonObject,
  Outcome,
  Plan,
  PlannedHook,
  ProcessOutcome,
  RegistryEntry,
  ResolvedConfig,
  TrustDecision,
  ValidateResult,
} from '../pipeline/types.js';

import type { HookTrustGate } from '../trust/policy.js';
import type { MigrationAdapter } from '../migrate/model.js';
import type { DialectName } from './index.js';

export type { DialectName };

/** Where an agent's configuration was found, per level: the file or folder that shows it is configured. */
export interface ConfiguredAt {
  workspace?: string;
  user?: string;
}

export interface LoadOptions {
  /** `--trust-workspace`: the user's explicit word that this workspace is trusted for this run. */
  trustWorkspace?: boolean;
  /** The event being run, for dialects whose files depend on it (Kiro: a PascalCase trigger selects Kiro CLI 3's hook files). */
  event?: string;
  /** Dialect-specific selector (Kiro: `--agent NAME`). */
  agent?: string;
  /** The Claude Code version whose behaviour to follow (`--claude-version`), for Claude and for Cursor's third-party Claude hooks. */
  claudeVersion?: string;
  /** The Gemini CLI release whose behaviour to follow (`--gemini-version`). */
  geminiVersion?: string;
  /** Cursor: `--third-party-hooks`, load Claude Code's hooks below Cursor's own (also HOOKRUN_CURSOR_THIRD_PARTY=1). */
  thirdPartyHooks?: boolean;
  /** Also return the hooks the agent would not register (`ResolvedConfig.considered`), for explain and list. */
  keepInactive?: boolean;
}

/** How one hook is started: what the runner hands to the process-lifetime module. */
export interface HookInvocation {
  command: string;
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  stdin: string;
  timeoutMs: number;
  /** Dialect-specific cap on the output its `interpret` keeps (Kiro: `max_output_size`, in bytes). */
  outputLimitBytes?: number;
  /** The agent decodes each read from the pipe on its own (see SpawnRequest.decodeEachRead). */
  decodeEachRead?: boolean;
  /** What the run should say about this hook before it starts (e.g. a value Gemini CLI would run as code). */
  warnings?: Diagnostic[];
  /** No safe command could be built (e.g. an event value in an arithmetic context): the hook is reported as unable to start, with this error. */
  cannotStart?: string;
  /** Not a process: POST `stdin` to this URL (exec/http.ts); the response comes back as a ProcessOutcome with `http` set. */
  http?: HttpHookRequest;
}

export interface HttpHookRequest {
  url: string;
  headers: Record<string, string>;
  /** URL patterns (`*` wildcard) the agent's settings allow; undefined: any URL. An empty list allows none. */
  allowedUrls?: readonly string[];
}

/** The agent-level part of a hook result, derived from how its process ended. */
export type Interpretation = Pick<HookResult, 'success' | 'output' | 'outputFormat' | 'error' | 'exitCode'>;

/**
 * Results an agent reuses instead of starting a hook again (Kiro: `cache_ttl_seconds`). `run` asks before
 * starting each planned hook and reports every finished one; `--no-cache` leaves it out.
 */
export interface HookResultCache {
  /** A stored result for this hook and input, used instead of starting it. */
  get(hook: PlannedHook, invocation: HookInvocation, input: JsonObject): Promise<Interpretation | undefined>;
  /** A hook that ran: the cache keeps it if the agent would. */
  put(hook: PlannedHook, invocation: HookInvocation, result: HookResult): Promise<void>;
  /** Problems worth telling the user (e.g. an unwritable cache directory); never fatal. */
  readonly notes: readonly string[];
}

/**
 * `--fail-closed` for one agent: what counts as its hook failing to answer, and the block that stands in
 * for the missing answer, in the agent's own output shape. hookrun applies it (aggregate/fail-closed.ts).
 */
export interface FailClosedRules {
  /** Why this hook failed to answer, in words; undefined when it answered (an allow or a block is an answer). */
  failure(event: string, result: HookResult): string | undefined;
  /**
   * The merged output with a block for `reasons` (one line per failed hook) added, such that `outcome` reads
   * it as a block; undefined where the agent cannot block this event.
   */
  block(event: string, output: JsonObject | undefined, reasons: readonly string[], config: ResolvedConfig): JsonObject | undefined;
}

/**
 * How the run report puts this agent's answers in words: the fields of a hook's answer and of the merged
 * output that the agent reads, in the order the report says them. render/report.ts asks; it reads no
 * answer field itself, and makes what it is given one line of text.
 */
export interface AnswerWords {
  /** One hook's JSON answer: what it decided (e.g. ["stop", "deny"]), and the reason it gave (falsy: none). */
  hook(output: Readonly<Record<string, unknown>>): { decided: string[]; why: unknown };
  /** The merged output's reason for this outcome (falsy: none given; the report then says its own default). */
  outcome(output: JsonObject, outcome: Exclude<Outcome, 'proceed'>): unknown;
}

/**
 * The parts of the merged answer that the dialect-neutral verdict names (src/pipeline/verdict.ts), read
 * from the fields this agent hands on. The verdict's updated input and added context come from
 * `rewrittenToolInput` and `addedContext`; these are the rest.
 */
export interface VerdictWords {
  /** Why the merged answer blocks, asks or stops, as the agent hands it on (to the model first, else the user); falsy: none given. */
  reason(event: string, output: JsonObject, outcome: Exclude<Outcome, 'proceed'>): unknown;
  /** The message the agent shows the user beside the outcome; falsy: none (or the agent has no such field). */
  systemMessage(output: JsonObject): unknown;
}

/** `hookrun validate` for one agent: a static check of its hook files that never runs a hook. */
export interface DialectValidator {
  /** Every finding code the check reports (`--ignore` accepts these). */
  codes: readonly string[];
  /** Severity and title per code, where the dialect has them (SARIF rules). */
  rules?: Readonly<Record<string, CodeInfo>>;
  /** Throws a usage HookrunError for a bad option (e.g. an unknown `--claude-version` or `--gemini-version`). */
  validate(ctx: Context, options: { ignore?: readonly string[]; claudeVersion?: string; geminiVersion?: string }): ValidateResult | Promise<ValidateResult>;
}

/** Lines of text for a command to print, and the same as JSON. */
export interface CommandPart {
  json: JsonObject;
  lines: string[];
}

/**
 * `hookrun trust`'s part for an agent that records the project hooks it trusts by fingerprint (Gemini
 * CLI's trusted_hooks.json). The folder rules (trustedFolders.json, hookrun's record for every agent) and
 * which agents each record covers are the command's own (src/cli/commands/trust.ts).
 */
export interface HookFingerprints {
  /** The listing: the folder's trust decision as the agent makes it, and its records after the folder rules. */
  listing(ctx: Context, color: boolean): CommandPart & { trust: TrustDecision };
  /** `trust --hooks`: the workspace's project hooks shown, then recorded as trusted (`dryRun`: what would be). `coveredBy`: the agents this record decides for. */
  record(ctx: Context, options: { dryRun: boolean; coveredBy: readonly string[] }): Promise<CommandPart>;
  /** `trust --revoke`: the project's fingerprints forgotten. */
  revoke(ctx: Context, options: { dryRun: boolean }): Promise<CommandPart>;
  /** After `trust --folder`: the project hooks that still do not run until recorded (undefined: none), said at once. */
  pendingNote(ctx: Context, folder: string): { line: string; count: number } | undefined;
  /** `list`: whether each workspace hook's fingerprint is recorded. */
  recorded(ctx: Context): RecordedFingerprints;
}

export interface RecordedFingerprints {
  file: string;
  /** True when this workspace hook's fingerprint is recorded for the project. */
  has(entry: RegistryEntry): boolean;
  /** Why the record was treated as empty, when it exists but cannot be used. */
  problem?: string;
}

/** What a switch command prints: its outcome as data, the message in the agent's words, and warnings. */
export interface HookSwitchReport {
  status: 'success' | 'no-op' | 'error';
  action: string;
  message: string;
  warnings: string[];
  [key: string]: unknown;
}

export interface SwitchOptions {
  trustWorkspace?: boolean;
  /** `--gemini-version`: the release whose rules decide what the switches see. */
  geminiVersion?: string;
}

/**
 * `hookrun enable|disable NAME` and `enable-all|disable-all` for an agent whose per-hook switch hookrun
 * edits (Gemini CLI's hooksConfig.disabled): the checks, the edit, the messages and the warnings are the
 * agent's; src/cli/commands/panel.ts only asks for a name, prints the report and sets the exit code.
 */
export interface HookSwitch {
  /** What the switches edit, in words ("Gemini CLI's hooksConfig.disabled"), for the refusal of an agent without them. */
  edits: string;
  toggle(ctx: Context, action: 'enable' | 'disable', hookName: string, options: SwitchOptions): Promise<HookSwitchReport>;
  toggleAll(ctx: Context, action: 'enable-all' | 'disable-all', options: SwitchOptions): Promise<HookSwitchReport>;
}

/**
 * `hookrun record`: where the agent's capture hook goes and what the agent makes of it. The install and
 * removal (byte-exact restore, surgical removal, the state file) are src/cli/commands/record.ts's own.
 */
export interface CaptureTarget {
  /** Every event the capture hook can be installed for, in the order `record` names them. */
  events: readonly string[];
  /** The workspace settings file `record` edits. */
  settingsFile(ctx: Context): string;
  /** Why the agent would not run the capture hook here, said at once rather than after a session. */
  notes(ctx: Context): Promise<string[]>;
  /** The capture hook just written, made trusted for the agent's own gate (Gemini CLI: its fingerprint), so `run` does not hold it back. */
  trust(ctx: Context): Promise<void>;
}

export interface Dialect {
  name: DialectName;
  /** The agent as its users call it ("Claude Code"), for messages; default: `name`. */
  agentName?: string;
  /** Every event name this agent fires, exact spelling. */
  events: readonly string[];
  /**
   * Whether two of the names in `events` are spellings of one event, for the check that the event named on
   * the command line and the JSON's `hook_event_name` agree (Copilot: `preToolUse` and its PascalCase alias
   * `PreToolUse`). Absent: only the same spelling is the same event.
   */
  sameEvent?(a: string, b: string): boolean;
  /**
   * The payload fields of an event, where the agent's events differ in shape (Cursor: beforeShellExecution
   * sends `command`, not `tool_input`): `--tool`/`--tool-input` on an event without their field is then a
   * usage error, not a field the hooks never read (a guard that sees no command allows).
   */
  eventFields?(event: string): readonly string[] | undefined;
  /** Event field names that hookrun's convenience flags (`--tool`, `--prompt`, ...) set. */
  flagFields: Readonly<Record<'tool' | 'toolInput' | 'toolResponse' | 'prompt' | 'source' | 'reason' | 'trigger', string>>;

  /** Validates event-specific field types and fills the base fields the agent always sends. */
  completeInput(event: string, input: JsonObject, ctx: Context): JsonObject;
  /** Resolves the agent's configuration into a registry (with diagnostics and the trust decision). */
  loadConfig(ctx: Context, options: LoadOptions): Promise<ResolvedConfig>;
  /** Pure: which hooks of the registry run for this event and input, in which order and mode. */
  plan(config: ResolvedConfig, event: string, input: JsonObject): Plan;
  /** How to start one hook for this input (command expansion, shell, environment, timeout). */
  invocation(hook: PlannedHook, input: JsonObject, config: ResolvedConfig, ctx: Context): HookInvocation;
  /** Why the agent fails this hook without starting anything, if it does (reported as the hook's error). */
  cannotStart?(hook: PlannedHook, config: ResolvedConfig, ctx: Context): string | undefined;
  /** The result of a hook the agent answers without a process (Kiro CLI 3's agent actions), if this is one. */
  answer?(hook: PlannedHook, input: JsonObject): Interpretation | undefined;
  /** Turns a finished process into the agent's view of the hook's result. */
  interpret(event: string, outcome: ProcessOutcome, invocation: HookInvocation): Interpretation;
  /** Sequential mode: the input the next hook receives after this result. */
  chain(event: string, input: JsonObject, result: HookResult): JsonObject;
  /**
   * Sequential mode: why the agent starts no later hook of this event after this result (Copilot: the
   * first preToolUse deny), in words; undefined, or absent, to go on.
   */
  endsEvent?(event: string, result: HookResult): string | undefined;
  /** Pure: merges the results the way the agent does (`config`: the loaded configuration, for its agent version). */
  aggregate(event: string, results: readonly HookResult[], config?: ResolvedConfig): AggregateResult;
  /** What the merged output makes the agent do, for the exit code. */
  outcome(event: string, finalOutput: JsonObject | undefined, config?: ResolvedConfig): Outcome;
  /** The report's words for this agent's answers (render/report.ts). */
  answerWords: AnswerWords;
  /** The verdict's reason and user message, from this agent's fields (aggregate/verdict.ts). */
  verdictWords: VerdictWords;
  /**
   * The tool input the merged answer makes the tool run with instead of the event's, where the agent lets
   * a hook rewrite it (`hookrun test`'s `toolInput`). Absent, or undefined returned: the event's own
   * (its `flagFields.toolInput` field).
   */
  rewrittenToolInput?(event: string, output: JsonObject): unknown;
  /**
   * The context the merged answer adds for the model (`hookrun test`'s `additionalContext`), where the agent
   * reads it elsewhere than `hookSpecificOutput.additionalContext` (Gemini CLI's, Claude Code's and Codex
   * CLI's field).
   */
  addedContext?(event: string, output: JsonObject): unknown;
  /**
   * The agent takes no context text from its hooks: what a fixture's `additionalContext` expectation is told
   * instead (a check that could never pass, or never fail, is a bad fixture).
   */
  noAddedContext?: string;
  /**
   * The agent's project-hook fingerprint gate, when it has one (Gemini CLI's trusted_hooks.json): which
   * project hooks are new or changed, and what `run` does with them under `--hook-trust` (`hookTrust`).
   */
  gateProjectHooks?(ctx: Context, config: ResolvedConfig, hookTrust: string | undefined): HookTrustGate;
  /** `--dialect auto`: the file or folder at each level that shows this agent is configured here. */
  configuredAt(ctx: Context): ConfiguredAt;
  /** `--fail-closed`: failed to answer, and the block instead. */
  failClosed: FailClosedRules;
  /** The agent's result cache, when it has one. */
  resultCache?(config: ResolvedConfig, ctx: Context): HookResultCache;
  /** `hookrun migrate`: the reader and writer of the agent's hook files (a lazy import of its migrate.ts). */
  migration?: () => Promise<MigrationAdapter>;
  /** `validate`: this agent's static check, loaded on demand; absent, validate says hookrun has none for it. */
  validator?(): Promise<DialectValidator>;
  /** `explain`: the loader's diagnostics located under `hooks.<event>` that are that event's unregistered hooks. */
  droppedHookCodes?: DroppedHookCodes;
  /** `enable`/`disable`/`enable-all`/`disable-all` (a lazy import); absent, the switches refuse with `noHookSwitch`. */
  hookSwitch?(): Promise<HookSwitch>;
  /** For an agent without `hookSwitch`: what it offers instead (e.g. Claude Code's "disableAllHooks"), for the refusal. */
  noHookSwitch?: string;
  /** `hookrun record`'s capture hook in this agent's settings (a lazy import); absent, the agent has no `record`. */
  capture?(): Promise<CaptureTarget>;
  /** `hookrun trust --hooks` and the fingerprint parts of `trust` and `list` (a lazy import); absent, the agent has no fingerprints. */
  hookFingerprints?(): Promise<HookFingerprints>;
  /**
   * `hookrun trust`: the records it manages that decide this agent's project hooks: `folder-rules`
   * (trustedFolders.json: Gemini CLI's own file, and hookrun's record for agents whose own hookrun cannot
   * read), `fingerprints` (Gemini CLI's trusted_hooks.json). None: no gate of hookrun's applies.
   */
  trustRecords?: readonly TrustRecord[];
  /** `hookrun trust`: how the agent's project hooks are trusted otherwise, or what the records do not cover. */
  trustNote?: string;
}

export type TrustRecord = 'folder-rules' | 'fingerprints';

/** Codes of the loader's diagnostics that drop the configured hooks under `hooks.<key>`. */
export interface DroppedHookCodes {
  /** An event name the agent does not know: it counts for the event when spelled as it but for case. */
  unknownEvent: string;
  /** The other drops: the key is the event's name exactly. */
  exact: readonly string[];
}

/** The event fields hookrun's convenience flags set, as Claude Code names them (and most agents after it). */
const FLAG_FIELDS: Dialect['flagFields'] = {
  tool: 'tool_name',
  toolInput: 'tool_input',
  toolResponse: 'tool_response',
  prompt: 'prompt',
  // Where an agent's events have no such field, the flag still sets it and it passes through to the hooks.
  source: 'source',
  reason: 'reason',
  trigger: 'trigger',
};

/** A dialect as its index.ts writes it: what the agent decides, and of the rest only where it differs from most agents. */
export interface DialectSpec extends Omit<Dialect, 'flagFields' | 'chain' | 'migration' | 'trustRecords'> {
  /** Only the fields the agent names otherwise than {@link FLAG_FIELDS}. */
  flagFields?: Partial<Dialect['flagFields']>;
  /** Default: no sequential mode, every hook sees the event as the agent sent it. */
  chain?: Dialect['chain'];
  /** The agent's migrate.ts (a lazy import, so only `migrate` loads it). */
  migrate?: () => Promise<{ migration: MigrationAdapter }>;
  /** Default: hookrun's folder rules, the record for an agent whose own trust hookrun cannot read. */
  trustRecords?: readonly TrustRecord[];
}

export function defineDialect({ flagFields, chain, migrate, trustRecords, ...spec }: DialectSpec): Dialect {
  return {
    ...spec,
    flagFields: { ...FLAG_FIELDS, ...flagFields },
    chain: chain ?? ((_event, input) => input),
    ...(migrate ? { migration: async () => (await migrate()).migration } : {}),
    trustRecords: trustRecords ?? ['folder-rules'],
  };
}
