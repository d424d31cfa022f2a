// Claude Code's hooks shape, `{Event: [{matcher, hooks: [{type: "command", command, timeout}]}]}`, as the
// agents that copied it read it (Factory Droid, Augment Auggie): the shape is Claude's, the rules are each
// agent's (its events, its timeout unit, the group and handler fields it adds), passed in as data. Claude
// Code's own loader (settings.ts) stays apart: its versions, handler types and `if` are Claude's alone.
import type { Context } from '../../pipeline/context.js';
import { formatJsonPath } from '../../pipeline/errors.js';
import { loadHookFile, type LoadedHookFile } from '../../files/read-input.js';
import { isPlainObject, type JsonPath, type JsoncDocument } from '../../files/jsonc.js';
import { admitEntries, untrustedMessage, type GatedEntries } from '../../trust/workspace.js';
import type {
  Diagnostic,
  HookConfig,
  JsonObject,
  Layer,
  Plan,
  PlannedHook,
  RegistryEntry,
  ResolvedConfig,
  SkippedEntry,
  TrustDecision,
  ValidateResult,
} from '../../pipeline/types.js';
import { hangingHook } from '../../pipeline/regex.js';
import type { MatchVerdict } from './matcher.js';
import { handlerEntry } from './settings.js';

/** What one agent reads of the shape. */
export interface GroupRules {
  /** The agent as messages name it ("Factory Droid"). */
  agent: string;
  events: readonly string[];
  /** How many milliseconds one unit of `timeout` is: 1000 (seconds) or 1 (milliseconds). */
  timeoutUnitMs: 1000 | 1;
  /** Group-level fields (beside `matcher`) the agent reads, copied onto each handler's config (Droid: commandRegex). */
  groupFields?: readonly string[];
  /** The handler may carry `args`, an array of strings (Auggie). */
  args?: boolean;
}

/** Where a hooks object comes from. */
export interface GroupsOrigin {
  file: string;
  layer: Layer;
  source: string;
  locate: JsoncDocument['locate'];
  /** The JSON path of the events object inside its file (`[]` for a file whose top level holds the events). */
  prefix: JsonPath;
}

const typeName = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/**
 * The entries of one events object, with a warning for everything the agent skips (an unknown event, a
 * group without a `hooks` array, a handler that is not a command). `blocked`: why none of them may run.
 */
export function registerGroups(hooks: unknown, origin: GroupsOrigin, rules: GroupRules, blocked?: string): { entries: RegistryEntry[]; diagnostics: Diagnostic[] } {
  const entries: RegistryEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  const warn = (code: string, message: string, at: JsonPath, key = false) => diagnostics.push({ code, severity: 'warning', message, location: origin.locate(at, { key }) });
  if (!isPlainObject(hooks)) {
    warn('hooks-not-object', `the hooks must be an object of event names, got ${typeName(hooks)}; they are ignored`, origin.prefix);
    return { entries, diagnostics };
  }
  for (const [event, groups] of Object.entries(hooks)) {
    const at: JsonPath = [...origin.prefix, event];
    if (!rules.events.includes(event)) {
      const near = rules.events.find((e) => e.toLowerCase() === event.toLowerCase());
      const wrapped = event === 'hooks' && origin.prefix.length === 0 ? ' (this file takes the events at its top level, without a "hooks" wrapper)' : '';
      const hint = near ? ` (event names are case-sensitive: did you mean "${near}"?)` : wrapped;
      warn('invalid-event-name', `unknown ${rules.agent} hook event "${event}"${hint}; its hooks never run`, at, true);
      continue;
    }
    if (!Array.isArray(groups)) {
      warn('event-not-array', `${formatJsonPath(at)} must be an array of matcher groups, got ${typeName(groups)}`, at);
      continue;
    }
    groups.forEach((group: unknown, g) => {
      const where: JsonPath = [...at, g];
      if (!isPlainObject(group) || !Array.isArray(group.hooks)) {
        warn('invalid-definition', `${formatJsonPath(where)} must be a matcher group with a "hooks" array; ${rules.agent} skips it`, where);
        return;
      }
      if (group.matcher !== undefined && typeof group.matcher !== 'string') {
        warn('invalid-matcher', `${formatJsonPath(where)}.matcher must be a string, got ${typeName(group.matcher)}; the group is skipped`, [...where, 'matcher']);
        return;
      }
      const inherited: HookConfig = { type: 'command' };
      for (const field of rules.groupFields ?? []) if (group[field] !== undefined) inherited[field] = group[field];
      group.hooks.forEach((handler: unknown, h) => {
        const entry = registerHandler(event, handler, group.matcher, [...where, 'hooks', h], inherited, { origin, rules, blocked, warn });
        if (entry) entries.push(entry);
      });
    });
  }
  return { entries, diagnostics };
}

interface HandlerContext {
  origin: GroupsOrigin;
  rules: GroupRules;
  blocked: string | undefined;
  warn: (code: string, message: string, at: JsonPath) => void;
}

function registerHandler(event: string, handler: unknown, matcher: unknown, at: JsonPath, inherited: HookConfig, c: HandlerContext): RegistryEntry | undefined {
  const where = formatJsonPath(at);
  if (!isPlainObject(handler)) {
    c.warn('invalid-hook-entry', `${where} must be a hook handler object, got ${JSON.stringify(handler)}`, at);
    return undefined;
  }
  if (handler.type !== 'command') {
    c.warn('invalid-hook-type', `${where}.type must be "command" (the only type ${c.rules.agent} runs), got ${JSON.stringify(handler.type)}; the handler is skipped`, [
      ...at,
      'type',
    ]);
    return undefined;
  }
  if (typeof handler.command !== 'string' || handler.command.trim() === '') {
    c.warn('missing-command', `${where}.command must be a non-empty string; the handler is skipped`, at);
    return undefined;
  }
  if (handler.args !== undefined && (!c.rules.args || !Array.isArray(handler.args) || !handler.args.every((a) => typeof a === 'string'))) {
    const why = c.rules.args ? 'must be an array of strings; the handler is skipped' : `is not read by ${c.rules.agent}; the command runs without it`;
    c.warn('invalid-args', `${where}.args ${why}`, [...at, 'args']);
    if (c.rules.args) return undefined;
  }
  const config: HookConfig = { ...inherited, ...handler, type: 'command' };
  delete config.timeout;
  if (handler.timeout !== undefined) {
    if (typeof handler.timeout === 'number' && Number.isFinite(handler.timeout) && handler.timeout > 0) {
      config.timeout = handler.timeout * c.rules.timeoutUnitMs;
    } else {
      const unit = c.rules.timeoutUnitMs === 1 ? 'milliseconds' : 'seconds';
      c.warn('invalid-timeout', `${where}.timeout must be a positive number of ${unit}, got ${JSON.stringify(handler.timeout)}; the default applies`, [...at, 'timeout']);
    }
  }
  if (!c.rules.args) delete config.args;
  const displayName = [handler.command, ...(c.rules.args && Array.isArray(handler.args) ? handler.args : [])].join(' ');
  return handlerEntry(event, c.blocked ? { ...config, disabledBecause: c.blocked } : config, matcher, c.origin, at, displayName, c.blocked);
}

/** One file the agent reads hooks from. */
export interface GroupSource {
  path: string;
  layer: Layer;
  /** The agent's word for the file's level, as reports show it. */
  source: string;
  /** Inside the workspace: its hooks run only in a trusted folder. */
  project: boolean;
  /** Where the events object is: `[]` for a hooks file whose top level holds the events, `["hooks"]` in a settings file. */
  prefix: JsonPath;
  /** Why the file is listed but not read (a fallback shadowed by a hooks file). */
  skipped?: string;
}

/**
 * Every source in the agent's order, as strict JSON: a file that does not parse is dropped with a warning
 * (the others still load), and an untrusted folder's project files are considered, not registered.
 */
export function loadGroupConfig(ctx: Context, dialect: string, sources: readonly GroupSource[], rules: GroupRules, trust: TrustDecision, keepInactive = false): ResolvedConfig {
  const config: ResolvedConfig = { dialect, hooksEnabled: true, trust, entries: [], diagnostics: [], files: [], merged: {} };
  const gathered: GatedEntries = { entries: [], considered: [], heldBack: [] };
  for (const source of sources) {
    if (source.skipped) {
      config.files.push({ layer: source.layer, path: source.path, exists: true, loaded: false, note: source.skipped });
      continue;
    }
    const record: LoadedHookFile = { exists: false, entries: [], diagnostics: [] };
    const loaded = loadHookFile(source.path, record, {
      register: (doc) => {
        const hooks = source.prefix.length === 0 ? doc.value : isPlainObject(doc.value) ? doc.value.hooks : undefined;
        if (hooks === undefined) return [];
        const found = registerGroups(hooks, { file: source.path, layer: source.layer, source: source.source, locate: doc.locate, prefix: source.prefix }, rules);
        record.diagnostics.push(...found.diagnostics);
        return found.entries;
      },
    });
    const gated = source.project && !trust.trusted;
    if (loaded.error) {
      const at = loaded.error.location ? { location: loaded.error.location } : {};
      config.diagnostics.push({
        code: 'settings-file-dropped',
        severity: 'warning',
        message: `${rules.agent} cannot use ${source.path}: ${loaded.error.message}; none of its hooks run`,
        ...at,
      });
    }
    config.diagnostics.push(...loaded.diagnostics);
    const note = !loaded.exists ? 'not found' : gated && loaded.entries.length > 0 ? 'untrusted folder: its hooks do not run' : undefined;
    config.files.push({ layer: source.layer, path: source.path, exists: loaded.exists, loaded: loaded.exists && !loaded.error && !gated, ...(note ? { note } : {}) });
    admitEntries(gathered, loaded.entries, gated, trust);
  }
  config.entries = gathered.entries;
  if (keepInactive) config.considered = gathered.considered;
  if (gathered.heldBack.length > 0) {
    const first = gathered.considered.find((c) => c.inactive)?.entry.location;
    config.diagnostics.push({
      code: 'untrusted-project-hooks',
      severity: 'warning',
      message: untrustedMessage(ctx, trust, gathered.heldBack),
      ...(first ? { location: first } : {}),
    });
  }
  return config;
}

/**
 * The planner, pure: every enabled entry of the event whose matcher `verdict` lets it through, in the
 * registry's order, run in parallel (both agents start every matching hook at once); a matcher that hangs
 * the agent's regex engine is planned as a hook that cannot run.
 */
export function planGroups(
  config: ResolvedConfig,
  event: string,
  input: JsonObject,
  verdict: (entry: RegistryEntry, input: JsonObject) => MatchVerdict,
  parallelBecause: string,
): Plan {
  const hooks: PlannedHook[] = [];
  const skipped: SkippedEntry[] = [];
  const warnings: Diagnostic[] = [];
  for (const entry of config.entries) {
    if (entry.event !== event) continue;
    if (!entry.enabled) {
      skipped.push({ entry, reason: 'disabled', detail: String(entry.config.disabledBecause ?? 'disabled') });
      continue;
    }
    const matched = verdict(entry, input);
    if (matched.hangs) {
      const { hook, warning } = hangingHook(entry, hooks.length, matched.rule);
      hooks.push(hook);
      warnings.push(warning);
    } else if (matched.matches) {
      hooks.push({ entry, index: hooks.length, because: matched.rule });
    } else {
      skipped.push({ entry, reason: 'matcher', detail: matched.rule });
    }
  }
  return { event, hooks, sequential: false, parallelBecause, skipped, ...(warnings.length > 0 ? { warnings } : {}) };
}

/**
 * `validate`: what the loader says of every file (a dropped file or skipped item is an error), then the
 * agent's traps over the entries it would register, whatever the folder trust.
 */
export function validateGroups(
  ctx: Context,
  config: ResolvedConfig,
  traps: (entry: RegistryEntry, all: readonly RegistryEntry[]) => Diagnostic[],
  ignore: readonly string[] = [],
): ValidateResult {
  const drops = new Set([
    'settings-file-dropped',
    'invalid-definition',
    'invalid-matcher',
    'invalid-hook-entry',
    'invalid-hook-type',
    'missing-command',
    'event-not-array',
    'hooks-not-object',
  ]);
  const found = config.diagnostics.map((d) => (drops.has(d.code) ? { ...d, severity: 'error' as const } : d));
  for (const entry of config.entries) found.push(...traps(entry, config.entries));
  const ignored = new Set(ignore);
  const findings = found.filter((f) => !ignored.has(f.code));
  const count = (severity: Diagnostic['severity']) => findings.filter((f) => f.severity === severity).length;
  return {
    cwd: ctx.cwd,
    files: config.files.map((f) => ({ layer: f.layer, path: f.path, exists: f.exists, ...(f.note ? { note: f.note } : {}) })),
    findings,
    summary: { errors: count('error'), warnings: count('warning'), infos: count('info') },
    incomplete: false,
  };
}

/** The loader's finding codes (validate's `--ignore` accepts them). */
export const GROUP_FINDING_CODES: readonly string[] = [
  'settings-file-dropped',
  'hooks-not-object',
  'invalid-event-name',
  'event-not-array',
  'invalid-definition',
  'invalid-matcher',
  'invalid-hook-entry',
  'invalid-hook-type',
  'missing-command',
  'invalid-args',
  'invalid-timeout',
  'untrusted-project-hooks',
];
