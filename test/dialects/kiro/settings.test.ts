// Loading Kiro agents from real temp directories: where they are looked up, which one wins, which one is
// selected, and what a wrong agent file gets (an error with file:line:column, or a warning).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { Context } from '../../../src/pipeline/context.js';
import { HookrunError } from '../../../src/pipeline/errors.js';
import { discoverAgents, loadKiroConfig } from '../../../src/dialects/kiro/settings.js';
import { tempDir } from '../../helpers/hooks.js';

const roots: string[] = [];
afterAll(() => roots.forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

function sandbox(files: Record<string, string | object>, env: Record<string, string> = {}) {
  const root = tempDir('hookrun-kiro-settings-');
  roots.push(root);
  const ws = path.join(root, 'ws');
  const home = path.join(root, 'home');
  fs.mkdirSync(ws, { recursive: true });
  fs.mkdirSync(home, { recursive: true });
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(root, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  const ctx: Context = { cwd: ws, env: { HOME: home, HOOKRUN_TRUST_WORKSPACE: 'true', ...env }, platform: 'linux', now: () => new Date(0) };
  return { root, ws, home, ctx };
}

const agent = (name: string | undefined, hooks: object = { stop: [{ command: `echo ${name}` }] }) => ({
  ...(name === undefined ? {} : { name }),
  hooks,
});

async function loadError(ctx: Context, agentName?: string): Promise<HookrunError> {
  try {
    await loadKiroConfig(ctx, { agent: agentName });
  } catch (error) {
    if (error instanceof HookrunError) return error;
    throw error;
  }
  throw new Error('expected the load to fail');
}

describe('where agents come from', () => {
  test("workspace before global; a global agent of the same name is hidden with Kiro's warning", async () => {
    const { ctx } = sandbox({
      'ws/.kiro/agents/dev.json': agent('dev'),
      'home/.kiro/agents/dev.json': agent('dev'),
      'home/.kiro/agents/ops.json': agent('ops'),
    });
    const catalog = discoverAgents(ctx);
    expect(catalog.agents.map((a) => [a.name, a.scope])).toEqual([
      ['dev', 'workspace'],
      ['ops', 'global'],
    ]);
    expect(catalog.diagnostics).toEqual([
      expect.objectContaining({ code: 'kiro-agent-conflict', severity: 'warning', message: expect.stringMatching(/^Agent conflict for dev\. Using workspace version\./) }),
    ]);
    const config = await loadKiroConfig(ctx, { agent: 'dev' });
    expect(config.entries[0]?.layer).toBe('workspace');
    expect(config.entries[0]?.location?.file).toBe(path.join(ctx.cwd, '.kiro/agents/dev.json'));
    expect(config.files.filter((f) => f.loaded).map((f) => f.path)).toEqual([path.join(ctx.cwd, '.kiro/agents/dev.json')]);
  });

  test('Amazon Q CLI folders are read too, after the Kiro folder of the same level', () => {
    const { ctx } = sandbox({
      'ws/.amazonq/cli-agents/q.json': agent('q'),
      'ws/.amazonq/cli-agents/dev.json': agent('dev'),
      'ws/.kiro/agents/dev.json': agent('dev'),
      'home/.aws/amazonq/cli-agents/gq.json': agent('gq'),
    });
    const catalog = discoverAgents(ctx);
    expect(catalog.agents.map((a) => [a.name, a.product, a.scope])).toEqual([
      ['dev', 'kiro', 'workspace'],
      ['q', 'amazonq', 'workspace'],
      ['gq', 'amazonq', 'global'],
    ]);
    expect(catalog.diagnostics.map((d) => d.code)).toEqual(['kiro-agent-duplicate']);
  });

  test('the name is the "name" field, else the file name', () => {
    const { ctx } = sandbox({ 'ws/.kiro/agents/file-name.json': agent(undefined), 'ws/.kiro/agents/other.json': agent('named') });
    expect(discoverAgents(ctx).agents.map((a) => a.name)).toEqual(['file-name', 'named']);
  });

  test('run from the home directory, ~/.kiro/agents is read once, as global', () => {
    const { ctx, home } = sandbox({ 'home/.kiro/agents/dev.json': agent('dev') });
    const catalog = discoverAgents({ ...ctx, cwd: home });
    expect(catalog.agents.map((a) => a.scope)).toEqual(['global']);
    expect(catalog.diagnostics).toEqual([]);
  });
});

describe('which agent runs', () => {
  const two = { 'ws/.kiro/agents/a.json': agent('a'), 'ws/.kiro/agents/b.json': agent('b') };

  test('--agent picks it', async () => {
    const { ctx } = sandbox(two);
    expect((await loadKiroConfig(ctx, { agent: 'b' })).entries.map((e) => e.config.command)).toEqual(['echo b']);
  });

  test('an unknown --agent is an error listing the agents', async () => {
    const error = await loadError(sandbox(two).ctx, 'c');
    expect(error.kind).toBe('usage');
    expect(error.message).toBe('no Kiro agent named "c". Agents: a (.kiro/agents/a.json), b (.kiro/agents/b.json).');
  });

  test('with no agent files, an unknown --agent says where it looked', async () => {
    const { ctx, home } = sandbox({});
    const error = await loadError(ctx, 'c');
    expect(error.message).toBe(
      `no Kiro agent named "c". No agent files were found in .kiro/agents, .amazonq/cli-agents, ${path.join(home, '.kiro/agents')}, ${path.join(home, '.aws/amazonq/cli-agents')}.`,
    );
  });

  test("no --agent and no default: Kiro's built-in agent, whatever agent files exist, and a warning listing them", async () => {
    for (const files of [two, { 'ws/.kiro/agents/a.json': agent('a') }]) {
      const config = await loadKiroConfig(sandbox(files).ctx);
      expect(config.entries).toEqual([]);
      const selected = config.diagnostics.find((d) => d.code === 'kiro-agent-selected');
      expect(selected).toMatchObject({ severity: 'warning' });
      expect(selected?.message).toMatch(
        /Kiro CLI uses its built-in agent, which has no hooks, even where agent files exist\. Agents: a \(\.kiro\/agents\/a\.json\).* Choose one with --agent NAME/,
      );
    }
  });

  test('chat.defaultAgent in ~/.kiro/settings/cli.json picks the default', async () => {
    const { ctx } = sandbox({ ...two, 'home/.kiro/settings/cli.json': { 'chat.defaultAgent': 'b' } });
    const config = await loadKiroConfig(ctx);
    expect(config.entries.map((e) => e.config.command)).toEqual(['echo b']);
    expect(config.diagnostics.find((d) => d.code === 'kiro-agent-selected')?.message).toContain('chat.defaultAgent in');
  });

  test("Amazon Q CLI's settings file ($XDG_DATA_HOME/amazon-q/settings.json) is read next", async () => {
    const { ctx, root } = sandbox({ ...two, 'data/amazon-q/settings.json': { 'chat.defaultAgent': 'a' } });
    const config = await loadKiroConfig({ ...ctx, env: { ...ctx.env, XDG_DATA_HOME: path.join(root, 'data') } });
    expect(config.entries.map((e) => e.config.command)).toEqual(['echo a']);
  });

  test('a default agent that does not exist is an error naming the settings file', async () => {
    const { ctx, home } = sandbox({ ...two, 'home/.kiro/settings/cli.json': { 'chat.defaultAgent': 'gone' } });
    const error = await loadError(ctx);
    expect(error.kind).toBe('config');
    expect(error.message).toContain(`the default agent "gone" (chat.defaultAgent in ${path.join(home, '.kiro/settings/cli.json')}) does not exist`);
  });

  test('no agent at all, or a built-in agent, runs no hook', async () => {
    const none = await loadKiroConfig(sandbox({}).ctx);
    expect(none.entries).toEqual([]);
    expect(none.diagnostics).toContainEqual(expect.objectContaining({ code: 'kiro-agent-selected', severity: 'warning' }));
    expect((await loadKiroConfig(sandbox(two).ctx, { agent: 'kiro_default' })).entries).toEqual([]);
  });

  test('an unparsable agent is an error when selected, a warning otherwise', async () => {
    const { ctx } = sandbox({ 'ws/.kiro/agents/bad.json': '{\n  "name": "bad",\n  "hooks": {,\n}', 'ws/.kiro/agents/good.json': agent('good') });
    const error = await loadError(ctx, 'bad');
    expect(error.kind).toBe('config');
    expect(error.location).toMatchObject({ file: path.join(ctx.cwd, '.kiro/agents/bad.json'), line: 3, column: 13 });
    const config = await loadKiroConfig(ctx, { agent: 'good' });
    expect(config.diagnostics).toContainEqual(expect.objectContaining({ code: 'kiro-agent-unloadable', severity: 'warning' }));
  });

  test('an agent Kiro cannot load hides no other: a global agent of the same name is used, with a warning for the broken one', async () => {
    for (const broken of ['{not json', JSON.stringify({ name: 'dev', bogus: 1 }), JSON.stringify({ name: 'dev', hooks: { stop: [{ command: 'x', timeout_ms: 1.5 }] } })]) {
      const { ctx } = sandbox({ 'ws/.kiro/agents/dev.json': broken, 'home/.kiro/agents/dev.json': { name: 'dev', hooks: { stop: [{ command: 'echo global' }] } } });
      const config = await loadKiroConfig(ctx, { agent: 'dev' });
      expect(config.entries.map((e) => e.config.command)).toEqual(['echo global']);
      expect(config.diagnostics).toContainEqual(
        expect.objectContaining({ code: 'kiro-agent-unloadable', location: expect.objectContaining({ file: path.join(ctx.cwd, '.kiro/agents/dev.json') }) }),
      );
      expect(config.diagnostics.map((d) => d.code)).not.toContain('kiro-agent-conflict');
    }
  });

  test("a default agent that only a broken file names is that file's error", async () => {
    const { ctx } = sandbox({ 'ws/.kiro/agents/dev.json': JSON.stringify({ name: 'dev', hooks: null }), 'home/.kiro/settings/cli.json': { 'chat.defaultAgent': 'dev' } });
    const error = await loadError(ctx);
    expect(error.message).toContain('"hooks" must be an object of trigger → array of hooks, got null');
  });
});

describe('the selected agent as Kiro parses it', () => {
  const load = (hooks: unknown, extra: object = {}) => {
    const { ctx } = sandbox({ 'ws/.kiro/agents/a.json': { name: 'a', ...extra, hooks } });
    return { ctx, run: () => loadKiroConfig(ctx, { agent: 'a' }) };
  };

  test.each([
    [{ PreToolUse: [] }, 'unknown hook trigger "PreToolUse": Kiro CLI cannot load an agent with it. Did you mean "preToolUse"?', 4, 5],
    [{ BeforeTool: [] }, 'Did you mean "preToolUse"?', 4, 5],
    [{ onSave: [] }, 'Triggers: agentSpawn, userPromptSubmit, preToolUse, postToolUse, stop', 4, 5],
    [[], '"hooks" must be an object of trigger → array of hooks, got array', 3, 12],
    [{ stop: {} }, 'hooks.stop must be an array of hooks, got object', 4, 13],
    [{ stop: ['echo'] }, 'hooks.stop[0] must be an object with a "command", got string', 5, 7],
    [{ stop: [{ matcher: 'x' }] }, 'hooks.stop[0] has no "command"', 5, 7],
    [{ stop: [{ command: 1 }] }, 'hooks.stop[0].command must be a string, got number', 6, 20],
    [{ stop: [{ command: 'x', timeout_ms: '5' }] }, 'hooks.stop[0].timeout_ms must be a whole number >= 0 written as digits only, got "5"', 7, 23],
    [{ stop: [{ command: 'x', max_output_size: -1 }] }, 'hooks.stop[0].max_output_size must be a whole number >= 0 written as digits only, got -1', 7, 28],
    [{ stop: [{ command: 'x', cache_ttl_seconds: 1.5 }] }, 'hooks.stop[0].cache_ttl_seconds must be a whole number >= 0 written as digits only, got 1.5', 7, 30],
    [null, '"hooks" must be an object of trigger → array of hooks, got null', 3, 12],
    [{ preToolUse: [{ command: 'x', matcher: ['fs_read'] }] }, 'hooks.preToolUse[0].matcher must be a string, got array', 7, 20],
  ])('%j → %s', async (hooks, message, line, column) => {
    const { ctx, run } = load(hooks);
    const error = await run().then(
      () => undefined,
      (e: unknown) => e as HookrunError,
    );
    expect(error?.kind).toBe('config');
    expect(error?.message).toContain(message);
    expect(error?.location).toMatchObject({ file: path.join(ctx.cwd, '.kiro/agents/a.json'), line, column });
  });

  test.each(['1000.0', '1e3', '1E3', '10.00e2'])('timeout_ms written as %s is refused: Kiro reads an unsigned integer, not a number', async (written) => {
    const line = `  "hooks": { "stop": [ { "command": "x", "timeout_ms": ${written} } ] }`;
    const { ctx } = sandbox({ 'ws/.kiro/agents/a.json': `{\n  "name": "a",\n${line}\n}\n` });
    const error = await loadKiroConfig(ctx, { agent: 'a' }).then(
      () => undefined,
      (e: unknown) => e as HookrunError,
    );
    expect(error?.message).toBe(`hooks.stop[0].timeout_ms must be a whole number >= 0 written as digits only, got ${written}`);
    expect(error?.location).toMatchObject({ line: 3, column: line.indexOf(written) + 1 });
  });

  test('defaults and normalised entries', async () => {
    const config = await load({
      preToolUse: [
        { command: 'a', matcher: 'fs_*' },
        { command: 'b', timeout_ms: 5, max_output_size: 6, cache_ttl_seconds: 7, matcher: null },
      ],
    }).run();
    expect(config.entries.map((e) => [e.event, e.matcher, e.config])).toEqual([
      ['preToolUse', 'fs_*', { type: 'command', command: 'a', timeout: 30000, timeout_ms: 30000, max_output_size: 10240, cache_ttl_seconds: 0 }],
      ['preToolUse', undefined, { type: 'command', command: 'b', timeout: 5, timeout_ms: 5, max_output_size: 6, cache_ttl_seconds: 7 }],
    ]);
    expect(config.trust).toEqual({ trusted: true, by: 'env', detail: 'HOOKRUN_TRUST_WORKSPACE=true' });
    expect(config.entries[0]).toMatchObject({ source: 'agent', enabled: true, displayName: 'a', location: { line: 5, column: 7 } });
  });

  test("in an untrusted folder a workspace agent registers no hook (considered, held back); a global agent is the user's own", async () => {
    const agent = (command: string) => ({ name: 'dev', hooks: { stop: [{ command }] } });
    const fresh = sandbox({ 'ws/.kiro/agents/dev.json': agent('from-ws') }, { HOOKRUN_TRUST_WORKSPACE: '' });
    const held = await loadKiroConfig(fresh.ctx, { agent: 'dev', keepInactive: true });
    expect(held.trust.trusted).toBe(false);
    expect(held.entries).toEqual([]);
    expect(held.considered?.map((c) => [c.entry.displayName, c.inactive?.reason])).toEqual([['from-ws', 'untrusted-folder']]);
    expect(held.diagnostics.find((d) => d.code === 'untrusted-project-hooks')?.message).toContain('hookrun trust --folder');
    const global = sandbox({ 'home/.kiro/agents/dev.json': agent('from-home') }, { HOOKRUN_TRUST_WORKSPACE: '' });
    expect((await loadKiroConfig(global.ctx, { agent: 'dev' })).entries.map((e) => e.displayName)).toEqual(['from-home']);
    expect((await loadKiroConfig(fresh.ctx, { agent: 'dev', trustWorkspace: true })).entries.map((e) => e.displayName)).toEqual(['from-ws']);
  });

  test.each([
    [{ preToolUse: [{ command: 'x', type: 'command' }] }, 'kiro-unknown-hook-key', '"type" is not a Kiro hook field; Kiro CLI ignores it'],
    [{ preToolUse: [{ command: 'x', matcher: 'fs_write|fs_read' }] }, 'kiro-regex-matcher', 'is read as an exact tool name'],
    [{ preToolUse: [{ command: 'x', matcher: 'execute_.*' }] }, 'kiro-regex-matcher', 'is read as a glob'],
    [{ preToolUse: [{ command: 'x', matcher: '^shell$' }] }, 'kiro-regex-matcher', 'does not support'],
    [{ preToolUse: [{ command: 'x', matcher: 'fs_[rw*' }] }, 'kiro-invalid-glob', 'is not a valid glob (unclosed "[")'],
    [{ postToolUse: [{ command: 'x', matcher: '' }] }, 'kiro-empty-matcher', 'matches no tool'],
    [{ stop: [{ command: 'x', matcher: 'fs_*' }] }, 'kiro-matcher-ignored', 'stop has no tool'],
  ])('%j warns %s', async (hooks, code, message) => {
    const config = await load(hooks).run();
    const found = config.diagnostics.filter((d) => d.code === code);
    expect(found).toEqual([expect.objectContaining({ severity: 'warning', message: expect.stringContaining(message) })]);
    expect(found[0]?.location?.line).toBeGreaterThan(1);
  });

  test('valid matchers and documented agent fields give no warning', async () => {
    const config = await load(
      {
        preToolUse: [
          { command: 'x', matcher: 'fs_*' },
          { command: 'y', matcher: '@git' },
          { command: 'z', matcher: '@builtin' },
        ],
      },
      { tools: ['*'], allowedTools: ['fs_read'], toolsSettings: {}, resources: [], model: 'm', welcomeMessage: 'hi' },
    ).run();
    expect(config.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
  });

  test("an unknown agent field makes the agent unloadable, as Kiro's parser denies unknown fields", async () => {
    await expect(load({ preToolUse: [{ command: 'x' }] }, { permissions: {} }).run()).rejects.toThrow(/unknown agent field "permissions"/);
  });
});
