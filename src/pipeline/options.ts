// The options that shape one event's answer, each declared once: its flag, type, help, the commands that
// take it, and whether a `serve` request or a library call may set it. Every edge derives from this table:
// the command line's flags (cli/options.ts), `serve`'s request checking and the library's types
// (session.ts), the help of `serve`. Options only one agent has are declared in that agent's folder
// (dialects/<name>/options.ts) and joined here through the registry.
//
// A row's key is the option's one name everywhere: commander's attribute for the flag (`--max-output` →
// `maxOutput`, `--no-cache` → `cache`), the request option, the library's argument, the pipeline's setting.
import { DIALECT_OPTIONS } from '../dialects/index.js';

/** The commands a row can belong to. */
/** `toggle`: enable, disable, enable-all and disable-all. */
export type OptionCommand = 'run' | 'explain' | 'list' | 'toggle' | 'serve' | 'test';

/** A value's type: what the flag parses to and what a request must give. */
export type OptionKind =
  | { type: 'boolean' }
  /** `--no-x`: true unless the flag is given. */
  | { type: 'negated' }
  | { type: 'string'; choices?: readonly string[] }
  /** A whole number >= 0. */
  | { type: 'count' }
  /** Repeatable: each use adds one string. */
  | { type: 'strings' };

export interface OptionRow {
  /** The flag as commander reads it: `--grace <ms>`, `--no-cache`, `-q, --quiet`. */
  flags: string;
  help: string;
  kind: OptionKind;
  commands: readonly OptionCommand[];
  /** A `serve` request's `options` and the library may set it per event (default: command line only). */
  perRequest?: boolean;
  default?: number;
}

/** The options every agent has. */
const SHARED = {
  failClosed: {
    flags: '--fail-closed',
    help: 'a hook that fails, times out, cannot start or is held back blocks the action (exit 2)',
    kind: { type: 'boolean' },
    commands: ['run', 'serve'],
    perRequest: true,
  },
  trustWorkspace: {
    flags: '--trust-workspace',
    help: 'trust this workspace for this run (as GEMINI_CLI_TRUST_WORKSPACE=true)',
    kind: { type: 'boolean' },
    commands: ['run', 'explain', 'list', 'toggle', 'serve'],
    perRequest: true,
  },
  dryRun: { flags: '--dry-run', help: 'print the plan as JSON; run nothing', kind: { type: 'boolean' }, commands: ['run'], perRequest: true },
  quiet: { flags: '-q, --quiet', help: 'no report on stderr', kind: { type: 'boolean' }, commands: ['run'] },
  grace: {
    flags: '--grace <ms>',
    help: 'after a timeout or an interrupt, how long a hook has between SIGTERM and SIGKILL',
    kind: { type: 'count' },
    commands: ['run', 'serve', 'test'],
    perRequest: true,
    default: 5000,
  },
  maxOutput: {
    flags: '--max-output <bytes>',
    help: 'bytes captured per hook stream, and by all the hooks of an event together (per stream kind); the rest is read and dropped',
    kind: { type: 'count' },
    commands: ['run', 'serve', 'test'],
    perRequest: true,
  },
  contain: {
    flags: '--contain',
    help: 'once a hook is done, end what it left running (the agent leaves it running); report what escaped with setsid',
    kind: { type: 'boolean' },
    commands: ['run', 'serve'],
    perRequest: true,
  },
  hookTrust: {
    flags: '--hook-trust <policy>',
    help: 'new or changed project hooks in a folder trusted via trustedFolders.json: block them, or warn and run them as Gemini CLI does (default: $HOOKRUN_HOOK_TRUST, else block)',
    kind: { type: 'string', choices: ['block', 'warn'] },
    commands: ['run', 'serve'],
    perRequest: true,
  },
  cleanEnv: {
    flags: '--clean-env',
    help: 'hooks inherit only PATH, HOME, LANG-style basics from hookrun (plus --env-allow names and the GEMINI_* variables)',
    kind: { type: 'boolean' },
    commands: ['run', 'serve'],
    perRequest: true,
  },
  envAllow: {
    flags: '--env-allow <name>',
    help: 'pass this variable to hooks as it is, whatever the redaction rules say (repeatable)',
    kind: { type: 'strings' },
    commands: ['run', 'serve'],
    perRequest: true,
  },
  verbose: {
    flags: '--verbose',
    help: "each request's report on stderr (without it, stderr carries warnings only)",
    kind: { type: 'boolean' },
    commands: ['serve'],
  },
} as const satisfies Record<string, OptionRow>;

/** The flags that set event fields on top of the event JSON (`run`, `explain`; a request's `options`). */
const EVENT_FIELDS = {
  tool: { flags: '--tool <name>', help: 'set tool_name', kind: { type: 'string' }, commands: ['run', 'explain'], perRequest: true },
  toolInput: { flags: '--tool-input <json>', help: 'set tool_input (a JSON object)', kind: { type: 'string' }, commands: ['run', 'explain'], perRequest: true },
  toolResponse: {
    flags: '--tool-response <json>',
    help: 'set tool_response (AfterTool; JSON, e.g. {"llmContent":"ok","returnDisplay":"ok"})',
    kind: { type: 'string' },
    commands: ['run', 'explain'],
    perRequest: true,
  },
  prompt: { flags: '--prompt <text>', help: 'set prompt', kind: { type: 'string' }, commands: ['run', 'explain'], perRequest: true },
  source: { flags: '--source <source>', help: 'set source (SessionStart: startup, resume, clear)', kind: { type: 'string' }, commands: ['run', 'explain'], perRequest: true },
  reason: {
    flags: '--reason <reason>',
    help: 'set reason (SessionEnd: exit, clear, logout, prompt_input_exit, other)',
    kind: { type: 'string' },
    commands: ['run', 'explain'],
    perRequest: true,
  },
  trigger: { flags: '--trigger <trigger>', help: 'set trigger (PreCompress: manual, auto)', kind: { type: 'string' }, commands: ['run', 'explain'], perRequest: true },
} as const satisfies Record<string, OptionRow>;

/** Every option of the table, in the order help lists them. */
export const OPTIONS = { ...EVENT_FIELDS, ...DIALECT_OPTIONS, ...SHARED } as const;

export type OptionName = keyof typeof OPTIONS;

type ValueOf<K extends OptionKind> = K extends { type: 'boolean' | 'negated' }
  ? boolean
  : K extends { type: 'count' }
    ? number
    : K extends { type: 'strings' }
      ? string[]
      : K extends { choices: readonly (infer C)[] }
        ? C
        : string;

/** The values of the options, under their one name each. */
export type OptionValues = { -readonly [N in OptionName]?: ValueOf<(typeof OPTIONS)[N]['kind']> };

type PerRequest = { [N in OptionName]: (typeof OPTIONS)[N] extends { perRequest: true } ? N : never }[OptionName];

/** What a `serve` request's `options` and a library call may set: `run`'s flags, under the table's names. */
export type RequestOptions = Pick<OptionValues, PerRequest> & {
  /** `--json`: also return the full report. */
  report?: boolean;
};

/** The options that say what to do with the answer, not how to answer: no pipeline setting. */
const NOT_SETTINGS = ['dryRun', 'quiet', 'verbose'] as const;

/** The options that shape how an event is answered (not which event): the pipeline's settings. */
export type EventSettings = Omit<OptionValues, keyof typeof EVENT_FIELDS | (typeof NOT_SETTINGS)[number]>;

/**
 * The settings out of layers of values, the first that sets an option winning (a request's options over a
 * session's defaults), a row's default when none does.
 */
export function settingsFrom(...layers: readonly object[]): EventSettings {
  const settings: Record<string, unknown> = {};
  for (const [name, row] of Object.entries(OPTIONS) as [OptionName, OptionRow][]) {
    if (Object.hasOwn(EVENT_FIELDS, name) || (NOT_SETTINGS as readonly string[]).includes(name)) continue;
    const layer = layers.find((values) => (values as Record<string, unknown>)[name] !== undefined);
    const value = layer ? (layer as Record<string, unknown>)[name] : row.default;
    if (value !== undefined) settings[name] = value;
  }
  return settings as EventSettings;
}

/** The rows a command takes, in table order. */
export function optionsOf(command: OptionCommand): [OptionName, OptionRow][] {
  return (Object.entries(OPTIONS) as [OptionName, OptionRow][]).filter(([, row]) => row.commands.includes(command));
}

/** Why `value` is not of `kind` (e.g. "a whole number >= 0"), or undefined when it is. */
export function kindMismatch(kind: OptionKind, value: unknown): string | undefined {
  switch (kind.type) {
    case 'boolean':
    case 'negated':
      return typeof value === 'boolean' ? undefined : 'a boolean';
    case 'count':
      return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? undefined : 'a whole number >= 0';
    case 'strings':
      return Array.isArray(value) && value.every((item) => typeof item === 'string') ? undefined : 'an array of strings';
    case 'string':
      if (kind.choices) return typeof value === 'string' && kind.choices.includes(value) ? undefined : `one of ${kind.choices.map((c) => JSON.stringify(c)).join(', ')}`;
      return typeof value === 'string' ? undefined : 'a string';
  }
}

/** Every option a request may set and its type, run's own options first (as error messages list them), and `report` (`--json`). */
export const REQUEST_OPTIONS: ReadonlyMap<string, OptionKind> = new Map([
  ...Object.entries({ ...SHARED, ...DIALECT_OPTIONS, ...EVENT_FIELDS } as Record<string, OptionRow>)
    .filter(([, row]) => row.perRequest)
    .map(([name, row]) => [name, row.kind] as [string, OptionKind]),
  ['report', { type: 'boolean' }],
]);
