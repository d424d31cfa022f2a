// `--dialect copilot` end to end through the real CLI, for what the shared conformance cases leave out:
// trust, policy files, the PascalCase aliases and their payload, exec/cwd/env, exit codes and the
// fail-closed deny, the merge rules, disableAllHooks, the loader's drops, --fail-closed, auto, list, test.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, stdoutJson, type Sandbox } from '../../helpers/cli.js';

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((sb) => sb.cleanup())));

type Box = Sandbox & { policy: string; run(args: string[], env?: Record<string, string>): ReturnType<typeof hookrun>; fired(name: string): Promise<boolean> };

async function sandbox(files: Record<string, unknown>): Promise<Box> {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  const policy = path.join(sb.root, 'policy.d');
  sb.env.HOOKRUN_COPILOT_POLICY_DIR = policy;
  for (const [relative, content] of Object.entries(files)) {
    const text = typeof content === 'string' ? content : JSON.stringify(content, null, 2);
    await sb.write(relative.replaceAll('@ROOT@', sb.root), text.replaceAll('@ROOT@', sb.root), relative.startsWith('policy.d/') ? 0o644 : undefined);
  }
  return Object.assign(sb, {
    policy,
    run: (args: string[], env: Record<string, string> = {}) => hookrun(['run', ...args, '--dialect', 'copilot', '-C', sb.ws], { env: { ...sb.env, ...env } }),
    fired: (name: string) =>
      readFile(path.join(sb.root, `fired-${name}`)).then(
        () => true,
        () => false,
      ),
  });
}

const file = (hooks: Record<string, unknown[]>, extra: Record<string, unknown> = {}) => ({ version: 1, ...extra, hooks });
const deny = (reason: string) => `echo '{"permissionDecision":"deny","permissionDecisionReason":"${reason}"}'`;
const touch = (name: string) => `touch @ROOT@/fired-${name}`;
const BASH = ['--event', JSON.stringify({ toolName: 'bash', toolArgs: { command: 'ls' } })];

describe.concurrent('trust (contract: trust in every dialect)', () => {
  test('repository hooks wait for trust; user and policy hooks run; stderr names the held-back hooks and how to trust', async () => {
    const sb = await sandbox({
      'ws/.github/hooks/guard.json': file({ preToolUse: [{ bash: `${touch('repo')}; ${deny('repo')}` }] }),
      'ws/.github/copilot/settings.json': { hooks: { preToolUse: [{ bash: touch('settings') }] } },
      'home/.copilot/hooks/user.json': file({ preToolUse: [{ bash: touch('user') }] }),
      'policy.d/00-policy.json': file({ preToolUse: [{ bash: touch('policy') }] }),
    });
    const r = await sb.run(['preToolUse', ...BASH]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(await sb.fired('repo')).toBe(false);
    expect(await sb.fired('settings')).toBe(false);
    expect(await sb.fired('user')).toBe(true);
    expect(await sb.fired('policy')).toBe(true);
    expect(r.stderr).toContain('is not a trusted folder');
    expect(r.stderr).toContain('.github/hooks/guard.json:hooks.preToolUse[0]');
    expect(r.stderr).toContain('hookrun trust --folder');
  });

  test.each([
    ['--trust-workspace', ['--trust-workspace'], {}],
    ['HOOKRUN_TRUST_WORKSPACE=true', [], { HOOKRUN_TRUST_WORKSPACE: 'true' }],
  ])('%s trusts the folder for one run', async (_name, flags, env) => {
    const sb = await sandbox({ 'ws/.github/hooks/guard.json': file({ preToolUse: [{ bash: deny('trusted now') }] }) });
    const r = await sb.run(['preToolUse', ...BASH, ...flags], env);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(stdoutJson(r)).toEqual({ permissionDecision: 'deny', permissionDecisionReason: 'trusted now' });
    // The report reads Copilot's flat fields: the hook's decision and the outcome's reason.
    expect(r.stderr).toContain('→ deny: trusted now');
    expect(r.stderr).toContain('outcome: block (exit 2): trusted now');
  });

  test("hookrun's own folder record trusts it for good", async () => {
    const sb = await sandbox({ 'ws/.github/hooks/guard.json': file({ preToolUse: [{ bash: deny('recorded') }] }) });
    expect((await hookrun(['trust', '--folder', '-C', sb.ws], { env: sb.env })).exitCode).toBe(0);
    expect((await sb.run(['preToolUse', ...BASH])).exitCode).toBe(2);
  });

  test("an untrusted folder's disableAllHooks does not turn off the user's hooks", async () => {
    const sb = await sandbox({
      'ws/.github/copilot/settings.json': { disableAllHooks: true },
      'home/.copilot/hooks/user.json': file({ preToolUse: [{ bash: deny('user guard') }] }),
    });
    const r = await sb.run(['preToolUse', ...BASH]);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toContain('does not let it turn off your hooks');
    expect((await sb.run(['preToolUse', ...BASH, '--trust-workspace'])).exitCode).toBe(0);
  });
});

describe.concurrent('sources and load order', () => {
  test("Copilot 1.0.102's order: policy, user hook files, user settings, repository hook files (reverse alphabetical), .claude/settings.json, .claude/settings.local.json, repository settings, local settings", async () => {
    const log = (name: string) => ({ bash: `echo ${name} >> @ROOT@/order` });
    const claude = (name: string) => ({ hooks: { Stop: [{ hooks: [{ type: 'command', command: `echo ${name} >> @ROOT@/order` }] }] } });
    const sb = await sandbox({
      'ws/.github/hooks/b.json': file({ agentStop: [log('repo-b')] }),
      'ws/.github/hooks/a.json': file({ agentStop: [log('repo-a')] }),
      'ws/.github/hooks/c.json': file({ agentStop: [log('repo-c')] }),
      'ws/.claude/settings.json': claude('claude'),
      'ws/.claude/settings.local.json': claude('claude-local'),
      'ws/.github/copilot/settings.json': { hooks: { agentStop: [log('settings')] } },
      'ws/.github/copilot/settings.local.json': { hooks: { agentStop: [log('local')] } },
      'home/.copilot/settings.json': { hooks: { agentStop: [log('user-settings')] } },
      'home/.copilot/hooks/user-a.json': file({ agentStop: [log('user-a')] }),
      'home/.copilot/hooks/user-b.json': file({ agentStop: [log('user-b')] }),
      // Copilot does not read the user's own Claude Code settings.
      'home/.claude/settings.json': claude('claude-user'),
      'policy.d/p.json': file({ agentStop: [log('policy')] }),
    });
    const r = await sb.run(['agentStop', '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect((await readFile(path.join(sb.root, 'order'), 'utf8')).trim().split('\n')).toEqual([
      'policy',
      'user-b',
      'user-a',
      'user-settings',
      'repo-c',
      'repo-b',
      'repo-a',
      'claude',
      'claude-local',
      'settings',
      'local',
    ]);
  });

  test('COPILOT_HOME moves the user folder', async () => {
    const sb = await sandbox({ 'elsewhere/hooks/user.json': file({ preToolUse: [{ bash: deny('from COPILOT_HOME') }] }) });
    const r = await sb.run(['preToolUse', ...BASH], { COPILOT_HOME: path.join(sb.root, 'elsewhere') });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stdout).toContain('from COPILOT_HOME');
  });

  test('a group- or world-writable policy file is not used (Copilot refuses it)', async () => {
    const sb = await sandbox({});
    await sb.write('policy.d/open.json', JSON.stringify(file({ preToolUse: [{ bash: deny('policy') }] })), 0o666);
    const r = await sb.run(['preToolUse', ...BASH]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('group- or world-writable');
  });

  test('disableAllHooks in a hook file skips that file; in repository settings every source but policy', async () => {
    const sb = await sandbox({
      'ws/.github/hooks/off.json': file({ preToolUse: [{ bash: touch('off') }] }, { disableAllHooks: true }),
      'ws/.github/hooks/on.json': file({ preToolUse: [{ bash: touch('on') }] }),
    });
    await sb.run(['preToolUse', ...BASH, '--trust-workspace']);
    expect(await sb.fired('off')).toBe(false);
    expect(await sb.fired('on')).toBe(true);

    const all = await sandbox({
      'ws/.github/copilot/settings.json': { disableAllHooks: true },
      'ws/.github/hooks/repo.json': file({ preToolUse: [{ bash: touch('repo') }] }),
      'home/.copilot/hooks/user.json': file({ preToolUse: [{ bash: touch('user') }] }),
      'policy.d/p.json': file({ preToolUse: [{ bash: touch('policy') }] }),
    });
    const r = await all.run(['preToolUse', ...BASH, '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect([await all.fired('repo'), await all.fired('user'), await all.fired('policy')]).toEqual([false, false, true]);
  });
});

describe.concurrent('malformed configuration', () => {
  test('an item error drops the item with a warning at file:line:column; its siblings load', async () => {
    const sb = await sandbox({
      'ws/.github/hooks/guard.json': file({ preToolUse: [{ bash: touch('bad'), timeoutSec: 'ten' }, { bash: deny('sibling') }] }),
    });
    const r = await sb.run(['preToolUse', ...BASH, '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(await sb.fired('bad')).toBe(false);
    expect(r.stderr).toMatch(/guard\.json:5:7: hooks\.preToolUse\[0\]: "timeoutSec" must be a positive number/);
    expect(r.stderr).toContain('Copilot drops this entry');
  });

  test('inline settings hooks with one bad entry are dropped whole', async () => {
    const sb = await sandbox({
      'ws/.github/copilot/settings.json': { hooks: { preToolUse: [{ bash: `${touch('good')}; ${deny('good')}` }, { type: 'webhook', bash: 'true' }] } },
    });
    const r = await sb.run(['preToolUse', ...BASH, '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(await sb.fired('good')).toBe(false);
    expect(r.stderr).toContain('Copilot rejects inline settings hooks whole');
  });

  test.each([
    ['a version other than 1', { version: 2, hooks: { preToolUse: [{ bash: 'exit 2' }] } }, 'reads only version 1'],
    ['hooks that is not an object', { version: 1, hooks: [] }, '"hooks" must be an object'],
    ['a JSON comment', '{"version": 1, // no\n "hooks": {"preToolUse": [{"bash": "exit 2"}]}}', 'guard.json:1:'],
  ])('%s drops the file with a warning', async (_name, content, message) => {
    const sb = await sandbox({ 'ws/.github/hooks/guard.json': content });
    const r = await sb.run(['preToolUse', ...BASH, '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain('copilot-file-dropped');
  });

  test('an unknown event name is a usage error with a hint', async () => {
    const sb = await sandbox({});
    const r = await sb.run(['userPromptSubmit']);
    expect(r.exitCode).toBe(1);
    // A case slip of the PascalCase alias, which names the same event as userPromptSubmitted.
    expect(r.stderr).toContain('Did you mean "UserPromptSubmit"?');
  });

  test('a payload field of the wrong type is an input error naming it', async () => {
    const sb = await sandbox({});
    const r = await sb.run(['preToolUse', '--event', '{"toolName": 3}']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('"toolName" must be a string');
  });
});

describe.concurrent('PascalCase aliases and the VS Code payload', () => {
  test('PreToolUse and preToolUse name one event: both sets run, each with its own payload', async () => {
    const sb = await sandbox({
      'ws/.github/hooks/guard.json': file({
        preToolUse: [{ bash: 'cat > @ROOT@/camel.json' }],
        PreToolUse: [{ bash: 'cat > @ROOT@/pascal.json' }],
      }),
    });
    for (const event of ['PreToolUse', 'preToolUse']) {
      const r = await sb.run([event, '--event', JSON.stringify({ sessionId: 's1', timestamp: 1764547200000, toolName: 'view', toolArgs: { path: 'a.txt' } }), '--trust-workspace']);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(JSON.parse(await readFile(path.join(sb.root, 'camel.json'), 'utf8'))).toEqual({
        sessionId: 's1',
        timestamp: 1764547200000,
        toolName: 'view',
        toolArgs: { path: 'a.txt' },
        cwd: sb.ws,
      });
      expect(JSON.parse(await readFile(path.join(sb.root, 'pascal.json'), 'utf8'))).toEqual({
        hook_event_name: 'PreToolUse',
        session_id: 's1',
        timestamp: '2025-12-01T00:00:00.000Z',
        tool_name: 'Read',
        tool_input: { path: 'a.txt' },
        cwd: sb.ws,
      });
    }
  });

  test('an event JSON whose hook_event_name is the other spelling of the named event is that event (a VS Code payload replayed as preToolUse)', async () => {
    const sb = await sandbox({ 'ws/.github/hooks/guard.json': file({ preToolUse: [{ bash: deny('either spelling') }] }) });
    for (const [named, inJson] of [
      ['preToolUse', 'PreToolUse'],
      ['PreToolUse', 'preToolUse'],
      ['agentStop', 'Stop'],
    ]) {
      const r = await sb.run([named!, '--event', JSON.stringify({ hook_event_name: inJson, toolName: 'bash', toolArgs: { command: 'ls' } }), '--trust-workspace']);
      expect(r.stderr).not.toContain('differs from hook_event_name');
      expect(r.exitCode, r.stderr).toBe(named === 'agentStop' ? 0 : 2);
      if (named !== 'agentStop') expect(stdoutJson(r)).toEqual({ permissionDecision: 'deny', permissionDecisionReason: 'either spelling' });
    }
    // Names of two different events still disagree.
    const r = await sb.run(['preToolUse', '--event', JSON.stringify({ hook_event_name: 'PostToolUse' }), '--trust-workspace']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('event name "preToolUse" differs from hook_event_name "PostToolUse"');
  });

  test('PascalCase tool matchers compare Claude or runtime names; camelCase ones are whole-name regexes on the runtime name', async () => {
    const sb = await sandbox({
      'ws/.github/hooks/guard.json': file({
        PreToolUse: [
          { matcher: 'Bash', bash: touch('pascal-claude') },
          { matcher: 'bash', bash: touch('pascal-runtime') },
          { matcher: 'Ba.*', bash: touch('pascal-regex') },
          { matcher: 'Read', bash: touch('pascal-other') },
        ],
        preToolUse: [
          { matcher: 'Bash', bash: touch('camel-claude') },
          { matcher: 'ba', bash: touch('camel-part') },
          { matcher: 'ba.*', bash: touch('camel-regex') },
        ],
      }),
    });
    const r = await sb.run(['preToolUse', ...BASH, '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(0);
    const fired = Object.fromEntries(
      await Promise.all(['pascal-claude', 'pascal-runtime', 'pascal-regex', 'pascal-other', 'camel-claude', 'camel-part', 'camel-regex'].map(async (n) => [n, await sb.fired(n)])),
    );
    expect(fired).toEqual({
      'pascal-claude': true,
      'pascal-runtime': true,
      'pascal-regex': true,
      'pascal-other': false,
      'camel-claude': false,
      'camel-part': false,
      'camel-regex': true,
    });
  });

  test("a PascalCase hook's hookSpecificOutput deny blocks, in Copilot's flat fields", async () => {
    const sb = await sandbox({
      'ws/.github/hooks/guard.json': file({
        PreToolUse: [{ bash: `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"vs code says no"}}'` }],
      }),
    });
    const r = await sb.run(['PreToolUse', ...BASH, '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(stdoutJson(r)).toEqual({ permissionDecision: 'deny', permissionDecisionReason: 'vs code says no' });
  });
});

describe.concurrent('how an entry runs', () => {
  test('exec + args without a shell, cwd against the repository root, env values taken literally', async () => {
    const sb = await sandbox({
      'ws/sub/.keep': '',
      'ws/.github/hooks/guard.json': file({
        preToolUse: [
          {
            exec: 'node',
            args: ['-e', `require('fs').writeFileSync(process.argv[1], JSON.stringify({cwd: process.cwd(), greet: process.env.GREET}))`, '@ROOT@/exec.json'],
            cwd: 'sub',
            env: { GREET: 'hi ${HOME} $HOME %HOME%' },
          },
        ],
      }),
    });
    const r = await sb.run(['preToolUse', ...BASH, '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(await readFile(path.join(sb.root, 'exec.json'), 'utf8'))).toEqual({ cwd: path.join(sb.ws, 'sub'), greet: 'hi ${HOME} $HOME %HOME%' });
  });

  test("the variables Copilot sets for every hook, and none of Copilot's own provider settings", async () => {
    const dump =
      'printf "%s|%s|%s|%s|%s|%s\\n" "$COPILOT_PROJECT_DIR" "$CLAUDE_PROJECT_DIR" "$COPILOT_HOOK_DIR" "$COPILOT_CLI" "${COPILOT_PROVIDER_API_KEY-unset}" "${COPILOT_OFFLINE-unset}"';
    const sb = await sandbox({
      'ws/.github/hooks/guard.json': file({ sessionStart: [{ bash: `${dump} >> @ROOT@/env` }] }),
      'ws/.claude/settings.json': { hooks: { SessionStart: [{ hooks: [{ type: 'command', command: `${dump} >> @ROOT@/env` }] }] } },
      'home/.copilot/hooks/user.json': file({ sessionStart: [{ bash: `${dump} >> @ROOT@/env` }] }),
    });
    const r = await sb.run(['sessionStart', '--trust-workspace'], { COPILOT_PROVIDER_API_KEY: 'sk-secret', COPILOT_OFFLINE: 'true' });
    expect(r.exitCode, r.stderr).toBe(0);
    const lines = (await readFile(path.join(sb.root, 'env'), 'utf8')).trim().split('\n');
    expect(lines).toEqual([
      `${sb.ws}|${sb.ws}|${path.join(sb.home, '.copilot', 'hooks')}|1|unset|unset`,
      `${sb.ws}|${sb.ws}|${path.join(sb.ws, '.github', 'hooks')}|1|unset|unset`,
      `${sb.ws}|${sb.ws}|${path.join(sb.ws, '.claude')}|1|unset|unset`,
    ]);
  });

  test('a powershell-only entry is an errored hook on this platform: preToolUse denies, elsewhere nothing happens', async () => {
    const sb = await sandbox({ 'ws/.github/hooks/guard.json': file({ preToolUse: [{ powershell: 'exit 0' }], agentStop: [{ powershell: 'exit 0' }] }) });
    const r = await sb.run(['preToolUse', ...BASH, '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(stdoutJson(r)).toEqual({ permissionDecision: 'deny', permissionDecisionReason: 'Denied by preToolUse hook from ".github/hooks/guard.json" (hook errored)' });
    expect(r.stderr).toContain('only a "powershell" command');
    const quiet = await sb.run(['preToolUse', ...BASH, '--trust-workspace', '--quiet']);
    expect(quiet.stderr).toContain('could not start: it has only a "powershell" command');
    const stop = await sb.run(['agentStop', '--trust-workspace']);
    expect([stop.exitCode, stdoutJson(stop)]).toEqual([0, {}]);
  });

  test.each([
    ['exit 1', 'exit 1'],
    ['a missing program', 'no-such-program-here'],
    ['exec of a missing file', undefined],
  ])('preToolUse fails closed on a crash (%s) with the reason Copilot gives', async (_name, bash) => {
    const entry = bash === undefined ? { exec: '/no/such/program' } : { bash };
    const sb = await sandbox({ 'ws/.github/hooks/guard.json': file({ preToolUse: [entry] }) });
    const r = await sb.run(['preToolUse', ...BASH, '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(stdoutJson(r)).toEqual({ permissionDecision: 'deny', permissionDecisionReason: 'Denied by preToolUse hook from ".github/hooks/guard.json" (hook errored)' });
  });

  test('a timed-out preToolUse hook lets the call pass; --fail-closed blocks it instead', async () => {
    const sb = await sandbox({ 'ws/.github/hooks/guard.json': file({ preToolUse: [{ bash: 'sleep 5', timeoutSec: 1 }] }) });
    const r = await sb.run(['preToolUse', ...BASH, '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(stdoutJson(r)).toEqual({});
    const closed = await sb.run(['preToolUse', ...BASH, '--trust-workspace', '--fail-closed']);
    expect(closed.exitCode, closed.stderr).toBe(2);
    expect(closed.stdout).toContain('hookrun --fail-closed');
  });

  test('other events fail open: a crashing agentStop hook changes nothing', async () => {
    const sb = await sandbox({ 'ws/.github/hooks/guard.json': file({ agentStop: [{ bash: 'exit 1' }] }) });
    const r = await sb.run(['agentStop', '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(stdoutJson(r)).toEqual({});
  });

  test("preToolUse exit 2: a deny whose reason is the JSON one, else Copilot's fixed text (stderr is not used); the JSON is merged even when it says allow", async () => {
    const sb = await sandbox({ 'ws/.github/hooks/guard.json': file({ preToolUse: [{ bash: `echo '{"permissionDecision":"allow"}'; echo 'from stderr' >&2; exit 2` }] }) });
    const r = await sb.run(['preToolUse', ...BASH, '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(stdoutJson(r)).toEqual({ permissionDecision: 'deny', permissionDecisionReason: 'hook exited with code 2' });
    const given = await sandbox({ 'ws/.github/hooks/guard.json': file({ preToolUse: [{ bash: `echo '{"permissionDecisionReason":"said so"}'; exit 2` }] }) });
    expect(stdoutJson(await given.run(['preToolUse', ...BASH, '--trust-workspace']))).toEqual({ permissionDecision: 'deny', permissionDecisionReason: 'said so' });
  });

  test.each([
    ['exit 1', { bash: 'exit 1' }, 2, { behavior: 'deny', message: 'Permission request hook failed' }],
    ['a missing program', { exec: '/no/such/program' }, 2, { behavior: 'deny', message: 'Permission request hook failed' }],
    ['exit 2', { bash: 'echo no >&2; exit 2' }, 2, { behavior: 'deny', message: 'Permission denied by hook.' }],
    ['exit 2 with a message', { bash: `echo '{"message":"not on main"}'; exit 2` }, 2, { behavior: 'deny', message: 'not on main' }],
    ['a timeout', { bash: 'sleep 5', timeoutSec: 1 }, 0, {}],
  ])("permissionRequest %s: Copilot's answer (a crash denies, exit 2 denies, a timeout passes)", async (_name, entry, exit, output) => {
    const sb = await sandbox({ 'ws/.github/hooks/h.json': file({ permissionRequest: [entry] }) });
    const r = await sb.run(['permissionRequest', '--event', JSON.stringify({ toolName: 'bash', toolInput: { command: 'ls' } }), '--trust-workspace']);
    expect([r.exitCode, stdoutJson(r)], r.stderr).toEqual([exit, output]);
  });
});

describe.concurrent('merge and outcome', () => {
  test('permissionRequest: later answers override earlier ones', async () => {
    const allow = `echo '{"behavior":"allow"}'`;
    const denyIt = `echo '{"behavior":"deny","message":"no"}'`;
    const first = await sandbox({ 'ws/.github/hooks/h.json': file({ permissionRequest: [{ bash: denyIt }, { bash: allow }] }) });
    const r1 = await first.run(['permissionRequest', ...BASH, '--trust-workspace']);
    expect([r1.exitCode, stdoutJson(r1)]).toEqual([0, { behavior: 'allow' }]);
    const second = await sandbox({ 'ws/.github/hooks/h.json': file({ permissionRequest: [{ bash: allow }, { bash: denyIt }] }) });
    const r2 = await second.run(['permissionRequest', ...BASH, '--trust-workspace']);
    expect([r2.exitCode, stdoutJson(r2)]).toEqual([2, { behavior: 'deny', message: 'no' }]);
  });

  test("preToolUse ask is exit 3; a deny anywhere wins, with the first deny's reason; modifiedArgs only when not denied", async () => {
    const ask = await sandbox({
      'ws/.github/hooks/h.json': file({ preToolUse: [{ bash: `echo '{"permissionDecision":"ask","permissionDecisionReason":"sure?","modifiedArgs":{"command":"ls -l"}}'` }] }),
    });
    const r = await ask.run(['preToolUse', ...BASH, '--trust-workspace']);
    expect([r.exitCode, stdoutJson(r)]).toEqual([3, { permissionDecision: 'ask', permissionDecisionReason: 'sure?', modifiedArgs: { command: 'ls -l' } }]);
  });

  test('agentStop block is exit 2 with the reasons joined; subagentStop modifiedResponse from the last hook', async () => {
    const sb = await sandbox({
      'ws/.github/hooks/h.json': file({
        agentStop: [{ bash: `echo '{"decision":"block","reason":"one"}'` }, { bash: `echo '{"decision":"block","reason":"two"}'` }],
        subagentStop: [{ bash: `echo '{"modifiedResponse":"a"}'` }, { bash: `echo '{"modifiedResponse":"b"}'` }],
        sessionStart: [{ bash: `echo '{"additionalContext":"x"}'` }, { bash: `echo '{"additionalContext":"y"}'` }],
      }),
    });
    const stop = await sb.run(['agentStop', '--trust-workspace']);
    expect([stop.exitCode, stdoutJson(stop)]).toEqual([2, { decision: 'block', reason: 'one\n\ntwo' }]);
    const sub = await sb.run(['SubagentStop', '--trust-workspace']);
    expect([sub.exitCode, stdoutJson(sub)]).toEqual([0, { modifiedResponse: 'b' }]);
    const start = await sb.run(['sessionStart', '--trust-workspace']);
    expect([start.exitCode, stdoutJson(start)]).toEqual([0, { additionalContext: 'x\n\ny' }]);
  });

  test('userPromptSubmitted: decision block blocks the prompt (exit 2) and later hooks still run; modifiedPrompt from the last hook, even one that exits 2; contexts joined', async () => {
    const sb = await sandbox({
      'ws/.github/hooks/h.json': file({
        userPromptSubmitted: [
          { bash: `echo '{"decision":"block","reason":"no secrets in prompts","continue":false}'` },
          { bash: `${touch('later')}; echo '{"modifiedPrompt":"first","additionalContext":"on main"}'` },
          { bash: `echo '{"modifiedPrompt":"second"}'; exit 2` },
        ],
      }),
    });
    const r = await sb.run(['userPromptSubmitted', '--prompt', 'hi', '--trust-workspace']);
    expect([r.exitCode, stdoutJson(r)], r.stderr).toEqual([2, { decision: 'block', reason: 'no secrets in prompts', modifiedPrompt: 'second', additionalContext: 'on main' }]);
    expect(await sb.fired('later')).toBe(true);
    expect(r.stderr).toContain('outcome: block (exit 2): no secrets in prompts');
  });

  test('a PascalCase UserPromptSubmit hook blocks with decision block; its hookSpecificOutput.additionalContext is not used', async () => {
    const sb = await sandbox({
      'ws/.github/hooks/h.json': file({
        UserPromptSubmit: [
          { bash: `echo '{"decision":"block","reason":"vs code block","hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"dropped"}}'` },
        ],
      }),
    });
    const r = await sb.run(['userPromptSubmitted', '--prompt', 'hi', '--trust-workspace']);
    expect([r.exitCode, stdoutJson(r)], r.stderr).toEqual([2, { decision: 'block', reason: 'vs code block' }]);
  });

  test('--fail-closed blocks a prompt whose hook crashed', async () => {
    const sb = await sandbox({ 'ws/.github/hooks/h.json': file({ userPromptSubmitted: [{ bash: 'exit 1' }] }) });
    expect((await sb.run(['userPromptSubmitted', '--prompt', 'hi', '--trust-workspace'])).exitCode).toBe(0);
    const closed = await sb.run(['userPromptSubmitted', '--prompt', 'hi', '--trust-workspace', '--fail-closed']);
    expect(closed.exitCode, closed.stderr).toBe(2);
    expect(stdoutJson(closed)).toMatchObject({ decision: 'block' });
  });

  test('postToolUse decision block: the model reads the reason instead of the result; the tool has run, so exit 0', async () => {
    const sb = await sandbox({
      'ws/.github/hooks/h.json': file({
        postToolUse: [{ bash: `echo '{"modifiedResult":{"resultType":"success","textResultForLlm":"x"}}'` }, { bash: `echo '{"decision":"block","reason":"leaks a key"}'` }],
      }),
    });
    const r = await sb.run([
      'postToolUse',
      '--event',
      JSON.stringify({ toolName: 'bash', toolArgs: { command: 'env' }, toolResult: { resultType: 'success', textResultForLlm: 'KEY=1' } }),
      '--trust-workspace',
    ]);
    expect([r.exitCode, stdoutJson(r)], r.stderr).toEqual([0, { decision: 'block', reason: 'leaks a key' }]);
  });

  test('preToolUse additionalContext reaches the model, and a deny without a reason says "No reason provided"', async () => {
    const ctx = await sandbox({ 'ws/.github/hooks/h.json': file({ preToolUse: [{ bash: `echo '{"permissionDecision":"allow","additionalContext":"use --dry-run"}'` }] }) });
    expect(stdoutJson(await ctx.run(['preToolUse', ...BASH, '--trust-workspace']))).toEqual({ permissionDecision: 'allow', additionalContext: 'use --dry-run' });
    const bare = await sandbox({ 'ws/.github/hooks/h.json': file({ preToolUse: [{ bash: `echo '{"permissionDecision":"deny"}'` }] }) });
    const r = await bare.run(['preToolUse', ...BASH, '--trust-workspace']);
    expect([r.exitCode, stdoutJson(r)]).toEqual([2, { permissionDecision: 'deny', permissionDecisionReason: 'No reason provided' }]);
  });
});

describe.concurrent('what the real Copilot CLI 1.0.102 does beyond the docs', () => {
  test('the first preToolUse deny ends the event: no later hook runs, in any source; the report names them', async () => {
    const sb = await sandbox({
      'home/.copilot/hooks/user.json': file({ preToolUse: [{ bash: `${touch('user')}; ${deny('user says no')}` }] }),
      'ws/.github/hooks/repo.json': file({ preToolUse: [{ bash: touch('repo') }] }),
    });
    const r = await sb.run(['preToolUse', ...BASH, '--trust-workspace']);
    expect([r.exitCode, stdoutJson(r)], r.stderr).toEqual([2, { permissionDecision: 'deny', permissionDecisionReason: 'user says no' }]);
    expect([await sb.fired('user'), await sb.fired('repo')]).toEqual([true, false]);
    expect(r.stderr).toContain(
      'hook(s) [.github/hooks/repo.json:hooks.preToolUse[0]] not run: after "~/.copilot/hooks/user.json:hooks.preToolUse[0]", whose answer is deny, Copilot runs no later preToolUse hook',
    );
    const json = await sb.run(['preToolUse', ...BASH, '--trust-workspace', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({
      endedEarly: { after: '~/.copilot/hooks/user.json:hooks.preToolUse[0]', notRun: ['.github/hooks/repo.json:hooks.preToolUse[0]'] },
    });
  });

  test('an ask ends the event too (a later deny does not run); an allow, a timeout and other events do not', async () => {
    const ask = await sandbox({
      'ws/.github/hooks/h.json': file({
        preToolUse: [{ bash: `echo '{"permissionDecision":"ask","permissionDecisionReason":"sure?"}'` }, { bash: `${touch('after-ask')}; ${deny('late')}` }],
      }),
    });
    const r = await ask.run(['preToolUse', ...BASH, '--trust-workspace']);
    expect([r.exitCode, stdoutJson(r)], r.stderr).toEqual([3, { permissionDecision: 'ask', permissionDecisionReason: 'sure?' }]);
    expect(await ask.fired('after-ask')).toBe(false);
    const goOn = await sandbox({
      'ws/.github/hooks/h.json': file({
        preToolUse: [{ bash: `echo '{"permissionDecision":"allow"}'` }, { bash: 'sleep 5', timeoutSec: 1 }, { bash: `${touch('third')}; ${deny('third')}` }],
        agentStop: [{ bash: `echo '{"decision":"block","reason":"one"}'` }, { bash: touch('second-stop') }],
      }),
    });
    const third = await goOn.run(['preToolUse', ...BASH, '--trust-workspace']);
    expect([third.exitCode, stdoutJson(third)], third.stderr).toEqual([2, { permissionDecision: 'deny', permissionDecisionReason: 'third' }]);
    expect(await goOn.fired('third')).toBe(true);
    expect((await goOn.run(['agentStop', '--trust-workspace'])).exitCode).toBe(2);
    expect(await goOn.fired('second-stop')).toBe(true);
  });

  test("the Claude Code hooks of .claude/settings.json run with the VS Code payload and Claude matchers; exit 2 denies with Copilot's fixed reason", async () => {
    const sb = await sandbox({
      'ws/.claude/settings.json': {
        permissions: { allow: ['Bash(ls)'] },
        hooks: {
          PreToolUse: [
            { matcher: 'Bash|Edit', hooks: [{ type: 'command', command: 'cat > @ROOT@/claude-stdin; echo "$CLAUDE_PROJECT_DIR" > @ROOT@/claude-dir' }] },
            { matcher: 'Read', hooks: [{ type: 'command', command: touch('read') }] },
            { hooks: [{ type: 'command', command: 'echo from stderr >&2; exit 2' }] },
          ],
        },
      },
    });
    const r = await sb.run([
      'preToolUse',
      '--event',
      JSON.stringify({ sessionId: 's1', timestamp: 1764547200000, toolName: 'bash', toolArgs: { command: 'ls' } }),
      '--trust-workspace',
    ]);
    expect([r.exitCode, stdoutJson(r)], r.stderr).toEqual([2, { permissionDecision: 'deny', permissionDecisionReason: 'hook exited with code 2' }]);
    expect(JSON.parse(await readFile(path.join(sb.root, 'claude-stdin'), 'utf8'))).toEqual({
      hook_event_name: 'PreToolUse',
      session_id: 's1',
      timestamp: '2025-12-01T00:00:00.000Z',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      cwd: sb.ws,
    });
    expect((await readFile(path.join(sb.root, 'claude-dir'), 'utf8')).trim()).toBe(sb.ws);
    expect(await sb.fired('read')).toBe(false);
  });

  test('a .claude settings file that is not strict JSON is dropped with a warning (as Claude Code drops it); the other files still run; untrusted, both wait', async () => {
    const sb = await sandbox({
      'ws/.claude/settings.json': '{\n  // a comment\n  "hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "touch @ROOT@/fired-commented"}]}]}\n}',
      'ws/.claude/settings.local.json': { hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: touch('local') }] }] } },
    });
    const r = await sb.run(['preToolUse', ...BASH, '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect([await sb.fired('commented'), await sb.fired('local')]).toEqual([false, true]);
    expect(r.stderr).toMatch(/\.claude\/settings\.json:2:\d+: .*Copilot drops \.claude\/settings\.json.*\[copilot-file-dropped\]/);
    const untrusted = await sandbox({ 'ws/.claude/settings.json': { hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: touch('untrusted') }] }] } } });
    const u = await untrusted.run(['preToolUse', ...BASH]);
    expect(u.exitCode, u.stderr).toBe(0);
    expect(await untrusted.fired('untrusted')).toBe(false);
    expect(u.stderr).toContain('.claude/settings.json:hooks.PreToolUse[0].hooks[0]');
  });

  test('a Claude-style group in a Copilot hook file runs its entries with its matcher; a deeper group, an empty matcher and "exec" beside "bash" drop the entry', async () => {
    const sb = await sandbox({
      'ws/.github/hooks/h.json': file({
        preToolUse: [
          { matcher: 'bash', hooks: [{ bash: touch('grouped') }, { hooks: [{ bash: touch('deeper') }] }] },
          { matcher: 'edit', hooks: [{ bash: touch('other-tool') }] },
          { matcher: '', bash: touch('empty-matcher') },
          { matcher: '', hooks: [{ bash: touch('empty-group') }] },
          { exec: '/bin/sh', args: ['-c', touch('exec')], bash: touch('both') },
        ],
        PreToolUse: [{ matcher: '', bash: touch('pascal-empty') }],
      }),
    });
    const r = await sb.run(['preToolUse', ...BASH, '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(0);
    const names = ['grouped', 'deeper', 'other-tool', 'empty-matcher', 'empty-group', 'exec', 'both', 'pascal-empty'];
    const fired = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await sb.fired(n)])));
    expect(fired).toEqual({ grouped: true, deeper: false, 'other-tool': false, 'empty-matcher': false, 'empty-group': false, exec: false, both: false, 'pascal-empty': false });
    expect(r.stderr).toContain('hooks.preToolUse[0].hooks[1]: nested hooks deeper than one level are not supported');
    expect(r.stderr).toContain('hooks.preToolUse[2]: its matcher is empty, which Copilot refuses');
    expect(r.stderr).toContain('hooks.preToolUse[4]: it has both "exec" and a shell command');
  });

  test('disableAllHooks in ~/.copilot/settings.json is ignored by Copilot: every hook runs, and hookrun warns', async () => {
    const sb = await sandbox({
      'home/.copilot/settings.json': { disableAllHooks: true, hooks: { preToolUse: [{ bash: touch('user-settings') }] } },
      'home/.copilot/hooks/user.json': file({ preToolUse: [{ bash: touch('user') }] }),
      'ws/.github/hooks/repo.json': file({ preToolUse: [{ bash: touch('repo') }] }),
    });
    const r = await sb.run(['preToolUse', ...BASH, '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect([await sb.fired('user-settings'), await sb.fired('user'), await sb.fired('repo')]).toEqual([true, true, true]);
    expect(r.stderr).toContain('~/.copilot/settings.json sets "disableAllHooks": true, which Copilot ignores in the user\'s settings: every hook still runs');
  });

  test('permissionRequest hooks get the hookName Copilot sends first', async () => {
    const sb = await sandbox({ 'ws/.github/hooks/h.json': file({ permissionRequest: [{ bash: 'cat > @ROOT@/perm.json' }] }) });
    const r = await sb.run(['permissionRequest', '--event', JSON.stringify({ toolName: 'bash', toolInput: { command: 'ls' } }), '--trust-workspace']);
    expect(r.exitCode, r.stderr).toBe(0);
    const text = await readFile(path.join(sb.root, 'perm.json'), 'utf8');
    expect(text.startsWith('{"hookName":"permissionRequest",')).toBe(true);
  });
});

describe.concurrent('the other commands', () => {
  test('--dry-run plans without running; explain says why each entry fires or not', async () => {
    const sb = await sandbox({
      'ws/.github/hooks/h.json': file({
        preToolUse: [
          { bash: touch('x'), matcher: 'bash' },
          { bash: touch('y'), matcher: 'edit' },
        ],
      }),
    });
    const dry = await sb.run(['preToolUse', ...BASH, '--trust-workspace', '--dry-run']);
    expect(dry.exitCode, dry.stderr).toBe(0);
    const plan = stdoutJson(dry) as { dialect: string; mode: string; hooks: { name: string }[]; skipped: { detail: string }[] };
    expect(plan).toMatchObject({ dialect: 'copilot', mode: 'sequential' });
    expect(plan.hooks.map((h) => h.name)).toEqual(['.github/hooks/h.json:hooks.preToolUse[0]']);
    expect(plan.skipped[0]!.detail).toContain('"edit" does not match the whole toolName "bash"');
    expect(await sb.fired('x')).toBe(false);
    const explain = await hookrun(['explain', 'preToolUse', '--dialect', 'copilot', ...BASH, '-C', sb.ws], { env: sb.env });
    expect(explain.exitCode, explain.stderr).toBe(0);
    expect(explain.stdout).toContain('untrusted folder; if it were registered, it would fire');
  });

  test('list --dialect copilot shows every source with its layer', async () => {
    const sb = await sandbox({
      'ws/.github/hooks/h.json': file({ preToolUse: [{ bash: 'true' }] }),
      'home/.copilot/hooks/u.json': file({ agentStop: [{ bash: 'true' }] }),
    });
    const r = await hookrun(['list', '--dialect', 'copilot', '--trust-workspace', '-C', sb.ws], { env: sb.env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain('.github/hooks/h.json:hooks.preToolUse[0]');
    expect(r.stdout).toContain('~/.copilot/hooks/u.json:hooks.agentStop[0]');
    // Gemini CLI's hook fingerprints are not Copilot's: no "not yet trusted" on a trusted folder's hooks.
    expect(r.stdout).not.toContain('not yet trusted');
  });

  test('--dialect auto picks copilot from .github/hooks', async () => {
    const sb = await sandbox({ 'ws/.github/hooks/h.json': file({ preToolUse: [{ bash: deny('auto') }] }) });
    const r = await hookrun(['run', 'preToolUse', '--dialect', 'auto', ...BASH, '--trust-workspace', '-C', sb.ws], { env: sb.env });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toContain('--dialect auto: copilot');
  });

  test('hookrun test replays copilot fixtures', async () => {
    const sb = await sandbox({
      'ws/.github/hooks/h.json': file({ preToolUse: [{ bash: `case "$(cat)" in *rm*) ${deny('no rm')};; esac` }] }),
      'ws/guard.hooktest.yaml': copilotFixtures([
        '  - name: blocks rm',
        '    event: preToolUse',
        '    input: { toolName: bash, toolArgs: { command: "rm -rf /" } }',
        '    expect:',
        '      outcome: block',
        '      output: { subset: { permissionDecisionReason: "no rm" } }',
        '  - name: lets ls through',
        '    event: preToolUse',
        '    input: { toolName: bash, toolArgs: { command: ls } }',
        '    expect: { outcome: proceed }',
      ]),
    });
    await expectAllPassed(sb, 2);
  });

  test("a fixture's toolInput is what Copilot runs: the hooks' modifiedArgs, else the event's toolArgs", async () => {
    const sb = await sandbox({
      'ws/.github/hooks/h.json': file({ preToolUse: [{ bash: `case "$(cat)" in *rm*) echo '{"modifiedArgs":{"command":"rm -ri ."}}';; esac` }] }),
      'ws/guard.hooktest.yaml': copilotFixtures([
        '  - name: rewritten',
        '    event: preToolUse',
        '    input: { toolName: bash, toolArgs: { command: "rm -rf ." } }',
        '    expect: { outcome: proceed, toolInput: { equals: { command: "rm -ri ." } } }',
        '  - name: as sent',
        '    event: preToolUse',
        '    input: { toolName: bash, toolArgs: { command: ls } }',
        '    expect: { toolInput: { equals: { command: ls } } }',
      ]),
    });
    await expectAllPassed(sb, 2);
  });

  test("a fixture's additionalContext is what Copilot reads: the top-level additionalContext, not hookSpecificOutput's", async () => {
    const sb = await sandbox({
      'ws/.github/hooks/h.json': file({ sessionStart: [{ bash: `cat >/dev/null; echo '{"additionalContext":"on branch main"}'` }] }),
      'ws/context.hooktest.yaml': copilotFixtures(['  - event: sessionStart', '    input: { source: startup }', '    expect: { additionalContext: { contains: "branch main" } }']),
    });
    await expectAllPassed(sb, 1);
  });
});

/** A hooktest file of Copilot cases, trusted (each line a line of YAML under `cases:`). */
function copilotFixtures(cases: readonly string[]): string {
  return ['defaults:', '  dialect: copilot', '  trust: true', 'cases:', ...cases, ''].join('\n');
}

/** `hookrun test` in the sandbox's workspace passes all `count` cases. */
async function expectAllPassed(sb: { ws: string; env: Record<string, string> }, count: number): Promise<void> {
  const r = await hookrun(['test', '--yes', '-C', sb.ws], { env: sb.env });
  expect(r.exitCode, r.stdout + r.stderr).toBe(0);
  expect(r.stdout).toContain(`${count} passed`);
}
