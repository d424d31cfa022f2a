// Claude Code http hooks run for real: a server on 127.0.0.1 started here answers every response kind the
// hooks reference lists (§HTTP response handling), one is slow past the hook's timeout, one port refuses
// the connection. hookrun's real bin POSTs the event; the server records what it received.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../../helpers/cli.js';

interface Received {
  path: string;
  url: string;
  method: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const received: Received[] = [];
let server: http.Server;
let base = '';
let refusedUrl = '';

const deny = (reason: string) => JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } });

/** Each path is one response kind. */
const ROUTES: Record<string, (res: http.ServerResponse) => void> = {
  '/empty': (res) => res.writeHead(200).end(),
  '/deny': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(deny('http-deny-7')),
  '/text': (res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('http-plain-text-3'),
  '/error-with-json': (res) => res.writeHead(500).end(deny('should-not-count')),
  '/forbidden': (res) => res.writeHead(403).end(),
  '/block-stop': (res) => res.writeHead(200).end(JSON.stringify({ decision: 'block', reason: 'http-keep-going' })),
  '/context': (res) => res.writeHead(200).end(JSON.stringify({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'http-ctx-5' } })),
  '/bad-schema': (res) => res.writeHead(200).end(JSON.stringify({ continue: 'no' })),
  '/worktree': (res) => res.writeHead(200).end(JSON.stringify({ hookSpecificOutput: { hookEventName: 'WorktreeCreate', worktreePath: '/tmp/wt/http-tree' } })),
  '/headers': (res) => res.writeHead(200).end(),
  '/slow': (res) => {
    const timer = setTimeout(() => res.writeHead(200).end(deny('too-late')), 4000);
    res.on('close', () => clearTimeout(timer));
  },
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const route = (req.url ?? '').split('?')[0]!;
      received.push({ path: route, url: req.url ?? '', method: req.method ?? '', headers: req.headers, body });
      (ROUTES[route] ?? ((r: http.ServerResponse) => r.writeHead(404).end()))(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port that was listening a moment ago and no longer is: the connection is refused.
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  refusedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/refused`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
});

const sandboxes: Sandbox[] = [];
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await Promise.all(sandboxes.map((s) => s.cleanup()));
});

const httpHook = (route: string, extra: Record<string, unknown> = {}) => ({ type: 'http', url: route.startsWith('http') ? route : `${base}${route}`, ...extra });
const cmd = (name: string, body = 'exit 0') => ({ type: 'command', command: `touch "$MARK/fired-${name}"; ${body}` });

async function run(event: string, hooks: unknown[], args: string[], options: { settings?: Record<string, unknown>; env?: Record<string, string>; matcher?: string } = {}) {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  const group = options.matcher === undefined ? { hooks } : { matcher: options.matcher, hooks };
  await sb.write(path.join(sb.ws, '.claude/settings.json'), JSON.stringify({ ...options.settings, hooks: { [event]: [group] } }));
  const env = { PATH: sb.env.PATH!, HOME: sb.home, LANG: 'C.UTF-8', NO_COLOR: '1', HOOKRUN_TRUST_WORKSPACE: 'true', MARK: sb.root, ...options.env };
  const result = await hookrun(['run', event, '--dialect', 'claude', '--claude-version', 'current', '--trust-workspace', ...args, '--cwd', sb.ws], { env });
  return { ...result, sb, why: `${result.stdout}\n${result.stderr}` };
}

const bash = ['--tool', 'Bash', '--tool-input', '{"command":"ls"}'];
const marker = () => `m${Math.random().toString(36).slice(2)}`;

// One at a time: on a loaded machine fifteen concurrent bins with several runs each outlast the test timeout.
describe('http hooks (Claude Code current)', { timeout: 90_000 }, () => {
  test('2xx + JSON object is read like command stdout: a deny blocks; the body POSTed is the event JSON', async () => {
    const session = marker();
    const r = await run('PreToolUse', [httpHook('/deny')], [...bash, '--event', JSON.stringify({ session_id: session })], { matcher: 'Bash' });
    expect(r.exitCode, r.why).toBe(2);
    expect(r.stdout).toContain('http-deny-7');
    const request = received.find((q) => q.path === '/deny' && q.body.includes(session))!;
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toMatchObject({ session_id: session, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } });
  });

  test('2xx + empty body: success, no output', async () => {
    const r = await run('PreToolUse', [httpHook('/empty')], bash);
    expect(r.exitCode, r.why).toBe(0);
    expect(r.stdout).toBe('{}\n');
  });

  test('2xx + plain text: a non-blocking error, and the text is not context (even on UserPromptSubmit)', async () => {
    const r = await run('UserPromptSubmit', [httpHook('/text'), cmd('c', 'echo cmd-ctx')], ['--prompt', 'p']);
    expect(r.exitCode, r.why).toBe(0);
    expect(r.stdout).toContain('cmd-ctx');
    expect(r.stdout).not.toContain('http-plain-text-3');
    expect(r.stderr).toMatch(/not a JSON object/);
  });

  test('2xx + JSON additionalContext is passed on', async () => {
    const r = await run('UserPromptSubmit', [httpHook('/context')], ['--prompt', 'p']);
    expect(r.exitCode, r.why).toBe(0);
    expect(r.stdout).toContain('http-ctx-5');
  });

  test('2xx + JSON decision block on Stop blocks', async () => {
    const r = await run('Stop', [httpHook('/block-stop')], []);
    expect(r.exitCode, r.why).toBe(2);
    expect(r.stdout).toContain('http-keep-going');
  });

  test('2xx + JSON breaking the output schema is ignored (non-blocking error)', async () => {
    const r = await run('Stop', [httpHook('/bad-schema')], []);
    expect(r.exitCode, r.why).toBe(0);
    expect(r.stderr).toMatch(/output schema/);
  });

  test('non-2xx is a non-blocking error even with a deny in the body: status codes alone never block', async () => {
    const r = await run('PreToolUse', [httpHook('/error-with-json'), httpHook('/forbidden')], bash);
    expect(r.exitCode, r.why).toBe(0);
    expect(r.stdout).not.toContain('should-not-count');
    expect(r.stderr).toMatch(/status 500/);
    expect(r.stderr).toMatch(/status 403/);
  });

  test('a refused connection is a non-blocking error; a command sibling still decides', async () => {
    const r = await run('PreToolUse', [httpHook(refusedUrl), { type: 'command', command: `echo '${deny('cmd-deny-2')}'` }], bash);
    expect(r.exitCode, r.why).toBe(2);
    expect(r.stdout).toContain('cmd-deny-2');
    expect(r.stderr).toMatch(/ECONNREFUSED/);
  });

  test('a server slower than the hook timeout: cancelled, its answer discarded, no decision', async () => {
    const r = await run('PreToolUse', [httpHook('/slow', { timeout: 1 })], bash);
    expect(r.exitCode, r.why).toBe(0);
    expect(r.stdout).not.toContain('too-late');
    expect(r.stderr).toMatch(/timed out/);
  });

  test('headers: $VAR and ${VAR} resolved only for allowedEnvVars; unlisted become ""', async () => {
    const id = marker();
    const r = await run(
      'PreToolUse',
      [httpHook('/headers', { headers: { Authorization: 'Bearer $TOKEN', 'X-Both': '${TOKEN}-$SECRET', 'X-Id': id }, allowedEnvVars: ['TOKEN'] })],
      bash,
      { env: { TOKEN: 'tok-1', SECRET: 'sec-2' } },
    );
    expect(r.exitCode, r.why).toBe(0);
    const request = received.find((q) => q.path === '/headers' && q.headers['x-id'] === id)!;
    expect(request.headers.authorization).toBe('Bearer tok-1');
    expect(request.headers['x-both']).toBe('tok-1-');
  });

  test("httpHookAllowedEnvVars in settings narrows a hook's allowedEnvVars", async () => {
    const id = marker();
    const r = await run('PreToolUse', [httpHook('/headers', { headers: { 'X-A': '$TOKEN', 'X-B': '$SECRET', 'X-Id': id }, allowedEnvVars: ['TOKEN', 'SECRET'] })], bash, {
      env: { TOKEN: 'tok-1', SECRET: 'sec-2' },
      settings: { httpHookAllowedEnvVars: ['SECRET'] },
    });
    expect(r.exitCode, r.why).toBe(0);
    const request = received.find((q) => q.headers['x-id'] === id)!;
    expect(request.headers['x-a']).toBe('');
    expect(request.headers['x-b']).toBe('sec-2');
  });

  test('allowedHttpHookUrls: a URL outside the list is never requested; an empty list blocks every http hook', async () => {
    const id = marker();
    const outside = await run('PreToolUse', [httpHook(`/deny?${id}`)], bash, { settings: { allowedHttpHookUrls: [`${base}/empty*`] } });
    expect(outside.exitCode, outside.why).toBe(0);
    expect(outside.stderr).toMatch(/matches no allowedHttpHookUrls pattern/);
    expect(received.some((q) => q.url.includes(id))).toBe(false);
    const inside = await run('PreToolUse', [httpHook('/deny')], bash, { settings: { allowedHttpHookUrls: [`http://127.0.0.1:*/de*`] } });
    expect(inside.exitCode, inside.why).toBe(2);
    const none = await run('PreToolUse', [httpHook('/deny')], bash, { settings: { allowedHttpHookUrls: [] } });
    expect(none.exitCode, none.why).toBe(0);
    expect(none.stderr).toMatch(/allowedHttpHookUrls is empty/);
  });

  test('WorktreeCreate over http: hookSpecificOutput.worktreePath is the path; a failed request fails the creation', async () => {
    const ok = await run('WorktreeCreate', [httpHook('/worktree')], ['--event', '{"name":"x"}']);
    expect(ok.exitCode, ok.why).toBe(0);
    expect(ok.stdout).toContain('/tmp/wt/http-tree');
    const empty = await run('WorktreeCreate', [httpHook('/empty')], ['--event', '{"name":"x"}']);
    expect(empty.exitCode, empty.why).toBe(2);
    const refused = await run('WorktreeCreate', [httpHook(refusedUrl)], ['--event', '{"name":"x"}']);
    expect(refused.exitCode, refused.why).toBe(2);
  });

  test('SessionStart does not run http hooks (command and mcp_tool only): skipped with a warning, the others run', async () => {
    const r = await run('SessionStart', [httpHook('/deny'), cmd('s')], ['--source', 'startup']);
    expect(r.exitCode, r.why).toBe(0);
    expect(r.stderr).toMatch(/does not run "http" hooks on SessionStart/);
  });

  test('--dry-run plans the http hook without sending anything', async () => {
    const id = marker();
    const r = await run('PreToolUse', [httpHook(`/deny?${id}`)], [...bash, '--dry-run', '-q']);
    expect(r.exitCode, r.why).toBe(0);
    expect(r.stdout).toContain(`POST ${base}/deny?${id}`);
    expect(received.some((q) => q.url.includes(id))).toBe(false);
  });
});
