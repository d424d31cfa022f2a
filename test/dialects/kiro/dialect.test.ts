// `hookrun run --dialect kiro` end to end: the real bin, real agent files in a temp workspace and HOME, real
// bash hooks that leave marker files. One table per part of the spec (A.1 locations and selection, A.4
// payload, A.5 USER_PROMPT, A.6 exit codes, A.7 truncation, A.8 matchers, A.9 cache; expiry and concurrent
// runs are in kiro.slow.test.ts).
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { counting, mark, output, sandbox } from '../../helpers/kiro.js';

describe('matchers (spec A.8): which hooks fire for which tool', async () => {
  const sb = await sandbox();
  const matchers: Record<string, string | undefined> = {
    none: undefined,
    star: '*',
    builtin: '@builtin',
    server: '@git',
    servertool: '@git/status',
    serverglob: '@git/*',
    prefixglob: '@git*',
    fsglob: 'fs_*',
    writealias: 'write',
    shellalias: 'shell',
    canonicalread: 'fs_read',
    regex: 'fs_write|fs_read',
    infix: '*write*',
    aws: 'aws',
    question: 'fs_?ead',
  };
  await sb.write('ws/.kiro/agents/dev.json', {
    name: 'dev',
    hooks: {
      preToolUse: Object.entries(matchers).map(([id, matcher]) => ({ command: mark(sb.root, id), ...(matcher === undefined ? {} : { matcher }) })),
    },
  });
  const always = ['none', 'star'];
  test.each([
    ['fs_write', [...always, 'builtin', 'fsglob', 'writealias', 'infix']],
    ['write', [...always, 'builtin', 'fsglob', 'writealias', 'infix']],
    ['read', [...always, 'builtin', 'fsglob', 'canonicalread', 'question']],
    ['execute_bash', [...always, 'builtin', 'shellalias']],
    ['shell', [...always, 'builtin', 'shellalias']],
    ['use_aws', [...always, 'builtin', 'aws']],
    ['@git/status', [...always, 'server', 'servertool', 'serverglob', 'prefixglob']],
    ['@github/pr', [...always, 'prefixglob']],
    ['fs_write|fs_read', [...always, 'builtin', 'fsglob', 'regex', 'infix']],
  ])('tool %s fires %j', async (tool, expected) => {
    await sb.clearMarkers();
    const result = await sb.run(['preToolUse', '--tool', tool, '--tool-input', '{}']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(await sb.fired()).toEqual([...expected].sort());
  });
});

describe.concurrent('exit codes and streams per trigger (spec A.6)', () => {
  test.each([
    // [trigger, hook exit, hookrun exit, blocked]
    ['preToolUse', 0, 0, false],
    ['preToolUse', 1, 0, false],
    ['preToolUse', 2, 2, true],
    ['preToolUse', 3, 0, false],
    ['postToolUse', 2, 0, false],
    ['stop', 2, 0, false],
    ['agentSpawn', 2, 0, false],
    ['userPromptSubmit', 2, 0, false],
  ] as const)('%s exit %i → hookrun exit %i, blocked %s', async (trigger, code, exit, blocked) => {
    const sb = await sandbox();
    await sb.write('ws/.kiro/agents/dev.json', {
      hooks: { [trigger]: [{ command: mark(sb.root, 'h', `echo stdout-$((40+2)); echo stderr-$((40+2)) >&2; exit ${code}`) }] },
    });
    const result = await sb.run([trigger, '--tool', 'fs_write', '--tool-input', '{"path":"a"}']);
    expect(result.exitCode, result.stderr).toBe(exit);
    expect(await sb.fired()).toEqual(['h']);
    const out = output(result);
    expect(out.blocked).toBe(blocked);
    expect(out.reason).toBe(blocked ? 'PreToolHook blocked the tool execution: stderr-42\n' : null);
    // The other stream is dropped: stdout on exit 0, stderr otherwise.
    expect(out.warnings).toEqual(
      code === 0 ? [] : [`${trigger} hook "${mark(sb.root, 'h', `echo stdout-$((40+2)); echo stderr-$((40+2)) >&2; exit ${code}`)}" exited with code ${code}: stderr-42`],
    );
    expect(result.stdout).not.toContain(code === 0 ? 'stderr-42' : 'stdout-42');
  });

  test.each(['agentSpawn', 'userPromptSubmit', 'preToolUse', 'postToolUse', 'stop'])('%s: what exit 0 stdout becomes', async (trigger) => {
    const sb = await sandbox();
    await sb.write('ws/.kiro/agents/dev.json', { hooks: { [trigger]: [{ command: 'echo context-line' }, { command: 'true' }] } });
    const out = output(await sb.run([trigger]));
    if (trigger === 'agentSpawn' || trigger === 'userPromptSubmit') {
      // The context block; an empty output adds nothing to it.
      expect(out.contextOutputs).toEqual(['context-line\n']);
      expect(out.context).toMatch(/^--- CONTEXT ENTRY BEGIN ---\n.+\n\ncontext-line\n\n\n--- CONTEXT ENTRY END ---\n\n$/);
      expect(String(out.context).includes('for the entire conversation')).toBe(trigger === 'agentSpawn');
    } else {
      expect(out.context).toBeNull();
      expect(out.contextOutputs).toEqual([]);
    }
  });

  test('a timed-out hook is killed, warns, and does not block; the human report says so', async () => {
    const sb = await sandbox();
    await sb.write('ws/.kiro/agents/dev.json', {
      hooks: { preToolUse: [{ command: 'sleep 60; exit 2', timeout_ms: 200 }] },
    });
    const result = await sb.run(['preToolUse', '--tool', 'fs_write'], { quiet: false });
    expect(result.exitCode).toBe(0);
    expect(output(result).warnings).toEqual(['preToolUse hook "sleep 60; exit 2" failed: command timed out after 200 ms']);
    expect(result.stderr).toContain('timed out');
    // Far below the hook's 60 s: hookrun killed it rather than waiting (a wide bound for a loaded machine).
    expect(result.durationMs).toBeLessThan(20_000);
  });
});

describe.concurrent('payload and environment (spec A.4, A.5)', () => {
  test('stdin carries hook_event_name, cwd and the event fields, nothing else; the hook runs in the workspace', async () => {
    const sb = await sandbox();
    await sb.write('ws/.kiro/agents/dev.json', { hooks: { postToolUse: [{ command: `cat > ${sb.root}/stdin.json; pwd > ${sb.root}/pwd` }] } });
    const event = { tool_response: { success: true, result: ['ok'] } };
    const result = await sb.run(['postToolUse', '--event', JSON.stringify(event), '--tool', 'fs_read', '--tool-input', '{"operations":[]}']);
    expect(result.exitCode, result.stderr).toBe(0);
    const stdin = await readFile(path.join(sb.root, 'stdin.json'), 'utf8');
    expect(JSON.parse(stdin)).toEqual({
      hook_event_name: 'postToolUse',
      cwd: sb.ws,
      tool_response: { success: true, result: ['ok'] },
      tool_name: 'fs_read',
      tool_input: { operations: [] },
    });
    expect(stdin).not.toContain('\n');
    expect((await readFile(path.join(sb.root, 'pwd'), 'utf8')).trim()).toBe(sb.ws);
  });

  test('USER_PROMPT: the prompt without control characters, on userPromptSubmit and agentSpawn only', async () => {
    const sb = await sandbox();
    const dump = (name: string) => ({ command: `printf '%s' "\${USER_PROMPT-unset}" > ${sb.root}/env-${name}; cat > ${sb.root}/stdin-${name}` });
    await sb.write('ws/.kiro/agents/dev.json', { hooks: { userPromptSubmit: [dump('prompt')], agentSpawn: [dump('spawn')], preToolUse: [dump('tool')] } });
    const prompt = 'fix\u0007 the\tbug\u001b[31m';
    for (const trigger of ['userPromptSubmit', 'agentSpawn', 'preToolUse']) {
      const result = await sb.run([trigger, '--event', JSON.stringify({ prompt })]);
      expect(result.exitCode, result.stderr).toBe(0);
    }
    expect(await readFile(path.join(sb.root, 'env-prompt'), 'utf8')).toBe('fix the\tbug[31m');
    expect(await readFile(path.join(sb.root, 'env-spawn'), 'utf8')).toBe('fix the\tbug[31m');
    expect(await readFile(path.join(sb.root, 'env-tool'), 'utf8')).toBe('unset');
    // The payload keeps the prompt as typed.
    expect(JSON.parse(await readFile(path.join(sb.root, 'stdin-prompt'), 'utf8')).prompt).toBe(prompt);
  }, 90_000);

  test.each([
    // PreToolUse is a Kiro CLI 3 trigger (hook files), so the near miss is another spelling.
    [['PRETOOLUSE'], 'unknown kiro event "PRETOOLUSE". Did you mean "preToolUse"?'],
    [['BeforeTool'], 'Events: agentSpawn, userPromptSubmit, preToolUse, postToolUse, stop'],
    [['userPromptSubmit', '--event', '{"prompt":3}'], 'userPromptSubmit event field "prompt" must be string, got number'],
    [['postToolUse', '--event', '{"tool_response":{"success":"yes"}}'], 'postToolUse event field "tool_response.success" must be boolean, got string'],
  ])('%j is an input error', async (args, message) => {
    const sb = await sandbox({ 'ws/.kiro/agents/dev.json': { hooks: {} } });
    const result = await sb.run(args);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe('');
  });
});

describe.concurrent('output size limit (spec A.7)', () => {
  test.each([
    // [printf argument, max_output_size, kept text]
    // (every boundary case is in test/dialects/kiro/exec.test.ts; these check the path through the bin)
    ['ééé', 4, 'éé ... truncated'],
    ['€😀', 6, '€ ... truncated'],
    ['ééé', 6, 'ééé'],
  ])('%j with max_output_size %i → %j', { timeout: 90_000 }, async (text, limit, kept) => {
    const sb = await sandbox();
    await sb.write('ws/.kiro/agents/dev.json', {
      hooks: { agentSpawn: [{ command: `printf '%s' '${text}'`, max_output_size: limit }], preToolUse: [{ command: `printf '%s' '${text}' >&2; exit 2`, max_output_size: limit }] },
    });
    expect(output(await sb.run(['agentSpawn', '--no-cache'])).contextOutputs).toEqual([kept]);
    expect(output(await sb.run(['preToolUse', '--tool', 'x'])).reason).toBe(`PreToolHook blocked the tool execution: ${kept}`);
  });

  test('the default limit is 10240 bytes', async () => {
    const sb = await sandbox();
    await sb.write('ws/.kiro/agents/dev.json', { hooks: { userPromptSubmit: [{ command: "head -c 20000 /dev/zero | tr '\\0' y" }] } });
    const [kept] = output(await sb.run(['userPromptSubmit'])).contextOutputs as string[];
    expect(kept).toBe(`${'y'.repeat(10240)} ... truncated`);
  });
});

describe.concurrent('cache_ttl_seconds across processes (spec A.9)', () => {
  test('only exit 0 is stored: a failing hook runs every time, and a cached preToolUse hook can never block', async () => {
    const sb = await sandbox();
    await sb.write('ws/.kiro/agents/dev.json', {
      hooks: {
        preToolUse: [
          counting(sb.root, 'fails', { cache_ttl_seconds: 300 }, 'exit 1'),
          counting(sb.root, 'flip', { cache_ttl_seconds: 300 }, `if [ -f ${sb.root}/armed ]; then echo stop >&2; exit 2; fi`),
        ],
      },
    });
    expect((await sb.run(['preToolUse', '--tool', 'fs_write'])).exitCode).toBe(0);
    await sb.write('armed', '');
    // A different tool call: Kiro's key has no tool input, so the stored result still answers.
    const second = await sb.run(['preToolUse', '--tool', 'execute_bash', '--tool-input', '{"command":"rm -rf /"}']);
    expect(second.exitCode).toBe(0);
    expect([await sb.count('fails'), await sb.count('flip')]).toEqual([2, 1]);
    expect((await sb.run(['preToolUse', '--tool', 'fs_write', '--no-cache'])).exitCode).toBe(2);
  }, 90_000);

  test('agentSpawn results are kept without expiry even with TTL 0 (code, not docs); a new session_id starts afresh', async () => {
    const sb = await sandbox();
    await sb.write('ws/.kiro/agents/dev.json', { hooks: { agentSpawn: [counting(sb.root, 'spawn')] } });
    await sb.run(['agentSpawn']);
    expect(output(await sb.run(['agentSpawn'])).contextOutputs).toEqual(['result-1\n']);
    expect(await sb.count('spawn')).toBe(1);
    await sb.run(['agentSpawn', '--event', '{"session_id":"s-2"}']);
    await sb.run(['agentSpawn', '--event', '{"session_id":"s-2"}']);
    expect(await sb.count('spawn')).toBe(2);
  }, 90_000);

  test('the cache lives in $XDG_CACHE_HOME/hookrun/kiro; an unwritable one is a note and the run still succeeds', async () => {
    const sb = await sandbox();
    await sb.write('ws/.kiro/agents/dev.json', { hooks: { userPromptSubmit: [counting(sb.root, 'h', { cache_ttl_seconds: 60 })] } });
    const xdg = path.join(sb.root, 'xdg');
    await sb.run(['userPromptSubmit'], { env: { XDG_CACHE_HOME: xdg } });
    expect((await readdir(path.join(xdg, 'hookrun', 'kiro'))).filter((f) => f.endsWith('.json'))).toHaveLength(1);
    expect(existsSync(path.join(sb.home, '.cache'))).toBe(false);
    await sb.write('blocked', 'a file, not a directory');
    const result = await sb.run(['userPromptSubmit'], { quiet: false, env: { XDG_CACHE_HOME: path.join(sb.root, 'blocked') } });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain('cannot write the Kiro hook cache');
  }, 90_000);
});

describe.concurrent('agent files and selection (spec A.1)', () => {
  test("a workspace agent hides the global one of the same name, with Kiro's warning", async () => {
    const sb = await sandbox();
    await sb.write('ws/.kiro/agents/dev.json', { name: 'dev', hooks: { stop: [{ command: mark(sb.root, 'workspace') }] } });
    await sb.write('home/.kiro/agents/dev.json', { name: 'dev', hooks: { stop: [{ command: mark(sb.root, 'global') }] } });
    const result = await sb.run(['stop', '--agent', 'dev'], { quiet: false });
    expect(result.exitCode).toBe(0);
    expect(await sb.fired()).toEqual(['workspace']);
    expect(result.stderr).toContain('Agent conflict for dev. Using workspace version.');
  });

  test('Amazon Q CLI agent folders work the same way', async () => {
    const sb = await sandbox();
    await sb.write('home/.aws/amazonq/cli-agents/q.json', { name: 'q', hooks: { stop: [{ command: mark(sb.root, 'q') }] } });
    expect((await sb.run(['stop', '--agent', 'q'])).exitCode).toBe(0);
    expect(await sb.fired()).toEqual(['q']);
  });

  test.each([
    ['--agent names no agent', {}, ['--agent', 'c'], 1, /no Kiro agent named "c"\. Agents: a .*, b /],
    ['chat.defaultAgent picks b', { 'home/.kiro/settings/cli.json': { 'chat.defaultAgent': 'b' } }, [], 0, /^$/],
    ['chat.defaultAgent names no agent', { 'home/.kiro/settings/cli.json': { 'chat.defaultAgent': 'zz' } }, [], 1, /the default agent "zz" .* does not exist/],
    ['--agent beats chat.defaultAgent', { 'home/.kiro/settings/cli.json': { 'chat.defaultAgent': 'b' } }, ['--agent', 'a'], 0, /^$/],
  ])('%s', async (_name, files, args, exit, stderr) => {
    const sb = await sandbox(files, { defaultAgent: null });
    await sb.write('ws/.kiro/agents/a.json', { hooks: { stop: [{ command: mark(sb.root, 'a') }] } });
    await sb.write('ws/.kiro/agents/b.json', { hooks: { stop: [{ command: mark(sb.root, 'b') }] } });
    const result = await sb.run(['stop', ...args]);
    expect(result.exitCode).toBe(exit);
    expect(result.stderr).toMatch(stderr);
    expect(await sb.fired()).toEqual(exit === 0 ? [args.includes('a') ? 'a' : 'b'] : []);
  });

  test.each([
    ['one agent', ['a']],
    ['several agents', ['a', 'b']],
  ])("%s, no --agent, no default: Kiro's built-in agent runs, which has no hooks; a warning names the agents", async (_name, names) => {
    const sb = await sandbox({}, { defaultAgent: null });
    for (const name of names) await sb.write(`ws/.kiro/agents/${name}.json`, { hooks: { stop: [{ command: mark(sb.root, name) }] } });
    const result = await sb.run(['stop'], { quiet: false });
    expect(result.exitCode).toBe(0);
    expect(output(result)).toMatchObject({ blocked: false, context: null });
    expect(await sb.fired()).toEqual([]);
    expect(result.stderr).toMatch(/Kiro CLI uses its built-in agent, which has no hooks, even where agent files exist\. Agents: a \(\.kiro\/agents\/a\.json\)/);
  });

  test('a workspace agent Kiro cannot load hides no global agent of the same name', async () => {
    const sb = await sandbox();
    await sb.write('ws/.kiro/agents/dev.json', '{not json');
    await sb.write('home/.kiro/agents/dev.json', { name: 'dev', hooks: { stop: [{ command: mark(sb.root, 'global') }] } });
    const result = await sb.run(['stop'], { quiet: false });
    expect(result.exitCode).toBe(0);
    expect(await sb.fired()).toEqual(['global']);
    expect(result.stderr).toContain(`agent file cannot be loaded (Kiro CLI reports it and goes on without it)`);
    expect(result.stderr).not.toContain('Agent conflict');
  });

  test('no agent at all: nothing runs, the empty output, and a warning', async () => {
    const sb = await sandbox({}, { defaultAgent: null });
    const result = await sb.run(['preToolUse', '--tool', 'fs_write'], { quiet: false });
    expect(result.exitCode).toBe(0);
    expect(output(result)).toMatchObject({ blocked: false, context: null, warnings: [] });
    expect(result.stderr).toContain('no agent file selected');
  });

  test('an agent Kiro cannot load is exit 1 with file:line:column', async () => {
    const sb = await sandbox({ 'ws/.kiro/agents/dev.json': { hooks: { stop: [] }, name: 'dev', tools: [] } });
    await sb.write('ws/.kiro/agents/dev.json', '{\n  "hooks": {\n    "Stop": []\n  }\n}\n');
    const result = await sb.run(['stop']);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(
      `hookrun: error: ${sb.ws}/.kiro/agents/dev.json:3:5: unknown hook trigger "Stop": Kiro CLI cannot load an agent with it. Did you mean "stop"? Triggers: agentSpawn, userPromptSubmit, preToolUse, postToolUse, stop\n`,
    );
  });

  test('--dry-run shows the plan with matcher verdicts and starts nothing', async () => {
    const sb = await sandbox();
    await sb.write('ws/.kiro/agents/dev.json', {
      hooks: {
        preToolUse: [
          { command: mark(sb.root, 'a'), matcher: 'fs_*' },
          { command: mark(sb.root, 'b'), matcher: 'shell' },
        ],
      },
    });
    const result = await sb.run(['preToolUse', '--tool', 'write', '--dry-run']);
    expect(result.exitCode).toBe(0);
    const plan = output(result) as { dialect: string; hooks: { command: string; timeoutMs: number }[]; skipped: { detail: string }[] };
    expect(plan.dialect).toBe('kiro');
    expect(plan.hooks).toEqual([expect.objectContaining({ command: mark(sb.root, 'a'), timeoutMs: 30000 })]);
    expect(plan.skipped).toEqual([expect.objectContaining({ reason: 'matcher', detail: '"shell" is not "write" or "fs_write" (exact, case-sensitive; no regex)' })]);
    expect(await sb.fired()).toEqual([]);
  });
});
