// Kiro CLI's side of `hookrun migrate`. Reads both of Kiro's formats with the dialect's own readers: the
// agent-embedded hooks of the agent Kiro would use (settings.ts: the same discovery, shadowing and default-agent
// rules as `run --dialect kiro`), and Kiro CLI 3's standalone `.kiro/hooks/*.json` files (kiro3-settings.ts).
// Writes Kiro CLI 3's format, the one Kiro moves to: `.kiro/hooks/migrated-from-<agent>.json`.
import path from 'node:path';
import type { Context } from '../../pipeline/context.js';
import { configError, usageError } from '../../pipeline/errors.js';
import { readMatcher } from '../../migrate/read.js';
import { readToolMatcher } from '../../migrate/matchers.js';
import { ModelBuilder, type MigrationAdapter, type NeutralModel, type Notes, type WritePlan } from '../../migrate/model.js';
import { protocolNotes, translateHooks } from '../../migrate/translate.js';
import { commandOf, mergeArrayItems } from '../../migrate/write.js';
import { readEvent, VOCABULARY } from '../../migrate/lookup.js';
import { isPlainObject } from '../../files/jsonc.js';
import type { JsonObject, RegistryEntry } from '../../pipeline/types.js';
import { type AgentFile, discoverAgents, selectAgent } from './settings.js';
import { KIRO3_DEFAULT_TIMEOUT_SECONDS, KIRO3_NO_TIMEOUT_MS, kiro3HookDirectories, kiro3HookFiles, readKiro3File, droppedKiro3FileMessage } from './kiro3-settings.js';

function read(ctx: Context, options: { agent?: string; to?: string }): NeutralModel {
  const catalog = discoverAgents(ctx);
  // Into Kiro CLI 3's format: its own files are already in it.
  const v3Files = options.to === 'kiro' ? [] : kiro3HookFiles(ctx);
  const workspaceV3 = v3Files.filter((f) => f.scope === 'workspace');
  const agent = chooseAgent(ctx, catalog, options.agent, workspaceV3.length > 0);
  const out = new ModelBuilder('kiro', [...(agent ? [agent.file] : []), ...workspaceV3.map((f) => f.path)]);
  for (const d of catalog.diagnostics) out.note(d, d.location);
  if (agent) readAgent(agent, out);
  for (const file of workspaceV3) {
    const loaded = readKiro3File(file);
    if (loaded.error) {
      out.note(
        { severity: 'error', code: 'kiro3-file-dropped', message: `${droppedKiro3FileMessage(loaded.error)}; nothing in it is migrated` },
        loaded.error.location ?? { file: file.path, line: 0, column: 0, path: [] },
      );
      continue;
    }
    for (const entry of loaded.entries) readKiro3Entry(entry, out);
  }
  for (const file of v3Files.filter((f) => f.scope === 'global')) {
    out.note(
      { severity: 'info', code: 'other-scope', message: `${file.path} (a global Kiro CLI 3 hook file) is not copied into the workspace` },
      { file: file.path, line: 0, column: 0, path: [] },
    );
  }
  if (options.to === 'kiro' && !agent)
    throw usageError("--from kiro --to kiro converts an agent's embedded hooks into Kiro CLI 3 hook files: no agent with hooks found (pick one with --agent NAME)");
  if (!agent && workspaceV3.length === 0) {
    const dirs = [
      ...catalog.directories.map((d) => d.dir),
      ...kiro3HookDirectories(ctx)
        .filter((d) => d.scope === 'workspace')
        .map((d) => d.dir),
    ];
    throw configError(`no Kiro agent files found and no Kiro CLI 3 hook files (looked in ${dirs.join(', ')})`);
  }
  return out.result();
}

/**
 * The agent whose embedded hooks to read: `--agent`, else `chat.defaultAgent` (as Kiro picks, selectAgent).
 * With neither, Kiro runs its built-in agent, which has no hooks; migrate then converts the one agent file
 * there is (saying that Kiro itself runs it only when selected), and asks for --agent when there are several.
 */
function chooseAgent(ctx: Context, catalog: ReturnType<typeof discoverAgents>, requested: string | undefined, haveV3: boolean): AgentFile | undefined {
  const selection = selectAgent(ctx, catalog, requested);
  if (selection.agent) return selection.agent;
  if (requested !== undefined || selection.by.startsWith('chat.defaultAgent')) return undefined;
  if (catalog.agents.length === 1) return catalog.agents[0];
  if (catalog.agents.length > 1) {
    throw usageError(`several Kiro agents found; pick one with --agent NAME: ${catalog.agents.map((a) => `${a.name} (${a.file})`).join(', ')}`);
  }
  if (catalog.unloadable.length > 0 && !haveV3) throw catalog.unloadable[0]!.error!;
  return undefined;
}

function readAgent(agent: AgentFile, out: ModelBuilder): void {
  if (agent.scope === 'global') {
    out.note({ severity: 'info', code: 'global-agent', message: `agent "${agent.name}" is a global agent (${agent.file}); its hooks are written into this workspace's files` });
  }
  const registered = agent.registered ?? { entries: [], diagnostics: [] };
  for (const d of registered.diagnostics) out.note(d, d.location);
  if (registered.entries.length === 0) out.note({ severity: 'info', code: 'no-hooks', message: `agent "${agent.name}" has no hooks` });
  for (const entry of registered.entries) {
    out.counts.found++;
    const where = entry.location;
    const raw = rawAt(agent.doc?.value, where?.path ?? []);
    const event = readEvent('kiro', entry.event)!;
    const matcher =
      typeof entry.matcher === 'string' && event.matcher === 'tool' ? readToolMatcher('kiro', entry.matcher, undefined, 'kiro-glob') : readMatcher('kiro', event, entry.matcher);
    for (const n of matcher.notes) out.note(n, where);
    if (!matcher.ok) {
      out.counts.skipped++;
      out.note({ severity: 'error', code: matcher.code, message: `${matcher.reason}; not migrated` }, where);
      continue;
    }
    const cache = entry.config.cache_ttl_seconds;
    if (typeof cache === 'number' && cache > 0) {
      out.note(
        { severity: 'warning', code: 'cache-not-carried', message: `cache_ttl_seconds ${cache} is not carried: the other agents have no hook cache and run the hook every time` },
        where,
      );
    }
    if (raw && raw.max_output_size !== undefined) {
      out.note(
        {
          severity: 'warning',
          code: 'max-output-not-carried',
          message: `max_output_size ${JSON.stringify(raw.max_output_size)} is not carried: the other agents do not truncate hook output that way`,
        },
        where,
      );
    }
    out.add({
      event: event.event,
      sourceEvent: event.name,
      matcher: matcher.matcher,
      command: entry.config.command ?? '',
      timeoutMs: entry.config.timeout,
      ...(where ? { location: where } : {}),
    });
  }
}

function readKiro3Entry(entry: RegistryEntry, out: ModelBuilder): void {
  out.counts.found++;
  const where = entry.location;
  const skip = (code: string, message: string, severity: 'error' | 'info' = 'error') => {
    out.counts.skipped++;
    out.note({ severity, code, message }, where);
  };
  if (!entry.enabled) return skip('disabled', `hook "${entry.displayName}" is disabled ("enabled": false); not migrated`, 'info');
  if (entry.config.type !== 'command')
    return skip('hook-type-unsupported', `hook "${entry.displayName}" is an agent action (a prompt), which the other agents have no counterpart for; not migrated`);
  const event = readEvent('kiro', entry.event)!;
  const matcher = readMatcher('kiro', event, entry.matcher);
  for (const n of matcher.notes) out.note(n, where);
  if (!matcher.ok) return skip(matcher.code, `${matcher.reason}; not migrated`);
  const ms = entry.config.timeout;
  if (ms === KIRO3_NO_TIMEOUT_MS)
    out.note({ severity: 'warning', code: 'no-timeout', message: `hook "${entry.displayName}" has timeout 0 (none) in Kiro; the target's default timeout applies` }, where);
  out.add({
    event: event.event,
    sourceEvent: event.name,
    matcher: matcher.matcher,
    command: entry.config.command ?? '',
    ...(ms !== undefined && ms !== KIRO3_NO_TIMEOUT_MS ? { timeoutMs: ms, ...(ms === KIRO3_DEFAULT_TIMEOUT_SECONDS * 1000 ? { timeoutIsDefault: true } : {}) } : {}),
    description: entry.displayName,
    ...(where ? { location: where } : {}),
  });
}

function rawAt(value: unknown, at: readonly (string | number)[]): JsonObject | undefined {
  let node: unknown = value;
  for (const step of at) node = isPlainObject(node) ? node[step as string] : Array.isArray(node) ? node[step as number] : undefined;
  return isPlainObject(node) ? node : undefined;
}

function write(model: NeutralModel, ctx: Context, notes: Notes): WritePlan {
  const file = path.join(ctx.cwd, '.kiro', 'hooks', `migrated-from-${model.from}.json`);
  const hooks = translateHooks(model, 'kiro', notes);
  const items: JsonObject[] = [];
  const seen = new Set<string>();
  for (const hook of hooks) {
    for (const matcher of hook.matchers) {
      const key = JSON.stringify([hook.event.name, matcher ?? '', hook.command]);
      if (seen.has(key)) continue;
      seen.add(key);
      const item: JsonObject = { name: hook.description ?? `${hook.source.sourceEvent} ${items.length + 1}`, trigger: hook.event.name };
      if (matcher !== undefined) item.matcher = matcher;
      item.action = { type: 'command', command: hook.command };
      if (hook.timeout !== undefined) item.timeout = hook.timeout;
      items.push(item);
    }
  }
  if (hooks.some((h) => h.event.matcher === 'tool' && h.matchers.some((m) => m !== undefined))) {
    notes.once('kiro3-tools', {
      severity: 'info',
      code: 'tool-names-unpinned',
      message: `tool matchers use ${VOCABULARY.kiro.label}'s 2.x tool names (fs_write, execute_bash, ...): no source pins Kiro CLI 3's full tool list`,
    });
  }
  protocolNotes(model.from, 'kiro', hooks, notes);
  const key = (item: unknown) => (isPlainObject(item) ? JSON.stringify([item.trigger, item.matcher ?? '', commandOf(item) ?? '']) : '');
  return {
    file,
    fragment: { version: 'v1', hooks: items },
    hooks: items.length,
    carried: hooks.length,
    merge: (original) => mergeArrayItems(original, file, ['hooks'], items, key, (list) => ({ version: 'v1', hooks: list })),
  };
}

// --agent picks the agent file; Kiro → Kiro moves agent-embedded hooks to Kiro CLI 3's hook files.
export const migration: MigrationAdapter = { agent: 'kiro', takes: ['agent'], toItself: true, read, write };
