// The data that flows through the pipeline: settings → registry → plan → results → aggregate → outcome.
// Every stage takes and returns plain data, so each can be tested (and printed) on its own.

/** A JSON object as the agent sees it: whatever a hook or a settings file contains. */
export type JsonObject = Record<string, unknown>;

/** Where something is defined: a file position plus the JSON path inside that file. */
export interface Location {
  file: string;
  /** 1-based line and column; 0 when the file is not JSON text (e.g. synthesised). */
  line: number;
  column: number;
  /** JSON path, e.g. ["hooks", "BeforeTool", 0, "hooks", 1]. */
  path: (string | number)[];
}

/** A non-fatal problem found while loading settings (also the seed of `validate` findings). */
export interface Diagnostic {
  /** Stable, machine-readable code, e.g. "invalid-event-name". */
  code: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  location?: Location;
  /** What would be right, when there is a concrete suggestion (validate findings carry one). */
  fix?: string;
}

/** The settings layers: Gemini CLI's, in its merge order, then Claude Code's project, local and managed files and its plugins. */
export type Layer = 'systemDefaults' | 'user' | 'workspace' | 'system' | 'extension' | 'project' | 'local' | 'managed' | 'plugin';

/** One hook as configured (the object inside a definition's `hooks` array), after load-time expansion. */
export interface HookConfig {
  type: string;
  command?: string;
  name?: string;
  description?: string;
  /** Dialect unit already normalised to milliseconds by the loader. */
  timeout?: number;
  env?: Record<string, string>;
  [key: string]: unknown;
}

/** A registered hook: one HookConfig with the definition-level fields it inherits. */
export interface RegistryEntry {
  event: string;
  config: HookConfig;
  /** The agent's own source label (Gemini: "project" for every settings file, "extensions"). */
  source: string;
  layer: Layer;
  /** Raw definition-level matcher: may be a non-string, which the planner must handle like the agent. */
  matcher: unknown;
  /** Raw definition-level `sequential`: only `=== true` counts. */
  sequential: unknown;
  /** False when disabled by name (`hooksConfig.disabled`); such entries are never planned. */
  enabled: boolean;
  /** Name shown to the user and used by `hooksConfig.disabled`: name, else command, else "unknown-command". */
  displayName: string;
  location?: Location;
  /** Extension name, for extension hooks. */
  extension?: string;
  /** For a disabled entry: where `hooksConfig.disabled` names it (one position per listing file). */
  disabledBy?: Location[];
}

/** Why a configured hook never reached the registry (what `explain` and `list --all` report). */
export type InactiveReason = 'hooks-disabled' | 'untrusted-folder' | 'extension-inactive';

/** A configured hook as the registry would hold it, with why it is not there when it is not. */
export interface ConsideredEntry {
  entry: RegistryEntry;
  inactive?: { reason: InactiveReason; detail: string; location?: Location };
}

/** Everything the planner needs about the configuration, with what was skipped and why. */
export interface ResolvedConfig {
  dialect: string;
  /** `hooksConfig.enabled` after merge (false: no hook system at all). */
  hooksEnabled: boolean;
  /** Folder trust decision and what decided it. */
  trust: TrustDecision;
  entries: RegistryEntry[];
  diagnostics: Diagnostic[];
  /** The files that were read, in merge order (for reports and `validate`). */
  files: SettingsFileInfo[];
  /** Merged settings object (all layers), for runtime options such as env redaction. */
  merged: JsonObject;
  /**
   * Only when loaded with `keepInactive`: every configured hook in registry order, the registered
   * ones (the same objects as in `entries`) and those the agent would not register, marked why.
   */
  considered?: ConsideredEntry[];
  /**
   * The workspace settings file's `hooks` value (environment-expanded), when that file was loaded: what
   * Gemini CLI checks against trusted_hooks.json. Undefined when the workspace layer was not loaded.
   */
  projectHooks?: unknown;
  /** What of hookrun's own environment hooks may see (`--clean-env`, `--env-allow`); unset: the agent's rules. */
  envPolicy?: EnvPolicy;
  /**
   * The agent's process environment after its start-up, when that is not hookrun's own (Gemini CLI:
   * the .env file it loads, Cloud Shell's GOOGLE_CLOUD_PROJECT, as the Gemini dialect's settings loader finds them): what its hooks
   * inherit, before redaction and `envPolicy`. Unset: hookrun's environment as it is.
   */
  agentEnv?: Readonly<Record<string, string | undefined>>;
  /** The .env file Gemini CLI's start-up search finds (the only one it reads), when there is one. */
  envFile?: string;
  /** Variables the agent loaded from a project .env that would make a hook's shell run code: not passed on unless `--env-allow` names them. */
  envWithheld?: string[];
}

/** `--clean-env` / `--env-allow`: the user narrowing (or widening) what a hook's environment carries. */
export interface EnvPolicy {
  /** Start from a few basics (PATH, HOME, LANG, ...) instead of the agent's redacted environment. */
  clean: boolean;
  /** Variables passed through as they are, whatever the redaction rules say. */
  allow: string[];
}

export interface SettingsFileInfo {
  layer: Layer;
  path: string;
  exists: boolean;
  /** False when the layer was not loaded (e.g. workspace in an untrusted folder, or cwd is home). */
  loaded: boolean;
  note?: string;
}

export interface TrustDecision {
  trusted: boolean;
  /** What decided: "env", "flag", "feature-disabled", "file", "no-rule", "dialect". */
  by: string;
  detail?: string;
}

/** One hook in a plan, ready to run. */
export interface PlannedHook {
  entry: RegistryEntry;
  /** Index in the plan (the order results are reported and aggregated in). */
  index: number;
  /** The rule that let it through the matcher filter (for dry-run and explain). */
  because?: string;
  /** Set when the hook cannot run (its matcher hangs the agent): reported as a failed result, nothing started. */
  cannotRun?: string;
}

export interface Plan {
  event: string;
  hooks: PlannedHook[];
  sequential: boolean;
  /** Why the plan is sequential (which entry asked for it), for dry-run and explain. */
  sequentialBecause?: string;
  /** Why the plan is parallel, when the dialect has its own reason (Claude Code has no sequential mode). */
  parallelBecause?: string;
  /** Entries considered and not planned, with the reason: the material of `explain`. */
  skipped: SkippedEntry[];
  /** Set when planning itself failed the way the agent's planner fails (the whole event errors). */
  error?: string;
  /** The agent's traps this event meets (a matcher that never fires, a timeout read as milliseconds): reported by `run`. */
  warnings?: Diagnostic[];
}

export interface SkippedEntry {
  entry: RegistryEntry;
  reason: 'disabled' | 'matcher' | 'duplicate' | 'planner-error';
  detail: string;
  /** For a duplicate: the earlier entry that was kept. */
  against?: RegistryEntry;
}

/** How a hook process ended, as the process-lifetime module observed it. */
export interface ProcessOutcome {
  stdout: string;
  stderr: string;
  /** Exit code, or null when killed by a signal or never started. */
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  /** Set when the process could not be started (ENOENT, EACCES, ...). */
  spawnError?: string;
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
  durationMs: number;
  /** True when SIGKILL had to be sent after the grace period. */
  killed: boolean;
  /** The hook exited but a process it started still held its output pipes when the timeout ended the wait. */
  pipesHeldAfterExit?: boolean;
  /** An http hook (no process): the response status, or why there was none; `stdout` holds the body. */
  http?: { status?: number; error?: string };
  /** Everything cut past the capture cap was blanks (ASCII whitespace), which a reader that trims never sees. */
  stdoutCutBlanksOnly?: boolean;
  stderrCutBlanksOnly?: boolean;
  /** `--contain`: how many processes the hook left running in its session once it was done (hookrun ended them). */
  contained?: number;
  /** Processes the hook started that left its session with setsid and were still alive when hookrun ended it. */
  escaped?: EscapedProcess[];
}

/** A process a hook started that is still running after hookrun ended the hook's session. */
export interface EscapedProcess {
  pid: number;
  /** Its command line from /proc, cut to 200 characters. */
  command: string;
}

/** A hook's result as the agent's runner would build it, plus what hookrun observed. */
export interface HookResult {
  index: number;
  entry: RegistryEntry;
  /** The command as executed, after variable expansion. */
  command: string;
  /** The event JSON this hook received (differs from the original in a sequential chain). */
  input: JsonObject;
  success: boolean;
  /** Parsed output that takes part in the merge; undefined when none. */
  output?: unknown;
  outputFormat?: 'json' | 'text';
  /** Agent-level error (timeout, spawn failure, pre-check failure). */
  error?: string;
  exitCode: number;
  process?: ProcessOutcome;
  durationMs: number;
  /** Set when a test fixture replaced the command with a canned result. */
  stubbed?: boolean;
  /** Set when the agent's result cache supplied the result and no process was started. */
  cached?: boolean;
  /** Set when hookrun did not start the hook because its fingerprint is not trusted (`error` says why). */
  heldBack?: boolean;
}

/** The outcome a shell can branch on. */
export type Outcome = 'proceed' | 'block' | 'ask' | 'stop';

export const OUTCOME_EXIT_CODE: Readonly<Record<Outcome, number>> = {
  proceed: 0,
  block: 2,
  ask: 3,
  stop: 4,
};

export interface AggregateResult {
  /** What the agent's aggregator returns as the final output; undefined when no hook produced output. */
  finalOutput?: JsonObject;
  /** The agent's own code threw on what the hooks answered (its event then has no output), and why. */
  agentError?: string;
  success: boolean;
  errors: string[];
  totalDurationMs: number;
  /** What the agent does with the answers that a user should hear about (a fail-closed deny, an ignored field): shown with the report. */
  notes?: string[];
}

// `hookrun validate`: each dialect's static check returns this; the command merges the dialects' results
// and the renderers (render/validate.ts) print it.

export type Severity = Diagnostic['severity'];

/** A finding code's severity and title (SARIF rules), as a dialect's table of codes gives them. */
export interface CodeInfo {
  severity: Severity;
  title: string;
}

export interface CheckedFile {
  /** The file's settings layer (or "extension", or the agent's own word for its files). */
  layer: string;
  path: string;
  exists: boolean;
  /** Why the file was not checked (e.g. the workspace is the home directory). */
  note?: string;
}

export interface ValidateResult {
  cwd: string;
  files: CheckedFile[];
  findings: Diagnostic[];
  summary: { errors: number; warnings: number; infos: number };
  /** A file that exists could not be read, so the check is incomplete (exit 2). */
  incomplete: boolean;
}
