// The seam between the pipeline and an agent's rules. Everything that differs between Gemini CLI,
// Claude Code and Kiro CLI (event names, config locations, matchers, timeouts, output parsing,
// chaining, merge, outcome) is a member here; the stages in src/ call through it.
import type { Context } from '../context.js';
import type {
  AggregateResult,
  Diagnostic,
  HookResult,
  JsonObject,
  Outcome,
  Plan,
  PlannedHook,
  ProcessOutcome,
  ResolvedConfig,
} from '../types.js';

export type DialectName = 'gemini' | 'claude' | 'kiro';

export interface LoadOptions {
  /** `--trust-workspace`: the user's explicit word that this workspace is trusted for this run. */
  trustWorkspace?: boolean;
  /** Dialect-specific selector (Kiro: `--agent NAME`). */
  agent?: string;
  /** The agent version whose behaviour to follow, for dialects whose rules changed over time (Claude: `--claude-version`). */
  agentVersion?: string;
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
  decodeEachRead?: boolean;  /** What the run should say about this hook before it starts (e.g. a value Gemini CLI would run as code). */
  warnings?: Diagnostic[];
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

export interface Dialect {
  name: DialectName;
  /** Every event name this agent fires, exact spelling. */
  events: readonly string[];
  /** Event field names that hookrun's convenience flags (`--tool`, `--prompt`, ...) set. */
  flagFields: Readonly<Record<'tool' | 'toolInput' | 'prompt' | 'source' | 'reason' | 'trigger', string>>;

  /** Validates event-specific field types and fills the base fields the agent always sends. */
  completeInput(event: string, input: JsonObject, ctx: Context): JsonObject;
  /** Resolves the agent's configuration into a registry (with diagnostics and the trust decision). */
  loadConfig(ctx: Context, options: LoadOptions): Promise<ResolvedConfig>;
  /** Pure: which hooks of the registry run for this event and input, in which order and mode. */
  plan(config: ResolvedConfig, event: string, input: JsonObject): Plan;
  /** How to start one hook for this input (command expansion, shell, environment, timeout). */
  invocation(hook: PlannedHook, input: JsonObject, config: ResolvedConfig, ctx: Context): HookInvocation;
  /** Why the agent fails this hook without starting anything, if it does (reported as the hook's error). */
  cannotStart?(hook: PlannedHook): string | undefined;
  /** Turns a finished process into the agent's view of the hook's result. */
  interpret(event: string, outcome: ProcessOutcome, invocation: HookInvocation): Interpretation;
  /** Sequential mode: the input the next hook receives after this result. */
  chain(event: string, input: JsonObject, result: HookResult): JsonObject;
  /** Pure: merges the results the way the agent does. */
  aggregate(event: string, results: readonly HookResult[]): AggregateResult;
  /** What the merged output makes the agent do, for the exit code. */
  outcome(event: string, finalOutput: JsonObject | undefined): Outcome;
  /** The agent's result cache, when it has one. */
  resultCache?(config: ResolvedConfig, ctx: Context): HookResultCache;
}
