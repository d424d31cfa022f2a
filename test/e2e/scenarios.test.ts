// Gemini CLI's integration scenarios (spec §9.9) re-expressed as `hookrun run` calls, plus the
// contract's input and settings rules, through the real bin in isolated temp directories.
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { constants, existsSync, openSync } from 'node:fs';
import { Socket } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { BIN, hookrun, makeSandbox, type Sandbox, stdoutJson } from '../helpers/cli.js';

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((s) => s.cleanup())));

/** A node hook that reads the event, then runs `body` with `i` = the event and `emit(o)` = print JSON. */
const nodeHook = (body: string) =>
  `#!/usr/bin/env node\nconst i = JSON.parse(require('fs').readFileSync(0, 'utf8'));\nconst emit = (o) => process.stdout.write(JSON.stringify(o));\n${body}\n`;

interface Setup {
  settings?: unknown;
  user?: unknown;
  scripts?: Record<string, string>;
  trust?: boolean;
}

async function workspace(setup: Setup): Promise<Sandbox> {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  if (setup.settings !== undefined) await sb.write(path.join(sb.ws, '.gemini/settings.json'), JSON.stringify(setup.settings, null, 2));
  if (setup.user !== undefined) await sb.write(path.join(sb.home, '.gemini/settings.json'), JSON.stringify(setup.user));
  for (const [name, body] of Object.entries(setup.scripts ?? {})) await sb.write(path.join(sb.ws, 'hooks', name), body, 0o755);
  return sb;
}

const hook = (script: string, extra: Record<string, unknown> = {}) => ({ type: 'command', command: `$GEMINI_PROJECT_DIR/hooks/${script}`, ...extra });
const on = (event: string, hooks: unknown[], def: Record<string, unknown> = {}) => ({ hooks: { [event]: [{ ...def, hooks }] } });

async function run(sb: Sandbox, args: string[], options: { trust?: boolean; input?: string; env?: Record<string, string> } = {}) {
  const env = { ...sb.env, ...(options.trust === false ? {} : { GEMINI_CLI_TRUST_WORKSPACE: 'true' }), ...options.env };
  return hookrun(['run', ...args, '--cwd', sb.ws], { env, input: options.input });
}

const writeFile = ['BeforeTool', '--tool', 'write_file', '--tool-input', '{"file_path":"a.txt","content":"x"}'];

describe('spec §9.9 scenarios', () => {
  test('block decision → exit 2 with the reason', async () => {
    const sb = await workspace({
      settings: on('BeforeTool', [hook('block.js')], { matcher: 'write_file' }),
      scripts: { 'block.js': nodeHook(`emit({decision:'block', reason:'File writing blocked by security policy'})`) },
    });
    const r = await run(sb, writeFile);
    expect(r.exitCode).toBe(2);
    expect(stdoutJson(r)).toMatchObject({ decision: 'block', reason: 'File writing blocked by security policy' });
    expect(r.stderr).toMatch(/outcome: block \(exit 2\): File writing blocked by security policy/);
  });

  test('exit 2 with deny JSON on stderr → blocked (stderr is parsed when stdout is blank)', async () => {
    const sb = await workspace({
      settings: on('BeforeTool', [hook('deny.sh')]),
      scripts: { 'deny.sh': `#!/usr/bin/env bash\ncat >/dev/null\necho '{"decision":"deny","reason":"from stderr"}' >&2\nexit 2\n` },
    });
    const r = await run(sb, writeFile);
    expect(r.exitCode).toBe(2);
    expect(stdoutJson(r)).toMatchObject({ decision: 'deny', reason: 'from stderr' });
  });

  test('allow → exit 0', async () => {
    const sb = await workspace({
      settings: on('BeforeTool', [hook('allow.js')]),
      scripts: { 'allow.js': nodeHook(`emit({decision:'allow', reason:'File writing approved'})`) },
    });
    const r = await run(sb, writeFile);
    expect(r.exitCode).toBe(0);
    expect(stdoutJson(r)).toEqual({ continue: true, suppressOutput: false, decision: 'allow', reason: 'File writing approved' });
  });

  test('AfterTool additionalContext and a tail call request pass through', async () => {
    const sb = await workspace({
      settings: on('AfterTool', [hook('ctx.js')], { matcher: 'read_file' }),
      scripts: {
        'ctx.js': nodeHook(
          `emit({hookSpecificOutput:{additionalContext:'Security scan: File content appears safe', tailToolCallRequest:{name:'write_file', args:{file_path:'tail-called-file.txt', content:'Content from tail call'}}}})`,
        ),
      },
    });
    const r = await run(sb, ['AfterTool', '--tool', 'read_file', '--event', '{"tool_input":{"file_path":"x"},"tool_response":{"llmContent":"hi","returnDisplay":"hi"}}']);
    expect(r.exitCode).toBe(0);
    expect(stdoutJson(r)).toMatchObject({
      hookSpecificOutput: {
        additionalContext: 'Security scan: File content appears safe',
        tailToolCallRequest: { name: 'write_file', args: { file_path: 'tail-called-file.txt' } },
      },
    });
  });

  const llmRequest = JSON.stringify({ llm_request: { model: 'gemini-2.5-flash', messages: [{ role: 'user', content: 'hello' }], config: {} } });

  test('BeforeModel rewrites the request; deny blocks the model call', async () => {
    const sb = await workspace({
      settings: on('BeforeModel', [hook('m.js')]),
      scripts: {
        'm.js': nodeHook(
          `if (i.llm_request.messages[0].content === 'deny me') emit({decision:'deny', reason:'Model execution blocked by security policy'});\nelse emit({hookSpecificOutput:{llm_request:{messages:[{role:'user', content:'Please respond with exactly: The security hook modified this request successfully.'}]}}})`,
        ),
      },
    });
    const modified = await run(sb, ['BeforeModel', '--event', llmRequest]);
    expect(modified.exitCode).toBe(0);
    expect(JSON.stringify(stdoutJson(modified))).toContain('security hook modified');
    const denied = await run(sb, ['BeforeModel', '--event', llmRequest.replace('hello', 'deny me')]);
    expect(denied.exitCode).toBe(2);
    expect(stdoutJson(denied)).toMatchObject({ decision: 'deny', reason: 'Model execution blocked by security policy' });
  });

  test('AfterModel replaces the response', async () => {
    const sb = await workspace({
      settings: on('AfterModel', [hook('f.js')]),
      scripts: {
        'f.js': nodeHook(
          `emit({hookSpecificOutput:{llm_response:{candidates:[{content:{role:'model', parts:['[FILTERED] Response has been filtered for security compliance.']}}]}}})`,
        ),
      },
    });
    const r = await run(sb, ['AfterModel', '--event', JSON.stringify({ llm_request: {}, llm_response: { candidates: [{ content: { role: 'model', parts: ['secret'] } }] } })]);
    expect(r.exitCode).toBe(0);
    expect(JSON.stringify(stdoutJson(r))).toContain('[FILTERED]');
  });

  test('BeforeToolSelection restricts tools', async () => {
    const sb = await workspace({
      settings: on('BeforeToolSelection', [hook('t.js')]),
      scripts: { 't.js': nodeHook(`emit({hookSpecificOutput:{toolConfig:{mode:'ANY', allowedFunctionNames:['read_file']}}})`) },
    });
    const r = await run(sb, ['BeforeToolSelection', '--event', llmRequest]);
    expect(stdoutJson(r)).toEqual({ hookSpecificOutput: { hookEventName: 'BeforeToolSelection', toolConfig: { mode: 'ANY', allowedFunctionNames: ['read_file'] } } });
  });

  test('Notification: matcher ignored, advisory only', async () => {
    const sb = await workspace({
      settings: on('Notification', [hook('n.js')], { matcher: 'ToolPermission' }),
      scripts: { 'n.js': nodeHook(`emit({suppressOutput:false, systemMessage:'Permission request logged by ' + i.details.type + ' hook'})`) },
    });
    const r = await run(sb, [
      'Notification',
      '--event',
      '{"notification_type":"ToolPermission","message":"Tool Shell requires execution","details":{"type":"exec","title":"Shell","command":"echo test"}}',
    ]);
    expect(r.exitCode).toBe(0);
    expect(stdoutJson(r)).toEqual({ suppressOutput: false, systemMessage: 'Permission request logged by exec hook' });
  });

  test('sequential BeforeAgent hooks chain the prompt', async () => {
    const sb = await workspace({
      settings: on('BeforeAgent', [hook('s1.js'), hook('s2.js')], { sequential: true }),
      scripts: {
        's1.js': nodeHook(`emit({hookSpecificOutput:{additionalContext:'Step 1: Initial validation passed.'}})`),
        's2.js': nodeHook(`emit({reason: JSON.stringify(i.prompt)})`),
      },
    });
    const r = await run(sb, ['BeforeAgent', '--prompt', 'Original prompt']);
    expect(stdoutJson(r)).toMatchObject({ reason: JSON.stringify('Original prompt\n\nStep 1: Initial validation passed.') });
    expect(r.stderr).toMatch(/2 hook\(s\), sequential/);
  });

  test('the hook receives the full input: base fields filled, event fields kept', async () => {
    const sb = await workspace({
      settings: on('BeforeTool', [hook('in.js')]),
      scripts: {
        'in.js': nodeHook(
          `const ok = typeof i.session_id === 'string' && i.session_id.length > 0 && i.cwd === process.cwd() && i.hook_event_name === 'BeforeTool' && !isNaN(Date.parse(i.timestamp)) && i.transcript_path === '' && i.tool_name === 'write_file' && i.tool_input.file_path === 'a.txt' && i.extra === 'kept';\nemit({decision: ok ? 'allow' : 'deny', reason: JSON.stringify(Object.keys(i))})`,
        ),
      },
    });
    const r = await run(sb, ['BeforeTool', '--event', '{"tool_name":"write_file","tool_input":{"file_path":"a.txt"},"extra":"kept"}']);
    expect(r.exitCode).toBe(0);
    const keys = JSON.parse((stdoutJson(r) as { reason: string }).reason);
    expect(keys.slice(0, 5)).toEqual(['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'timestamp']);
  });

  test('mixed stdout pollution is plain text: allowed, and the text becomes the system message', async () => {
    const sb = await workspace({
      settings: on('BeforeTool', [hook('p.sh')]),
      scripts: { 'p.sh': `#!/usr/bin/env bash\ncat >/dev/null\necho Pollution\necho '{"decision":"deny","reason":"Should be ignored"}'\n` },
    });
    const r = await run(sb, writeFile);
    expect(r.exitCode).toBe(0);
    const out = stdoutJson(r) as { systemMessage: string };
    expect(out.systemMessage).toContain('Pollution');
    expect(out.systemMessage).toContain('Should be ignored');
  });

  test('a silently failing hook does not stop an allowing one; the failure is reported', async () => {
    const sb = await workspace({
      settings: on('BeforeTool', [hook('fail.sh'), hook('ok.js')]),
      scripts: { 'fail.sh': '#!/usr/bin/env bash\nexit 1\n', 'ok.js': nodeHook(`emit({decision:'allow'})`) },
    });
    const r = await run(sb, writeFile);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/failed for event BeforeTool/);
  });

  test('16 hooks in parallel: all answers merged, and nothing but hookrun on stderr (no Node listener warning)', async () => {
    const hooks = Array.from({ length: 16 }, (_, i) => ({ type: 'command', name: `h${i}`, command: `echo '{"systemMessage":"m${i}"}'` }));
    const sb = await workspace({ settings: { hooks: { BeforeTool: [{ hooks }] } } });
    const r = await run(sb, writeFile);
    expect(r.exitCode).toBe(0);
    expect((stdoutJson(r) as { systemMessage?: string }).systemMessage).toBe(Array.from({ length: 16 }, (_, i) => `m${i}`).join('\n'));
    expect(r.stderr).not.toMatch(/MaxListeners|Warning/);
    expect(
      r.stderr
        .split('\n')
        .filter(Boolean)
        .every((line) => /^(hookrun:| {2})/.test(line)),
    ).toBe(true);
  });

  test('SessionStart: exact matcher, context and system message', async () => {
    const sb = await workspace({
      settings: on('SessionStart', [hook('ss.js')], { matcher: 'startup' }),
      scripts: { 'ss.js': nodeHook(`emit({systemMessage:'Context injected via SessionStart hook', hookSpecificOutput:{additionalContext:'source=' + i.source}})`) },
    });
    const r = await run(sb, ['SessionStart', '--source', 'startup']);
    expect(stdoutJson(r)).toMatchObject({ systemMessage: 'Context injected via SessionStart hook', hookSpecificOutput: { additionalContext: 'source=startup' } });
    const resume = await run(sb, ['SessionStart', '--source', 'resume']);
    expect(stdoutJson(resume)).toEqual({});
  });

  test('a disabled hook never runs', async () => {
    const sb = await workspace({
      settings: {
        hooksConfig: { disabled: ['hook-b'] },
        hooks: { BeforeTool: [{ hooks: [hook('a.js', { name: 'hook-a' }), hook('b.js', { name: 'hook-b' })] }] },
      },
      scripts: { 'a.js': nodeHook(`emit({decision:'allow', systemMessage:'a ran'})`), 'b.js': nodeHook(`require('fs').writeFileSync('b-ran', ''); emit({decision:'block'})`) },
    });
    const r = await run(sb, writeFile);
    expect(r.exitCode).toBe(0);
    expect(existsSync(path.join(sb.ws, 'b-ran'))).toBe(false);
  });

  test('input override: tool_input replaced', async () => {
    const sb = await workspace({
      settings: on('BeforeTool', [hook('o.js')]),
      scripts: { 'o.js': nodeHook(`emit({hookSpecificOutput:{tool_input:{file_path:'modified.txt', content:'modified content'}}})`) },
    });
    const r = await run(sb, writeFile);
    expect(stdoutJson(r)).toMatchObject({ hookSpecificOutput: { tool_input: { file_path: 'modified.txt', content: 'modified content' } } });
  });

  test('stop → exit 4; ask → exit 3', async () => {
    const sb = await workspace({
      settings: on('BeforeTool', [hook('d.js')]),
      scripts: {
        'd.js': nodeHook(
          `emit(i.tool_input.mode === 'stop' ? {continue:false, reason:'Emergency Stop triggered by hook'} : {decision:'ask', systemMessage:'Confirmation forced by security hook'})`,
        ),
      },
    });
    const stop = await run(sb, ['BeforeTool', '--tool', 'x', '--tool-input', '{"mode":"stop"}']);
    expect(stop.exitCode).toBe(4);
    expect(stdoutJson(stop)).toMatchObject({ continue: false, reason: 'Emergency Stop triggered by hook' });
    const ask = await run(sb, ['BeforeTool', '--tool', 'x', '--tool-input', '{"mode":"ask"}']);
    expect(ask.exitCode).toBe(3);
    expect(stdoutJson(ask)).toMatchObject({ decision: 'ask', systemMessage: 'Confirmation forced by security hook' });
  });
});

describe('settings rules surfaced on stderr', () => {
  test('an untrusted folder runs no settings hook and says how to trust it', async () => {
    const sb = await workspace({
      settings: on('BeforeTool', [hook('b.js')]),
      user: on('BeforeTool', [hook('b.js')]),
      scripts: { 'b.js': nodeHook(`require('fs').writeFileSync('ran', ''); emit({decision:'block'})`) },
    });
    const r = await run(sb, writeFile, { trust: false });
    expect(r.exitCode).toBe(0);
    expect(stdoutJson(r)).toEqual({});
    expect(existsSync(path.join(sb.ws, 'ran'))).toBe(false);
    expect(r.stderr).toMatch(/not trusted/);
    expect(r.stderr).toMatch(/--trust-workspace/);
    const trusted = await hookrun(['run', ...writeFile, '--cwd', sb.ws, '--trust-workspace'], { env: sb.env });
    expect(trusted.exitCode).toBe(2);
  });

  test('"type": "Command" is dropped like Gemini CLI does, but with a warning naming file and line', async () => {
    const sb = await workspace({ settings: on('BeforeTool', [{ type: 'Command', command: 'echo hi' }]) });
    const r = await run(sb, writeFile);
    expect(r.exitCode).toBe(0);
    expect(stdoutJson(r)).toEqual({});
    expect(r.stderr).toMatch(/settings\.json:\d+:\d+/);
    expect(r.stderr).toMatch(/Command/);
  });

  test('hooksConfig.enabled false: no hooks at all', async () => {
    const sb = await workspace({ settings: { hooksConfig: { enabled: false }, ...on('BeforeTool', [{ type: 'command', command: 'echo \'{"decision":"deny"}\'' }]) } });
    const r = await run(sb, writeFile);
    expect(r.exitCode).toBe(0);
    expect(stdoutJson(r)).toEqual({});
  });

  // Gemini CLI casts "false" only when the whole file passes its schema, and that schema types every top-level key.
  const denyHook = { 'deny.js': nodeHook(`emit({decision:'deny', reason:'ran'})`) };
  test.each([
    ['general', 'x'],
    ['mcpServers', 5],
    ['ui', []],
    ['model', null],
    ['telemetry', 'x'],
  ])('a file invalid only in %s keeps hooksConfig.enabled "false" uncast: the hook runs', async (key, value) => {
    const sb = await workspace({ settings: { [key]: value, hooksConfig: { enabled: 'false' }, ...on('BeforeTool', [hook('deny.js')]) }, scripts: denyHook });
    const r = await run(sb, writeFile);
    expect(r.exitCode).toBe(2);
    expect(stdoutJson(r)).toMatchObject({ decision: 'deny', reason: 'ran' });
    expect(r.stderr).toMatch(new RegExp(`settings\\.json:\\d+:\\d+: .* ${key}: Invalid input: expected .*\\[schema-invalid\\]`));
  });

  test('the same keys with their types (telemetry a boolean): the file validates, "false" is cast, no hook runs', async () => {
    const settings = { general: {}, mcpServers: {}, ui: {}, model: {}, telemetry: true, hooksConfig: { enabled: 'false' }, ...on('BeforeTool', [hook('deny.js')]) };
    const sb = await workspace({ settings, scripts: denyHook });
    const r = await run(sb, writeFile);
    expect(r.exitCode).toBe(0);
    expect(stdoutJson(r)).toEqual({});
    expect(r.stderr).not.toMatch(/schema-invalid/);
  });

  test('a settings file that does not parse is an error with file:line:column, exit 1', async () => {
    const sb = await workspace({});
    await sb.write(path.join(sb.ws, '.gemini/settings.json'), '{\n  "hooks": {\n    "BeforeTool": [,]\n  }\n}\n');
    const r = await run(sb, writeFile);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/settings\.json:3:\d+/);
  });
});

describe('event input', () => {
  test.each([
    [['BeforeTool', '--event', '{"tool_name": 5}'], /tool_name.*string.*number/],
    [['BeforeTool', '--event', '{"tool_name": "x",\n "tool_input": }'], /--event:2:\d+: invalid JSON/],
    [['BeforeTool', '--event', '[1]'], /must be a JSON object, got array/],
    [['BeforeTool', '--event', '{"hook_event_name":"AfterTool"}'], /differs from hook_event_name/],
    [['beforetool'], /unknown gemini event "beforetool". Did you mean "BeforeTool"\?/],
    [['SessionStart', '--source', 'boot'], /source.*one of "startup", "resume", "clear"/],
    [['BeforeTool', '--tool-input', '"x"'], /--tool-input must be a JSON object/],
    [[], /no event name/],
    [['BeforeTool', '--event-file', '/nonexistent/e.json'], /cannot read \(ENOENT\)/],
    [['BeforeTool', '--event', ''], /--event: the event is empty; give a JSON object/],
    [['BeforeTool', '--event', '  '], /--event: the event is empty/],
    [['BeforeTool', '--event-file', '/dev/null'], /\/dev\/null is a character device, not a regular file/],
  ])('%j → exit 1, %s', async (args, message) => {
    const sb = await workspace({});
    const r = await run(sb, args as string[]);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });

  test('a reader that closes stdout early (| head) ends the output quietly, not with a crash', async () => {
    const sb = await workspace({});
    const child = spawn(process.execPath, [BIN, 'run', 'BeforeTool', '--tool', 'x', '--json', '--cwd', sb.ws], {
      env: { ...sb.env, GEMINI_CLI_TRUST_WORKSPACE: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.destroy();
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(code).toBe(0);
  });

  test('stdout that would block (a non-blocking pipe that is full) still gets the whole output, once', async () => {
    // hookrun writes to the descriptor directly and hands the rest to a stream on EAGAIN. A FIFO
    // shares its file description with hookrun's stdout; once hookrun has started, a socket on this
    // side makes that description non-blocking for both (libuv sets O_NONBLOCK), and reading only
    // starts well after hookrun has written more than the pipe holds.
    const context = 'x'.repeat(300_000);
    const sb = await workspace({
      settings: on('BeforeTool', [hook('big.js')]),
      scripts: { 'big.js': nodeHook(`setTimeout(() => emit({ systemMessage: ${JSON.stringify(context.slice(0, 10))}.repeat(30000) }), 400)`) },
    });
    const fifo = path.join(sb.root, 'stdout.fifo');
    execFileSync('mkfifo', [fifo]);
    const fd = openSync(fifo, constants.O_RDWR);
    const child = spawn(process.execPath, [BIN, 'run', ...writeFile, '-q', '--cwd', sb.ws], {
      env: { ...sb.env, GEMINI_CLI_TRUST_WORKSPACE: 'true' },
      stdio: ['ignore', fd, 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const reader = new Socket({ fd, readable: true, writable: false });
    reader.pause();
    const chunks: Buffer[] = [];
    reader.on('data', (chunk: Buffer) => chunks.push(chunk));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    reader.resume();
    const code = await new Promise((resolve) => child.on('close', resolve));
    // hookrun has exited; what it wrote is in the pipe (this side keeps it open, so there is no EOF).
    // The same run with stdout on an ordinary pipe says what the whole output is.
    const expected = (await run(sb, [...writeFile, '-q'])).stdout;
    expect(expected.length).toBeGreaterThan(300_000);
    for (let waited = 0; Buffer.concat(chunks).length < expected.length && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    reader.destroy();
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(Buffer.concat(chunks).toString()).toBe(expected);
  });

  test('a "runtime" hook from settings fails without running its command, as in Gemini CLI, and says why', async () => {
    const sb = await workspace({
      settings: on('BeforeTool', [{ type: 'runtime', name: 'rt', command: '$GEMINI_PROJECT_DIR/hooks/a.sh' }, hook('b.js')]),
      scripts: {
        'a.sh': '#!/bin/sh\ntouch "$GEMINI_PROJECT_DIR/ran-a"\necho \'{"decision":"deny","reason":"ran"}\'\n',
        'b.js': nodeHook(`emit({ reason: 'b' })`),
      },
    });
    const r = await run(sb, [...writeFile, '--json']);
    expect(r.exitCode).toBe(0);
    const report = JSON.parse(r.stdout) as { results: { success: boolean; error?: string }[]; output: { decision?: string; reason?: string } };
    expect(existsSync(path.join(sb.ws, 'ran-a'))).toBe(false);
    expect(report.output).toMatchObject({ reason: 'b' });
    expect(report.output.decision).not.toBe('deny');
    expect(report.results[0]).toMatchObject({ success: false, error: expect.stringContaining('hookConfig.action is not a function') });
    expect(r.stderr).toMatch(/Runtime hook "rt" for BeforeTool .* always fails and its command never runs/);
  });

  test('run says so when a trap keeps a hook from firing or cuts it short (contract: fidelity rule)', async () => {
    const sb = await workspace({
      settings: {
        hooks: {
          SessionStart: [{ matcher: 'startup|resume', hooks: [{ type: 'command', name: 'greet', command: 'echo hi' }] }],
          BeforeTool: [{ hooks: [{ type: 'command', name: 'quick', command: 'true', timeout: 30 }] }],
        },
      },
    });
    const start = await run(sb, ['SessionStart', '--source', 'startup']);
    expect(start.exitCode).toBe(0);
    expect(start.stderr).toMatch(
      /warning: .*settings\.json:\d+:\d+: hook "greet": SessionStart compares its matcher with source as an exact string .*"startup\|resume" never fires\. \[matcher-regex-on-exact-event\]/,
    );
    const tool = await run(sb, writeFile);
    expect(tool.stderr).toMatch(/hook "quick": timeout 30 is 30 ms: Gemini CLI reads milliseconds.* \[timeout-in-seconds\]/);
    // -q keeps stderr quiet; --json carries the same warnings.
    const json = JSON.parse((await run(sb, ['SessionStart', '--source', 'startup', '--json', '-q'])).stdout) as { plan: { diagnostics: { code: string }[] } };
    expect(json.plan.diagnostics.map((d) => d.code)).toContain('matcher-regex-on-exact-event');
  });

  test('BeforeToolSelection: a toolConfig list that cannot be iterated makes the merge throw, as in Gemini CLI: no output, and the report says why', async () => {
    const sb = await workspace({
      settings: on('BeforeToolSelection', [hook('a.js'), hook('b.js')]),
      scripts: {
        'a.js': nodeHook(`emit({ hookSpecificOutput: { toolConfig: { mode: 'ANY', allowedFunctionNames: ['read_file'] } } })`),
        'b.js': nodeHook(`emit({ hookSpecificOutput: { toolConfig: { allowedFunctionNames: 5 } } })`),
      },
    });
    const r = await run(sb, ['BeforeToolSelection']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.trim()).toBe('{}');
    expect(r.stderr).toMatch(/note: Gemini CLI throws on the hooks' answers here \(its merge iterates toolConfig\.allowedFunctionNames 5, which is not a list\)/);
  });

  test('sequential BeforeTool: a hookSpecificOutput that is no object ends the sequence where Gemini CLI throws: later hooks never start, no output', async () => {
    const sb = await workspace({
      settings: on('BeforeTool', [hook('a.js'), hook('b.js'), hook('c.js')], { sequential: true }),
      scripts: {
        'a.js': nodeHook(`emit({ decision: 'deny', reason: 'a' })`),
        'b.js': nodeHook(`emit({ hookSpecificOutput: 'text' })`),
        'c.js': nodeHook(`require('fs').writeFileSync(process.env.GEMINI_PROJECT_DIR + '/ran-c', ''); emit({})`),
      },
    });
    const r = await run(sb, writeFile);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.trim()).toBe('{}');
    expect(existsSync(path.join(sb.ws, 'ran-c'))).toBe(false);
    expect(r.stderr).toMatch(/its sequential run looks for tool_input in hookSpecificOutput "text", which is not an object/);
  });

  test('a hook answer that cannot be made text ({"toString": false}) is reported, not a crash (found by the fuzz test)', async () => {
    const sb = await workspace({
      settings: on('BeforeTool', [hook('a.sh')]),
      scripts: { 'a.sh': '#!/bin/sh\ncat >/dev/null\nprintf \'%s\' \'{"decision":{"toString":false},"reason":{"toString":false}}\'\n' },
    });
    const r = await run(sb, writeFile);
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.trim()).toBe('{}');
    expect(r.stderr).toMatch(/a\.sh \(workspace\) \d+ ms, exit 0 → \{"toString":false\}: \{"toString":false\}/);
    expect(r.stderr).toMatch(/Gemini CLI throws on the hooks' answers here \(TypeError: /);
  });

  test('a hook env value that cannot become text: that hook cannot start (spawn throws on it, as in Gemini CLI), the others run', async () => {
    const sb = await workspace({
      settings: on('BeforeTool', [hook('deny.js', { env: { X: { toString: false } } }), hook('ok.js')]),
      scripts: { 'deny.js': nodeHook(`emit({ decision: 'deny' })`), 'ok.js': nodeHook(`emit({ reason: 'ok' })`) },
    });
    const r = await run(sb, writeFile);
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ decision: 'allow', reason: 'ok' });
    expect(r.stderr).toMatch(/deny\.js \(workspace\) \d+ ms, error: cannot start "bash": Cannot convert object to primitive value/);
  });

  test('hooks Gemini CLI fails before starting: a command that is no string, a plugin hook without one (found by the fuzz test)', async () => {
    const sb = await workspace({
      settings: on('AfterTool', [{ type: 'command', command: {} }, { type: 'plugin', name: 'p' }, hook('ok.js')]),
      scripts: { 'ok.js': nodeHook(`emit({ systemMessage: 'ok' })`) },
    });
    const r = await run(sb, ['AfterTool', '--tool', 'write_file']);
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ systemMessage: 'ok' });
    expect(r.stderr).toMatch(/error: the command \{\} is not a string: Gemini CLI's runner expands variables with command\.replace/);
    expect(r.stderr).toMatch(/p \(workspace\) 0 ms, error: Command hook missing command/);
  });

  test('a workspace that does not exist is an error, exit 1', async () => {
    const sb = await workspace({});
    const r = await hookrun(['run', 'BeforeTool', '-C', path.join(sb.root, 'missing')], { env: sb.env });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/workspace .*missing does not exist; give an existing directory with -C/);
  });

  test('event JSON from piped stdin, event name from hook_event_name; empty stdin is {}', async () => {
    const sb = await workspace({
      settings: on('AfterAgent', [hook('e.js')]),
      scripts: { 'e.js': nodeHook(`emit({reason: i.hook_event_name + ':' + String(i.prompt)})`) },
    });
    const piped = await run(sb, [], { input: '{"hook_event_name":"AfterAgent","prompt":"hi"}' });
    expect(stdoutJson(piped)).toMatchObject({ reason: 'AfterAgent:hi' });
    const fromDash = await run(sb, ['AfterAgent', '--event-file', '-'], { input: '{"prompt":"dash"}' });
    expect(stdoutJson(fromDash)).toMatchObject({ reason: 'AfterAgent:dash' });
    const empty = await run(sb, ['AfterAgent'], { input: '' });
    expect(stdoutJson(empty)).toMatchObject({ reason: 'AfterAgent:undefined' });
  });

  test('--json reports plan, results and output; --dry-run runs nothing', async () => {
    const sb = await workspace({
      settings: on('BeforeTool', [hook('j.js', { name: 'j', timeout: 5000, env: { SECRET_THING: 'x' } })], { matcher: 'write_.*' }),
      scripts: { 'j.js': nodeHook(`require('fs').writeFileSync('ran', ''); emit({decision:'deny', reason:'no'})`) },
    });
    const dry = await run(sb, [...writeFile, '--dry-run']);
    expect(dry.exitCode).toBe(0);
    expect(existsSync(path.join(sb.ws, 'ran'))).toBe(false);
    const plan = JSON.parse(dry.stdout) as { hooks: { name: string; command: string; timeoutMs: number; envKeys: string[]; line: number }[] };
    expect(plan.hooks).toEqual([expect.objectContaining({ name: 'j', command: `${sb.ws}/hooks/j.js`, timeoutMs: 5000, envKeys: ['SECRET_THING'] })]);
    expect(plan.hooks[0]!.line).toBeGreaterThan(1);

    const full = await run(sb, [...writeFile, '--json']);
    expect(full.exitCode).toBe(2);
    const report = JSON.parse(full.stdout);
    expect(report).toMatchObject({ event: 'BeforeTool', outcome: 'block', exitCode: 2, output: { decision: 'deny', reason: 'no' } });
    expect(report.results[0]).toMatchObject({ name: 'j', exitCode: 0, timedOut: false, outputFormat: 'json', success: true });
    expect(report.results[0].stdout).toBe('{"decision":"deny","reason":"no"}');
  });
});

describe('what the hooks see and print, as Gemini CLI reads it', () => {
  test('each read from the pipe is decoded on its own: a character split between two writes becomes U+FFFD twice (spec §3.5)', async () => {
    const sb = await workspace({
      settings: on('AfterTool', [hook('split.sh')]),
      scripts: { 'split.sh': `#!/usr/bin/env bash\ncat >/dev/null\nprintf '{"systemMessage":"caf\\xc3'\nsleep 0.3\nprintf '\\xa9 ok"}'\n` },
    });
    const r = await run(sb, ['AfterTool', '--tool', 'read_file', '--tool-input', '{"file_path":"a"}']);
    expect(r.exitCode).toBe(0);
    expect(stdoutJson(r)).toMatchObject({ systemMessage: 'caf\uFFFD\uFFFD ok' });
  });

  test('one write with a whole character is read whole', async () => {
    const sb = await workspace({
      settings: on('AfterTool', [hook('whole.sh')]),
      scripts: { 'whole.sh': `#!/usr/bin/env bash\ncat >/dev/null\nprintf '{"systemMessage":"caf\\xc3\\xa9"}'\n` },
    });
    const r = await run(sb, ['AfterTool', '--tool', 'read_file', '--tool-input', '{"file_path":"a"}']);
    expect(stdoutJson(r)).toMatchObject({ systemMessage: 'café' });
  });

  test('general.plan.directory (inside the workspace) is GEMINI_PLANS_DIR, in the environment and in the command', async () => {
    const sb = await workspace({
      settings: {
        general: { plan: { directory: 'myplans' } },
        ...on('BeforeAgent', [{ type: 'command', command: `echo "{\\"systemMessage\\":\\"$GEMINI_PLANS_DIR|\${GEMINI_PLANS_DIR}\\"}"` }]),
      },
    });
    const r = await run(sb, ['BeforeAgent', '--prompt', 'hi']);
    expect(r.exitCode).toBe(0);
    const dir = path.join(sb.ws, 'myplans');
    expect(stdoutJson(r)).toMatchObject({ systemMessage: `${dir}|${dir}` });
  });

  test('a plans directory outside the workspace is not used: the default one is', async () => {
    const sb = await workspace({
      settings: { general: { plan: { directory: '../elsewhere' } }, ...on('BeforeAgent', [{ type: 'command', command: 'echo "{\\"systemMessage\\":\\"$GEMINI_PLANS_DIR\\"}"' }]) },
    });
    const r = await run(sb, ['BeforeAgent', '--prompt', 'hi']);
    const message = String((stdoutJson(r) as { systemMessage?: unknown }).systemMessage);
    expect(message.startsWith(path.join(sb.home, '.gemini', 'tmp'))).toBe(true);
    expect(message.endsWith('/plans')).toBe(true);
  });
});
