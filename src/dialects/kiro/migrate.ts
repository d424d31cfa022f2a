// Kiro CLI agent hooks → Gemini CLI settings. A small reader of Kiro's agent files (kiro-claude-hooks.md A.1–A.3):
// workspace `.kiro/agents/*.json` (and Amazon Q's `.amazonq/cli-agents/`) win over the global ones by agent
// name; `--agent NAME` picks one, else the configured default agent, else the only one.
import fs from 'node:fs';
import path from 'node:path';
import { type Context, homeDir } from '../../context.js';
import { configError, HookrunError, usageError } from '../../errors.js';
import { isPlainObject, parseJsoncObject, type JsoncDocument, type JsonPath } from '../../settings/jsonc.js';
import type { JsonObject } from '../../types.js';
import { KIRO_EVENT_MAP } from '../../migrate/maps.js';
import { convertKiroMatcher, type Note } from '../../migrate/matchers.js';
import { addEventNotes } from '../../migrate/notes.js';
import { type GeminiHookConfig, MigrationBuilder, type MigrationResult } from '../../migrate/result.js';
import { readInputFile } from '../../read-input.js';
import { parseJsonBounded } from '../../json-depth.js';

/** Kiro's default timeout (A.3): written explicitly, since Gemini CLI's default is 60 s. */
const KIRO_DEFAULT_TIMEOUT_MS = 30_000;

export interface KiroAgentFile {
  name: string;
  file: string;
  scope: 'workspace' | 'global';
}

export function kiroAgentDirs(ctx: Context): { dir: string; scope: 'workspace' | 'global' }[] {
  const home = homeDir(ctx);
  return [
    { dir: path.join(ctx.cwd, '.kiro', 'agents'), scope: 'workspace' },
    { dir: path.join(ctx.cwd, '.amazonq', 'cli-agents'), scope: 'workspace' },
    { dir: path.join(home, '.kiro', 'agents'), scope: 'global' },
    { dir: path.join(home, '.aws', 'amazonq', 'cli-agents'), scope: 'global' },
  ];
}

/** Every agent file by name; a workspace agent shadows a global one of the same name. */
export function findKiroAgents(ctx: Context): { agents: KiroAgentFile[]; shadowed: KiroAgentFile[] } {
  const agents = new Map<string, KiroAgentFile>();
  const shadowed: KiroAgentFile[] = [];
  for (const { dir, scope } of kiroAgentDirs(ctx)) {
    let names: string[];
    try {
      names = fs.readdirSync(dir).filter((n) => n.endsWith('.json')).sort();
    } catch {
      continue;
    }
    for (const entry of names) {
      const file = path.join(dir, entry);
      const name = agentName(file) ?? entry.slice(0, -'.json'.length);
      const agent = { name, file, scope };
      if (agents.has(name)) shadowed.push(agent);
      else agents.set(name, agent);
    }
  }
  return { agents: [...agents.values()], shadowed };
}

/** The agent's `name` field, when the file parses and has one. */
function agentName(file: string): string | undefined {
  try {
    const value: unknown = parseJsonBounded(readInputFile(file, 'utf8'));
    return isPlainObject(value) && typeof value.name === 'string' && value.name !== '' ? value.name : undefined;
  } catch {
    return undefined;
  }
}

/** `chat.defaultAgent` in ~/.kiro/settings/cli.json (nested or as a dotted key). */
function defaultAgent(ctx: Context): string | undefined {
  try {
    const value: unknown = parseJsonBounded(readInputFile(path.join(homeDir(ctx), '.kiro', 'settings', 'cli.json'), 'utf8'));
    if (!isPlainObject(value)) return undefined;
    const chat = value.chat;
    const nested = isPlainObject(chat) ? chat.defaultAgent : undefined;
    const dotted = value['chat.defaultAgent'];
    const name = typeof nested === 'string' ? nested : dotted;
    return typeof name === 'string' && name !== '' ? name : undefined;
  } catch {
    return undefined;
  }
}

export function selectKiroAgent(ctx: Context, requested: string | undefined): { agent: KiroAgentFile; notes: Note[] } {
  const { agents, shadowed } = findKiroAgents(ctx);
  const notes: Note[] = shadowed.map((s) => ({
    severity: 'info' as const,
    code: 'agent-shadowed',
    message: `Agent conflict for ${s.name}: using the workspace version, not ${s.file}`,
  }));
  const list = agents.map((a) => `${a.name} (${a.file})`).join(', ');
  if (agents.length === 0) {
    const dirs = kiroAgentDirs(ctx).map((d) => d.dir).join(', ');
    throw configError(`no Kiro agent files found (looked in ${dirs})`);
  }
  if (requested !== undefined) {
    const agent = agents.find((a) => a.name === requested);
    if (!agent) throw usageError(`no Kiro agent named "${requested}"; agents: ${list}`);
    return { agent, notes };
  }
  const fallback = defaultAgent(ctx);
  const byDefault = fallback === undefined ? undefined : agents.find((a) => a.name === fallback);
  if (byDefault) return { agent: byDefault, notes };
  if (agents.length === 1) return { agent: agents[0]!, notes };
  throw usageError(`several Kiro agents found; pick one with --agent NAME: ${list}`);
}

export function migrateKiro(ctx: Context, requested: string | undefined): MigrationResult {
  const { agent, notes } = selectKiroAgent(ctx, requested);
  let doc: JsoncDocument & { value: JsonObject };
  try {
    // Kiro parses agent files as plain JSON: no comments.
    doc = parseJsoncObject(readInputFile(agent.file, 'utf8'), agent.file, 'a Kiro agent file must be a JSON object.', { comments: false });
  } catch (error) {
    if (error instanceof HookrunError) throw error;
    throw configError(`cannot read ${agent.file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  const out = new MigrationBuilder('kiro', [agent.file]);
  for (const note of notes) out.note(note);
  if (agent.scope === 'global') {
    out.note({ severity: 'info', code: 'global-agent', message: `agent "${agent.name}" is a global agent (${agent.file}); its hooks are written into this workspace's settings` });
  }
  const hooks = doc.value.hooks;
  const at = (p: JsonPath, key = false) => doc.locate(p, { key });
  if (hooks === undefined) {
    out.note({ severity: 'info', code: 'no-hooks', message: `agent "${agent.name}" has no hooks` });
  } else if (!isPlainObject(hooks)) {
    out.note({ severity: 'error', code: 'hooks-not-object', message: '"hooks" is not an object; nothing in it can be migrated' }, at(['hooks']));
  } else {
    for (const [trigger, entries] of Object.entries(hooks)) {
      const mapping = KIRO_EVENT_MAP[trigger];
      const count = Array.isArray(entries) ? entries.length : 0;
      if (!mapping) {
        out.counts.found += count;
        out.counts.skipped += count;
        const near = Object.keys(KIRO_EVENT_MAP).find((k) => k.toLowerCase() === trigger.toLowerCase());
        out.note(
          { severity: 'error', code: 'unknown-event', message: `"${trigger}" is not a Kiro hook trigger${near ? ` (triggers are camelCase: "${near}")` : ''}; Kiro rejects this agent file; ${count} hook(s) not migrated` },
          at(['hooks', trigger], true),
        );
        continue;
      }
      if (!Array.isArray(entries)) {
        out.note({ severity: 'error', code: 'event-not-array', message: `hooks.${trigger} is not an array; skipped` }, at(['hooks', trigger]));
        continue;
      }
      if (mapping.note) out.noteOnce(`event:${trigger}`, { severity: 'warning', code: 'event-differs', message: `${trigger} → ${mapping.gemini}: ${mapping.note}` }, at(['hooks', trigger], true));
      entries.forEach((entry: unknown, i) => migrateEntry(trigger, mapping.gemini, entry, ['hooks', trigger, i], at, out));
    }
  }
  addEventNotes(out, 'kiro');
  return out.result();
}

function migrateEntry(trigger: string, event: string, entry: unknown, p: JsonPath, at: (p: JsonPath) => ReturnType<JsoncDocument['locate']>, out: MigrationBuilder): void {
  out.counts.found++;
  const where = at(p);
  const skip = (code: string, message: string) => {
    out.counts.skipped++;
    out.note({ severity: 'error', code, message }, where);
  };
  if (!isPlainObject(entry)) return skip('invalid-hook-entry', 'not a hook object; not migrated');
  if (typeof entry.command !== 'string' || entry.command === '') return skip('missing-command', 'no command; not migrated');
  const toolEvent = trigger === 'preToolUse' || trigger === 'postToolUse';
  let matchers: (string | undefined)[] = [undefined];
  if (entry.matcher !== undefined) {
    if (typeof entry.matcher !== 'string') return skip('invalid-matcher', 'matcher is not a string; not migrated');
    if (!toolEvent) {
      out.note({ severity: 'info', code: 'matcher-dropped', message: `Kiro ignores matchers on ${trigger}; "${entry.matcher}" is dropped` }, at([...p, 'matcher']));
    } else {
      const conversion = convertKiroMatcher(entry.matcher);
      for (const note of conversion.notes) out.note(note, at([...p, 'matcher']));
      if (!conversion.ok) return skip(conversion.code, `${conversion.reason}; not migrated`);
      matchers = conversion.matchers;
    }
  }
  const hook: GeminiHookConfig = { type: 'command', command: entry.command };
  if (entry.timeout_ms !== undefined) {
    if (typeof entry.timeout_ms === 'number' && Number.isInteger(entry.timeout_ms) && entry.timeout_ms > 0) hook.timeout = entry.timeout_ms;
    else {
      out.note({ severity: 'warning', code: 'invalid-timeout', message: `timeout_ms ${JSON.stringify(entry.timeout_ms)} is not a positive whole number; Kiro's default (30 s) is written` }, at([...p, 'timeout_ms']));
      hook.timeout = KIRO_DEFAULT_TIMEOUT_MS;
    }
  } else {
    hook.timeout = KIRO_DEFAULT_TIMEOUT_MS;
  }
  if (typeof entry.cache_ttl_seconds === 'number' && entry.cache_ttl_seconds > 0) {
    out.note({ severity: 'warning', code: 'cache-not-carried', message: `cache_ttl_seconds ${entry.cache_ttl_seconds} is not carried: Gemini CLI has no hook cache and runs the hook every time` }, at([...p, 'cache_ttl_seconds']));
  }
  if (entry.max_output_size !== undefined) {
    out.note({ severity: 'warning', code: 'max-output-not-carried', message: `max_output_size ${JSON.stringify(entry.max_output_size)} is not carried: Gemini CLI does not truncate hook output` }, at([...p, 'max_output_size']));
  }
  if (/\bUSER_PROMPT\b/.test(entry.command)) {
    out.note({ severity: 'warning', code: 'env-var-missing', message: 'the command uses USER_PROMPT, which Gemini CLI does not set; read .prompt from the event JSON on stdin instead' }, at([...p, 'command']));
  }
  out.add(event, matchers, [hook]);
  out.counts.carried++;
}
