// Kiro CLI's configuration (docs/sources.md §A.1–A.3; docs/kiro.md "The agent file"): one JSON file per agent in the workspace's `.kiro/agents/`
// and `~/.kiro/agents/` (plus Amazon Q CLI's `.amazonq/cli-agents/` and `~/.aws/amazonq/cli-agents/`).
// Every file is checked the way Kiro parses it: an unknown field or trigger, or a mistyped value, makes
// the agent unloadable. Kiro drops such a file with an error and goes on with the agents it could load,
// so a broken workspace agent does not hide a global one of the same name; a loaded workspace agent
// does, with Kiro's warning. Only the selected agent's hooks run (`--agent`, else the configured default
// agent, else Kiro's built-in agent, which has none), and hooks are never merged across agents.
// Selecting an agent that cannot be loaded is exit 1 here; keys Kiro ignores get a warning.
import path from 'node:path';
import { homeDir, type Context } from '../../pipeline/context.js';
import { configError, HookrunError, usageError } from '../../pipeline/errors.js';
import { isKiroEvent, KIRO_EVENTS, KIRO_TOOL_EVENTS } from './events.js';
import { KIRO_DEFAULT_CACHE_TTL_SECONDS, KIRO_DEFAULT_MAX_OUTPUT_SIZE, KIRO_DEFAULT_TIMEOUT_MS } from './exec.js';
import { compileGlob } from './glob.js';
import { hasWildcard } from './plan.js';
import type { Diagnostic, JsonObject, Location, RegistryEntry, ResolvedConfig, SettingsFileInfo } from '../../pipeline/types.js';
import { findNode, isPlainObject, parseJsonc, type JsoncDocument } from '../../files/jsonc.js';
import { MIGRATION_AGENTS, readEvent, VOCABULARY } from '../../migrate/lookup.js';
import { readInputFile } from '../../files/read-input.js';
import { parseJsonBounded } from '../../files/json-depth.js';
import { admitEntries, decideWorkspaceTrust, untrustedMessage, type GatedEntries } from '../../trust/workspace.js';
import * as observed from '../../files/journal.js';
import { type AgentDirectory, type AgentProduct, type AgentScope, kiroAgentDirectories } from './configured.js';

export { type AgentDirectory, type AgentProduct, type AgentScope, kiroAgentDirectories };

/** One agent file, parsed (or not: `error` says why it cannot be loaded). */
export interface AgentFile {
  /** The `name` field, else the file name without `.json`. */
  name: string;
  file: string;
  scope: AgentScope;
  product: AgentProduct;
  doc?: JsoncDocument & { value: JsonObject };
  /** Why Kiro cannot load it: unreadable, not JSON, or refused by its parser. */
  error?: HookrunError;
  /** Its hooks as registry entries (a loadable agent only). */
  registered?: { entries: RegistryEntry[]; diagnostics: Diagnostic[] };
}

export interface AgentCatalog {
  directories: (AgentDirectory & { exists: boolean })[];
  /** Every agent file found, in lookup order. */
  files: AgentFile[];
  /** The agent each name resolves to (the first loadable one in lookup order), in lookup order. */
  agents: AgentFile[];
  /** Files Kiro cannot load, in lookup order: they hide no other agent. */
  unloadable: AgentFile[];
  diagnostics: Diagnostic[];
}

/** Kiro's built-in agents (no file, no hooks); selecting one runs nothing. */
const BUILT_IN_AGENTS: ReadonlySet<string> = new Set(['kiro_default', 'q_cli_default']);

/** The settings files that may name the default agent (`chat.defaultAgent`), first wins. */
function defaultAgentSettingsFiles(ctx: Context): string[] {
  const home = homeDir(ctx);
  const dataHome = ctx.env.XDG_DATA_HOME && path.isAbsolute(ctx.env.XDG_DATA_HOME) ? ctx.env.XDG_DATA_HOME : path.join(home, '.local', 'share');
  const qDataDir = ctx.env.Q_CLI_DATA_DIR || (ctx.platform === 'darwin' ? path.join(home, 'Library', 'Application Support', 'amazon-q') : path.join(dataHome, 'amazon-q'));
  return [path.join(home, '.kiro', 'settings', 'cli.json'), path.join(qDataDir, 'settings.json')];
}

export function discoverAgents(ctx: Context): AgentCatalog {
  const catalog: AgentCatalog = { directories: [], files: [], agents: [], unloadable: [], diagnostics: [] };
  const byName = new Map<string, AgentFile>();
  for (const directory of kiroAgentDirectories(ctx)) {
    const names = listJsonFiles(directory.dir);
    catalog.directories.push({ ...directory, exists: names !== undefined });
    for (const fileName of names ?? []) {
      const agent = readAgentFile(path.join(directory.dir, fileName), directory);
      catalog.files.push(agent);
      if (agent.error) {
        catalog.unloadable.push(agent);
        catalog.diagnostics.push({
          code: 'kiro-agent-unloadable',
          severity: 'warning',
          message: `agent file cannot be loaded (Kiro CLI reports it and goes on without it): ${agent.error.message}`,
          location: agent.error.location ?? { file: agent.file, line: 0, column: 0, path: [] },
        });
        continue;
      }
      const first = byName.get(agent.name);
      if (!first) {
        byName.set(agent.name, agent);
        catalog.agents.push(agent);
        continue;
      }
      catalog.diagnostics.push(conflictDiagnostic(first, agent));
    }
  }
  return catalog;
}

function conflictDiagnostic(kept: AgentFile, hidden: AgentFile): Diagnostic {
  const location: Location = { file: hidden.file, line: 0, column: 0, path: [] };
  if (kept.scope === 'workspace' && hidden.scope === 'global') {
    // Kiro's own warning, word for word, so people recognise it.
    return {
      code: 'kiro-agent-conflict',
      severity: 'warning',
      message: `Agent conflict for ${kept.name}. Using workspace version. (${kept.file} hides ${hidden.file})`,
      location,
    };
  }
  return {
    code: 'kiro-agent-duplicate',
    severity: 'warning',
    message: `agent "${kept.name}" is defined again in ${hidden.file}; ${kept.file} is used`,
    location,
  };
}

function readAgentFile(file: string, directory: AgentDirectory): AgentFile {
  const stem = path.basename(file, '.json');
  const agent: AgentFile = { name: stem, file, scope: directory.scope, product: directory.product };
  try {
    const doc = parseJsonc(readInputFile(file, 'utf8'), file, { comments: false });
    if (!isPlainObject(doc.value)) {
      agent.error = configError(`${file}: an agent file must hold a JSON object`, doc.locate([]));
      return agent;
    }
    agent.doc = doc as JsoncDocument & { value: JsonObject };
    const name = doc.value.name;
    if (typeof name === 'string') agent.name = name;
    else if (name !== undefined) agent.error = configError(`"name" must be a string, got ${typeOf(name)}`, doc.locate(['name']));
    if (!agent.error) agent.registered = registerAgentHooks(agent);
  } catch (error) {
    agent.error = error instanceof HookrunError ? error : configError(`${file}: cannot read (${errnoOf(error)})`, { file, line: 0, column: 0, path: [] });
  }
  return agent;
}

export interface AgentSelection {
  /** Undefined when the selection is a built-in agent or there is no agent at all: no hooks. */
  agent?: AgentFile;
  name?: string;
  /** How it was chosen, for reports. */
  by: string;
}

function readDefaultAgent(ctx: Context, diagnostics: Diagnostic[]): { name: string; file: string } | undefined {
  for (const file of defaultAgentSettingsFiles(ctx)) {
    let text: string;
    try {
      text = readInputFile(file, 'utf8');
    } catch {
      continue;
    }
    try {
      const settings = parseJsonBounded(text) as unknown;
      const name = isPlainObject(settings) ? settings['chat.defaultAgent'] : undefined;
      if (typeof name === 'string' && name !== '') return { name, file };
    } catch (error) {
      diagnostics.push({
        code: 'kiro-settings-unreadable',
        severity: 'warning',
        message: `cannot read chat.defaultAgent from ${file}: ${(error as Error).message}`,
        location: { file, line: 0, column: 0, path: [] },
      });
    }
  }
  return undefined;
}

function describeAgents(catalog: AgentCatalog, cwd: string): string {
  if (catalog.agents.length === 0) {
    return `No agent files were found in ${catalog.directories.map((d) => shortPath(d.dir, cwd)).join(', ')}.`;
  }
  return `Agents: ${catalog.agents.map((a) => `${a.name} (${shortPath(a.file, cwd)})`).join(', ')}.`;
}

/**
 * `--agent`, else `chat.defaultAgent`, else Kiro's built-in agent (no hooks, whatever agent files
 * exist: Kiro never picks one by itself). A name that matches no loadable agent is an error here
 * (Kiro would say so and fall back): the agent's own error when only a file it cannot load has it.
 */
export function selectAgent(ctx: Context, catalog: AgentCatalog, requested?: string): AgentSelection {
  const find = (name: string) => {
    const agent = catalog.agents.find((a) => a.name === name);
    if (agent) return agent;
    const broken = catalog.unloadable.find((a) => a.name === name);
    if (broken) throw broken.error!;
    return undefined;
  };
  if (requested !== undefined) {
    const agent = find(requested);
    if (agent) return { agent, name: agent.name, by: '--agent' };
    if (BUILT_IN_AGENTS.has(requested)) return { name: requested, by: '--agent (a built-in agent: no hooks)' };
    throw usageError(`no Kiro agent named "${requested}". ${describeAgents(catalog, ctx.cwd)}`);
  }
  const configured = readDefaultAgent(ctx, catalog.diagnostics);
  if (configured) {
    const by = `chat.defaultAgent in ${configured.file}`;
    const agent = find(configured.name);
    if (agent) return { agent, name: agent.name, by };
    if (BUILT_IN_AGENTS.has(configured.name)) return { name: configured.name, by: `${by} (a built-in agent: no hooks)` };
    throw configError(
      `the default agent "${configured.name}" (chat.defaultAgent in ${configured.file}) does not exist. ${describeAgents(catalog, ctx.cwd)} Pick one with --agent NAME.`,
      { file: configured.file, line: 0, column: 0, path: ['chat.defaultAgent'] },
    );
  }
  if (catalog.agents.length === 0) return { by: 'none found: Kiro uses its built-in agent, which has no hooks' };
  return {
    by:
      `no --agent and no "chat.defaultAgent" (${defaultAgentSettingsFiles(ctx)[0]}): Kiro CLI uses its built-in agent, ` +
      `which has no hooks, even where agent files exist. ${describeAgents(catalog, ctx.cwd)} Choose one with --agent NAME`,
  };
}

const HOOK_KEYS: ReadonlySet<string> = new Set(['command', 'matcher', 'timeout_ms', 'max_output_size', 'cache_ttl_seconds']);
/**
 * The agent fields Amazon Q CLI's agent struct declares (Kiro CLI's documented ones included). The struct
 * denies unknown fields, so any other top-level key makes the agent fail to load (docs/kiro.md "The agent file").
 */
const AGENT_KEYS: ReadonlySet<string> = new Set([
  '$schema',
  'name',
  'description',
  'prompt',
  'mcpServers',
  'tools',
  'toolAliases',
  'allowedTools',
  'toolsSettings',
  'resources',
  'hooks',
  'useLegacyMcpJson',
  'includeMcpJson',
  'model',
  'keyboardShortcut',
  'welcomeMessage',
]);
/** Another agent's name for a moment Kiro has a trigger for, as that trigger (the one vocabulary, src/dialects/vocabularies.ts). */
function foreignTrigger(name: string): string | undefined {
  for (const agent of MIGRATION_AGENTS) {
    const moment = agent === 'kiro' ? undefined : readEvent(agent, name)?.event;
    const trigger = moment && VOCABULARY.kiro.events.find((e) => e.event === moment && e.readOnly)?.name;
    if (trigger) return trigger;
  }
  return undefined;
}

function suggestTrigger(name: string): string {
  const same = KIRO_EVENTS.find((e) => e.toLowerCase() === name.toLowerCase()) ?? foreignTrigger(name);
  return same ? ` Did you mean "${same}"?` : '';
}

/** Looks like a regular expression (alternation, anchors, groups, `.*`), which Kiro matchers do not support. */
function looksLikeRegex(matcher: string): boolean {
  return /[|^$()+]/.test(matcher) || /\.[*+?]/.test(matcher);
}

/** The selected agent's hooks as registry entries; structural errors throw (Kiro cannot load the agent). */
function registerAgentHooks(agent: AgentFile): { entries: RegistryEntry[]; diagnostics: Diagnostic[] } {
  const entries: RegistryEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  const doc = agent.doc!;
  const where = (p: (string | number)[], key = false) => doc.locate(p, { key });
  for (const key of Object.keys(doc.value)) {
    if (!AGENT_KEYS.has(key)) {
      throw configError(
        `unknown agent field "${key}": Kiro CLI cannot load an agent with it (the agent rejects unknown fields). Fields: ${[...AGENT_KEYS].join(', ')}`,
        where([key], true),
      );
    }
  }
  const hooks = doc.value.hooks;
  // Absent means none; null is not absent to Kiro's parser (a map cannot be null).
  if (hooks === undefined) return { entries, diagnostics };
  if (!isPlainObject(hooks)) throw configError(`"hooks" must be an object of trigger → array of hooks, got ${typeOf(hooks)}`, where(['hooks']));
  for (const [trigger, list] of Object.entries(hooks)) {
    if (!isKiroEvent(trigger)) {
      throw configError(
        `unknown hook trigger "${trigger}": Kiro CLI cannot load an agent with it.${suggestTrigger(trigger)} Triggers: ${KIRO_EVENTS.join(', ')}`,
        where(['hooks', trigger], true),
      );
    }
    if (!Array.isArray(list)) throw configError(`hooks.${trigger} must be an array of hooks, got ${typeOf(list)}`, where(['hooks', trigger]));
    list.forEach((raw, i) => {
      const at = ['hooks', trigger, i];
      const label = `hooks.${trigger}[${i}]`;
      if (!isPlainObject(raw)) throw configError(`${label} must be an object with a "command", got ${typeOf(raw)}`, where(at));
      if (typeof raw.command !== 'string') {
        throw configError(
          raw.command === undefined ? `${label} has no "command"` : `${label}.command must be a string, got ${typeOf(raw.command)}`,
          where(raw.command === undefined ? at : [...at, 'command']),
        );
      }
      const numbers = {
        timeout_ms: KIRO_DEFAULT_TIMEOUT_MS,
        max_output_size: KIRO_DEFAULT_MAX_OUTPUT_SIZE,
        cache_ttl_seconds: KIRO_DEFAULT_CACHE_TTL_SECONDS,
      };
      for (const field of Object.keys(numbers) as (keyof typeof numbers)[]) {
        const value = raw[field];
        if (value === undefined) continue;
        // An unsigned integer to Kiro's parser: a number written with a fraction or an exponent (1000.0,
        // 1e3) is refused though JavaScript reads it as a whole number, so the literal is what counts.
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || !/^\d+$/.test(literal(doc, [...at, field]))) {
          throw configError(
            `${label}.${field} must be a whole number >= 0 written as digits only, got ${literal(doc, [...at, field]) || JSON.stringify(value)}`,
            where([...at, field]),
          );
        }
        numbers[field] = value;
      }
      const matcher = raw.matcher ?? undefined;
      if (matcher !== undefined && typeof matcher !== 'string') {
        throw configError(`${label}.matcher must be a string, got ${typeOf(matcher)}`, where([...at, 'matcher']));
      }
      for (const key of Object.keys(raw)) {
        if (!HOOK_KEYS.has(key)) {
          diagnostics.push({
            code: 'kiro-unknown-hook-key',
            severity: 'warning',
            message: `${label}: "${key}" is not a Kiro hook field; Kiro CLI ignores it`,
            location: where([...at, key], true),
          });
        }
      }
      if (matcher !== undefined) diagnostics.push(...matcherDiagnostics(trigger, label, matcher, where([...at, 'matcher'])));
      entries.push({
        event: trigger,
        config: { type: 'command', command: raw.command, timeout: numbers.timeout_ms, ...numbers },
        source: 'agent',
        layer: agent.scope === 'workspace' ? 'workspace' : 'user',
        matcher,
        sequential: undefined,
        enabled: true,
        displayName: raw.command,
        location: where(at),
      });
    });
  }
  return { entries, diagnostics };
}

/** How a value is written in the agent file. */
function literal(doc: JsoncDocument, at: (string | number)[]): string {
  const root = doc.tree;
  const node = root ? findNode(root, at) : undefined;
  return node ? doc.text.slice(node.offset, node.offset + node.length) : '';
}

function matcherDiagnostics(trigger: string, label: string, matcher: string, location: Location): Diagnostic[] {
  const found: Diagnostic[] = [];
  const push = (code: string, message: string) => found.push({ code, severity: 'warning', message: `${label}.matcher: ${message}`, location });
  if (!KIRO_TOOL_EVENTS.has(trigger)) {
    push('kiro-matcher-ignored', `${trigger} has no tool, so Kiro CLI ignores the matcher and always runs the hook`);
    return found;
  }
  if (matcher === '') push('kiro-empty-matcher', 'an empty matcher is not "no matcher": it matches no tool, so the hook never runs');
  if (looksLikeRegex(matcher)) {
    push(
      'kiro-regex-matcher',
      `"${matcher}" looks like a regular expression, which Kiro CLI does not support: it is read as ${
        hasWildcard(matcher) ? 'a glob (only * and ? are wildcards; "." "|" "^" "$" are literal)' : 'an exact tool name'
      }. Use one hook per tool, or a glob such as "fs_*"`,
    );
  }
  if (hasWildcard(matcher)) {
    const compiled = compileGlob(matcher);
    if (!compiled.ok) push('kiro-invalid-glob', `"${matcher}" is not a valid glob (${compiled.error}): Kiro CLI never matches it`);
  }
  return found;
}

export interface KiroLoadOptions {
  agent?: string;
  /** `--trust-workspace`: a workspace agent's hooks run only in a trusted folder. */
  trustWorkspace?: boolean;
  keepInactive?: boolean;
}

export async function loadKiroConfig(ctx: Context, options: KiroLoadOptions = {}): Promise<ResolvedConfig> {
  const catalog = discoverAgents(ctx);
  const selection = selectAgent(ctx, catalog, options.agent);
  const selected = selection.agent;
  const registered = selected?.registered ?? { entries: [], diagnostics: [] };
  const diagnostics = [...catalog.diagnostics, ...registered.diagnostics];
  // Kiro CLI has no trust gate: a workspace agent (a file of the repository) runs its hooks unasked. hookrun
  // runs them only in a trusted folder (docs/safety.md "Trust in every dialect"); a global agent is the user's own.
  const trust = decideWorkspaceTrust(ctx, { trustWorkspace: options.trustWorkspace });
  const gated = selected?.scope === 'workspace' && !trust.trusted;
  const gathered: GatedEntries = { entries: [], considered: [], heldBack: [] };
  admitEntries(gathered, registered.entries, gated, trust);
  if (gathered.heldBack.length > 0) {
    diagnostics.push({
      code: 'untrusted-project-hooks',
      severity: 'warning',
      message: `${untrustedMessage(ctx, trust, gathered.heldBack)} (workspace agent "${selected!.name}", ${selected!.file})`,
    });
  }
  diagnostics.push({
    code: 'kiro-agent-selected',
    severity: selected ? 'info' : 'warning',
    message: selected
      ? `agent "${selected.name}" from ${selected.file} (${selection.by})`
      : `no agent file selected (${selection.by}${selection.name ? `: ${selection.name}` : ''}); no hook runs`,
  });
  return {
    dialect: 'kiro',
    hooksEnabled: true,
    trust,
    entries: gathered.entries,
    ...(options.keepInactive ? { considered: gathered.considered } : {}),
    diagnostics,
    files: catalog.files.map(
      (agent): SettingsFileInfo => ({
        layer: agent.scope === 'workspace' ? 'workspace' : 'user',
        path: agent.file,
        exists: true,
        loaded: agent === selected && !gated,
        note: agent === selected ? `agent ${agent.name} (selected${gated ? '; untrusted folder: its hooks do not run' : ''})` : `agent ${agent.name}`,
      }),
    ),
    merged: selected?.doc?.value ?? {},
  };
}

function listJsonFiles(dir: string): string[] | undefined {
  try {
    return observed
      .listDirEntries(dir)
      .filter((e) => (e.isFile() || e.isSymbolicLink()) && e.name.endsWith('.json'))
      .map((e) => e.name)
      .sort();
  } catch {
    return undefined;
  }
}

function shortPath(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

function typeOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

function errnoOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}
