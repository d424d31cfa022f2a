// Claude Code as of its current docs (claude-current SOURCES.md): per-event discarded fields, the events
// hookrun did not run before, event specifics, behaviours dated one by one, the hook environment and
// skills-directory plugins. Real bin, real settings files and plugin trees in temp directories, real hooks.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../../helpers/cli.js';

type Json = Record<string, unknown>;

interface Row {
  name: string;
  /** Files under the workspace / HOME (JSON values are written pretty-printed). */
  files?: Record<string, string | Json>;
  home?: Record<string, string | Json>;
  event: string;
  version?: string;
  input?: Json;
  args?: string[];
  expect: { exit: number; fired?: string[]; notFired?: string[]; has?: string[]; hasNot?: string[]; stderr?: RegExp };
}

const cmd = (name: string, body = 'exit 0', extra: Json = {}) => ({ type: 'command', command: `touch "$MARK/fired-${name}"; ${body}`, ...extra });
const say = (value: unknown, exit = 0) => `echo '${JSON.stringify(value)}'; exit ${exit}`;
const group = (matcher: string | undefined, ...hooks: unknown[]) => (matcher === undefined ? { hooks } : { matcher, hooks });
const settings = (event: string, ...groups: unknown[]): Record<string, Json> => ({ '.claude/settings.json': { hooks: { [event]: groups } } });
const stopAndSay = { continue: false, stopReason: 'stop-reason-x', systemMessage: 'sysmsg-x' };
const plugin = (name: string, hooks: Json, manifest: Json = {}): Record<string, Json> => ({
  [`.claude/skills/${name}/.claude-plugin/plugin.json`]: { name, version: '1.0.0', ...manifest },
  [`.claude/skills/${name}/hooks/hooks.json`]: { hooks },
});
const bashCall = { tool_name: 'Bash', tool_input: { command: 'ls' } };

const rows: Row[] = [
  // Fields events discard.
  ...['PreCompact', 'PostCompact', 'Notification', 'ConfigChange', 'Elicitation', 'MessageDisplay'].map((event) => ({
    name: `${event} discards continue and systemMessage`,
    ...{ files: settings(event, group(undefined, cmd('a', say(stopAndSay)))) },
    event,
    expect: { exit: 0, fired: ['a'], hasNot: ['sysmsg-x', 'stop-reason-x'] },
  })),
  ...['CwdChanged', 'FileChanged', 'DirectoryAdded'].map((event) => ({
    name: `${event} discards continue but keeps systemMessage`,
    files: settings(event, group(undefined, cmd('a', say(stopAndSay)))),
    event,
    expect: { exit: 0, has: ['sysmsg-x'], hasNot: ['stop-reason-x'] },
  })),
  ...['SessionEnd', 'WorktreeRemove', 'InstructionsLoaded', 'StopFailure'].map((event) => ({
    name: `${event} discards every JSON field`,
    files: settings(event, group(undefined, cmd('a', say({ ...stopAndSay, decision: 'block', reason: 'reason-x' })))),
    event,
    expect: { exit: 0, fired: ['a'], hasNot: ['sysmsg-x', 'reason-x'] },
  })),
  {
    name: 'TaskCreated ignores continue:false',
    files: settings('TaskCreated', group(undefined, cmd('a', say(stopAndSay)))),
    event: 'TaskCreated',
    expect: { exit: 0, hasNot: ['stop-reason-x'] },
  },
  {
    name: 'classic keeps continue:false on Notification (the discards are current rules)',
    files: settings('Notification', group(undefined, cmd('a', say(stopAndSay)))),
    event: 'Notification',
    version: 'classic',
    expect: { exit: 4, has: ['stop-reason-x'] },
  },
  // The events hookrun did not run before.
  {
    name: 'InstructionsLoaded matches on load_reason; exit 2 is ignored',
    files: settings('InstructionsLoaded', group('session_start', cmd('a', 'exit 2')), group('nested_traversal', cmd('b'))),
    event: 'InstructionsLoaded',
    input: { file_path: '/w/CLAUDE.md', memory_type: 'Project', load_reason: 'session_start' },
    expect: { exit: 0, fired: ['a'], notFired: ['b'] },
  },
  {
    name: 'DirectoryAdded matches on source',
    files: settings('DirectoryAdded', group('slash_command', cmd('a', say({ systemMessage: 'dir-msg' }))), group('register_repo_root', cmd('b'))),
    event: 'DirectoryAdded',
    input: { directory: '/w/other', source: 'slash_command' },
    expect: { exit: 0, fired: ['a'], notFired: ['b'], has: ['dir-msg'] },
  },
  {
    name: 'FileChanged matches the basename of file_path; watchPaths is passed on',
    files: settings(
      'FileChanged',
      group('envrc|Makefile', cmd('a', say({ hookSpecificOutput: { hookEventName: 'FileChanged', watchPaths: ['/w/watch-me'] } }))),
      group('w', cmd('b')),
    ),
    event: 'FileChanged',
    input: { file_path: '/w/sub/Makefile', event: 'change' },
    expect: { exit: 0, fired: ['a'], notFired: ['b'], has: ['/w/watch-me'] },
  },
  {
    name: 'FileChanged and StopFailure keep the narrow exact set: "Makefile, README" is a regex there',
    files: settings('FileChanged', group('Makefile, README', cmd('comma')), group('Makefile|README', cmd('pipe'))),
    event: 'FileChanged',
    input: { file_path: '/w/Makefile', event: 'change' },
    expect: { exit: 0, fired: ['pipe'], notFired: ['comma'] },
  },
  {
    name: 'StopFailure narrow set: a hyphenated name is an unanchored regex',
    files: settings('StopFailure', group('rate_limit', cmd('exact')), group('server-error', cmd('hyphen'))),
    event: 'StopFailure',
    input: { error: 'internal-server-error-x' },
    expect: { exit: 0, fired: ['hyphen'], notFired: ['exact'] },
  },
  {
    name: 'an event newer than the version is not run (FileChanged arrived in 2.1.83)',
    files: settings('FileChanged', group(undefined, cmd('a'))),
    event: 'FileChanged',
    version: '2.1.82',
    input: { file_path: '/w/x', event: 'change' },
    expect: { exit: 0, notFired: ['a'], stderr: /no hook event "FileChanged" \(added in 2\.1\.83\)/ },
  },
  {
    name: 'PreModelSwitch (2.1.251): permissionDecision deny blocks',
    files: settings(
      'PreModelSwitch',
      group(undefined, cmd('a', say({ hookSpecificOutput: { hookEventName: 'PreModelSwitch', permissionDecision: 'deny', permissionDecisionReason: 'pms-deny' } }))),
    ),
    event: 'PreModelSwitch',
    version: '2.1.251',
    input: { from_model: 'a', to_model: 'b' },
    expect: { exit: 2, has: ['pms-deny'] },
  },
  {
    name: 'PreModelSwitch: a timed-out hook blocks the switch',
    files: settings('PreModelSwitch', group(undefined, cmd('a', 'sleep 5', { timeout: 1 }))),
    event: 'PreModelSwitch',
    input: { from_model: 'a', to_model: 'b' },
    args: ['--grace', '100'],
    expect: { exit: 2 },
  },
  // Event specifics.
  {
    name: 'Setup: plain stdout is not context (current), JSON additionalContext is',
    files: settings(
      'Setup',
      group(undefined, cmd('a', 'echo setup-plain')),
      group(undefined, cmd('b', say({ hookSpecificOutput: { hookEventName: 'Setup', additionalContext: 'setup-json' } }))),
    ),
    event: 'Setup',
    input: { trigger: 'init' },
    expect: { exit: 0, has: ['setup-json'], hasNot: ['setup-plain'] },
  },
  {
    name: 'ConfigChange from policy_settings cannot be blocked, by exit 2 or decision',
    files: settings('ConfigChange', group(undefined, cmd('a', 'echo no >&2; exit 2'), cmd('b', say({ decision: 'block', reason: 'cc-no' })))),
    event: 'ConfigChange',
    input: { source: 'policy_settings' },
    expect: { exit: 0, fired: ['a', 'b'], hasNot: ['cc-no'] },
  },
  {
    name: 'ConfigChange from user_settings is blocked by exit 2',
    files: settings('ConfigChange', group(undefined, cmd('a', 'echo cc-reason >&2; exit 2'))),
    event: 'ConfigChange',
    input: { source: 'user_settings' },
    expect: { exit: 2, has: ['cc-reason'] },
  },
  {
    name: 'WorktreeCreate: the last non-empty stdout line is the path; banner lines are not passed on',
    files: settings('WorktreeCreate', group(undefined, cmd('a', 'echo banner-line; echo /w/trees/x; echo'))),
    event: 'WorktreeCreate',
    input: { name: 'x' },
    expect: { exit: 0, has: ['/w/trees/x'], hasNot: ['banner-line'] },
  },
  {
    name: 'WorktreeCreate: exit 0 without a path fails the creation',
    files: settings('WorktreeCreate', group(undefined, cmd('a', 'exit 0'))),
    event: 'WorktreeCreate',
    input: { name: 'x' },
    expect: { exit: 2 },
  },
  {
    name: 'WorktreeCreate: any non-zero exit fails it',
    files: settings('WorktreeCreate', group(undefined, cmd('a', 'echo /w/t; echo wt-broke >&2; exit 1'))),
    event: 'WorktreeCreate',
    input: { name: 'x' },
    expect: { exit: 2, has: ['wt-broke'] },
  },
  {
    name: "Elicitation: an exit-2 hook's hookSpecificOutput is ignored; it denies",
    files: settings('Elicitation', group(undefined, cmd('a', say({ hookSpecificOutput: { hookEventName: 'Elicitation', action: 'accept', content: { user: 'leak-x' } } }, 2)))),
    event: 'Elicitation',
    input: { mcp_server_name: 's' },
    expect: { exit: 2, hasNot: ['leak-x'] },
  },
  {
    name: 'Elicitation answered with accept + content proceeds and passes the content on',
    files: settings('Elicitation', group(undefined, cmd('a', say({ hookSpecificOutput: { hookEventName: 'Elicitation', action: 'accept', content: { user: 'alice-9' } } })))),
    event: 'Elicitation',
    input: { mcp_server_name: 's' },
    expect: { exit: 0, has: ['alice-9'] },
  },
  // Versions, one by one.
  {
    name: 'PreCompact exit 2 does not block before 2.1.105',
    files: settings('PreCompact', group(undefined, cmd('a', 'echo pc >&2; exit 2'))),
    event: 'PreCompact',
    version: '2.1.104',
    input: { trigger: 'manual' },
    expect: { exit: 0 },
  },
  {
    name: 'PreCompact exit 2 blocks from 2.1.105',
    files: settings('PreCompact', group(undefined, cmd('a', 'echo pc >&2; exit 2'))),
    event: 'PreCompact',
    version: '2.1.105',
    input: { trigger: 'manual' },
    expect: { exit: 2 },
  },
  {
    name: 'before 2.1.101 an unknown event name makes the whole file ignored',
    files: { '.claude/settings.json': { hooks: { NoSuchEvent: [], PreToolUse: [group(undefined, cmd('a'))] } } },
    event: 'PreToolUse',
    version: '2.1.100',
    input: bashCall,
    expect: { exit: 0, notFired: ['a'], stderr: /ignores every hook in .*settings\.json because of unknown event "NoSuchEvent"/ },
  },
  {
    name: 'from 2.1.101 an unknown event name costs only that event',
    files: { '.claude/settings.json': { hooks: { NoSuchEvent: [], PreToolUse: [group(undefined, cmd('a'))] } } },
    event: 'PreToolUse',
    version: '2.1.101',
    input: bashCall,
    expect: { exit: 0, fired: ['a'] },
  },
  {
    name: 'before 2.1.122 a malformed entry makes the whole file ignored',
    files: { '.claude/settings.json': { hooks: { Stop: [{ matcher: 'x' }], PreToolUse: [group(undefined, cmd('a'))] } } },
    event: 'PreToolUse',
    version: '2.1.121',
    input: bashCall,
    expect: { exit: 0, notFired: ['a'] },
  },
  {
    name: '`if` arrived in 2.1.85: ignored before (the hook runs), applied from then',
    files: settings('PreToolUse', group('Bash', cmd('a', 'exit 0', { if: 'Bash(rm *)' }))),
    event: 'PreToolUse',
    version: '2.1.84',
    input: bashCall,
    expect: { exit: 0, fired: ['a'], stderr: /arrived in 2\.1\.85/ },
  },
  {
    name: 'before 2.1.214 `if` Edit(src/**) matches a src directory at any depth',
    files: settings('PreToolUse', group('Edit', cmd('a', 'exit 0', { if: 'Edit(src/**)' }))),
    event: 'PreToolUse',
    version: '2.1.213',
    input: { tool_name: 'Edit', tool_input: { file_path: 'lib/src/a.ts' } },
    expect: { exit: 0, fired: ['a'] },
  },
  {
    name: 'from 2.1.214 exit 2 with schema-invalid JSON still blocks, stderr the reason',
    files: settings('PreToolUse', group(undefined, cmd('a', `echo '{"continue":"x"}'; echo inv-214 >&2; exit 2`))),
    event: 'PreToolUse',
    version: '2.1.214',
    input: bashCall,
    expect: { exit: 2, has: ['inv-214'] },
  },
  // validate-style traps reported by run.
  {
    name: '`if` on a non-tool event never runs (a warning says so); a timeout in milliseconds is named',
    files: settings('Stop', group(undefined, cmd('a', 'exit 0', { if: 'Bash(*)' }), cmd('b', 'exit 0', { timeout: 30000 }))),
    event: 'Stop',
    expect: { exit: 0, fired: ['b'], notFired: ['a'], stderr: /never runs a hook with "if" there[\s\S]*not milliseconds/ },
  },
  {
    name: "`if` naming a tool the group's matcher never selects is reported",
    files: settings('PreToolUse', group('Bash', cmd('a', 'exit 0', { if: 'Edit(*.ts)' }))),
    event: 'PreToolUse',
    input: bashCall,
    expect: { exit: 0, notFired: ['a'], stderr: /names Edit, but the group's matcher "Bash" never selects Edit/ },
  },
  {
    name: 'prompt and agent hooks on an event without them (Notification) are skipped with a warning',
    files: settings('Notification', group(undefined, { type: 'agent', prompt: 'x' }, cmd('a'))),
    event: 'Notification',
    expect: { exit: 0, fired: ['a'], stderr: /does not run "agent" hooks on Notification/ },
  },
  {
    name: 'mcp_tool hooks are skipped with a warning, the others decide',
    files: settings(
      'PreToolUse',
      group(
        undefined,
        { type: 'mcp_tool', server: 's', tool: 't' },
        cmd('a', say({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'cmd-deny' } })),
      ),
    ),
    event: 'PreToolUse',
    input: bashCall,
    expect: { exit: 2, has: ['cmd-deny'], stderr: /does not run "mcp_tool" hooks \(it needs a connected MCP server\)/ },
  },
  // The environment.
  {
    name: 'CLAUDECODE, CLAUDE_CODE_CHILD_SESSION, CLAUDE_CODE_SESSION_ID = session_id; no CLAUDE_ENV_FILE on PreToolUse',
    files: settings(
      'PreToolUse',
      group(
        undefined,
        cmd(
          'a',
          'test "$CLAUDECODE" = 1 && test "$CLAUDE_CODE_CHILD_SESSION" = 1 && test "$CLAUDE_CODE_SESSION_ID" = sess-9 && test -z "$CLAUDE_ENV_FILE" && touch "$MARK/fired-env"',
        ),
      ),
    ),
    event: 'PreToolUse',
    input: { ...bashCall, session_id: 'sess-9' },
    expect: { exit: 0, fired: ['env'] },
  },
  ...['SessionStart', 'Setup', 'CwdChanged', 'FileChanged'].map((event) => ({
    name: `CLAUDE_ENV_FILE is a writable file on ${event}`,
    files: settings(event, group(undefined, cmd('a', 'test -f "$CLAUDE_ENV_FILE" && echo "export X=1" >> "$CLAUDE_ENV_FILE" && touch "$MARK/fired-envfile"'))),
    event,
    expect: { exit: 0, fired: ['envfile'] },
  })),
  // Plugins (personal skills-directory plugins).
  {
    name: 'plugin: ${CLAUDE_PLUGIN_ROOT} is substituted in the command and exported; CLAUDE_PLUGIN_DATA too',
    home: {
      ...plugin('fmt', { PreToolUse: [group('Bash', { type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/scripts/check.sh' })] }),
      '.claude/skills/fmt/scripts/check.sh':
        '#!/bin/sh\ntest "$CLAUDE_PLUGIN_ROOT" = "$HOME/.claude/skills/fmt" && case "$CLAUDE_PLUGIN_DATA" in "$HOME"/.claude/plugins/data/*) touch "$MARK/fired-plugin" ;; esac\n',
    },
    event: 'PreToolUse',
    input: bashCall,
    expect: { exit: 0, fired: ['plugin'] },
  },
  {
    name: 'plugin: hooks inline in the manifest load as well',
    home: { '.claude/skills/inl/.claude-plugin/plugin.json': { name: 'inl', hooks: { Stop: [group(undefined, cmd('inline'))] } } },
    event: 'Stop',
    expect: { exit: 0, fired: ['inline'] },
  },
  {
    name: 'plugin: a project skills-directory plugin is not loaded (only after the interactive trust dialog)',
    files: plugin('proj', { Stop: [group(undefined, cmd('proj'))] }),
    event: 'Stop',
    expect: { exit: 0, notFired: ['proj'] },
  },
  {
    name: 'plugin: disableAllHooks in user settings disables plugin hooks too',
    home: { ...plugin('g', { Stop: [group(undefined, cmd('plug'))] }), '.claude/settings.json': { disableAllHooks: true } },
    event: 'Stop',
    expect: { exit: 0, notFired: ['plug'] },
  },
  {
    name: 'plugin: a broken hooks file costs that plugin only, with a warning',
    home: {
      ...plugin('ok', { Stop: [group(undefined, cmd('ok'))] }),
      '.claude/skills/bad/.claude-plugin/plugin.json': { name: 'bad' },
      '.claude/skills/bad/hooks/hooks.json': '{ nope',
    },
    event: 'Stop',
    expect: { exit: 0, fired: ['ok'], stderr: /bad@skills-dir's hooks from this file are not loaded/ },
  },
  {
    name: 'plugin: classic does not read skills-directory plugins (they arrived in 2.1.158)',
    home: plugin('old', { Stop: [group(undefined, cmd('old'))] }),
    event: 'Stop',
    version: '2.1.157',
    expect: { exit: 0, notFired: ['old'] },
  },
  {
    name: 'plugin hook timeouts do not raise the SessionEnd budget',
    home: plugin('se', { SessionEnd: [group(undefined, cmd('late', 'sleep 3; touch "$MARK/fired-done"', { timeout: 10 }))] }),
    event: 'SessionEnd',
    input: { reason: 'other' },
    args: ['--grace', '100'],
    expect: { exit: 0, fired: ['late'], notFired: ['done'] },
  },
];

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((s) => s.cleanup())));

async function writeAll(sb: Sandbox, base: string, files: Record<string, string | Json> | undefined): Promise<void> {
  for (const [relative, content] of Object.entries(files ?? {})) {
    const text = typeof content === 'string' ? content : JSON.stringify(content, null, 2);
    await sb.write(path.join(base, relative), text, text.startsWith('#!') ? 0o755 : undefined);
  }
}

describe.concurrent('hookrun run --dialect claude --claude-version current', () => {
  test.each(rows.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const sb = await makeSandbox();
    sandboxes.push(sb);
    await writeAll(sb, sb.ws, row.files);
    await writeAll(sb, sb.home, row.home);
    const env = { PATH: sb.env.PATH!, HOME: sb.home, LANG: 'C.UTF-8', NO_COLOR: '1', HOOKRUN_TRUST_WORKSPACE: 'true', MARK: sb.root };
    const args = ['run', row.event, '--dialect', 'claude', '--claude-version', row.version ?? 'current', '--trust-workspace'];
    if (row.input) args.push('--event', JSON.stringify(row.input));
    const result = await hookrun([...args, ...(row.args ?? []), '--cwd', sb.ws], { env });
    const why = `${result.stdout}\n${result.stderr}`;
    expect(result.exitCode, why).toBe(row.expect.exit);
    for (const name of row.expect.fired ?? []) expect(existsSync(path.join(sb.root, `fired-${name}`)), `${name} should fire\n${why}`).toBe(true);
    for (const name of row.expect.notFired ?? []) expect(existsSync(path.join(sb.root, `fired-${name}`)), `${name} should not fire\n${why}`).toBe(false);
    for (const text of row.expect.has ?? []) expect(result.stdout, why).toContain(text);
    for (const text of row.expect.hasNot ?? []) expect(result.stdout, why).not.toContain(text);
    if (row.expect.stderr) expect(result.stderr).toMatch(row.expect.stderr);
  });

  test('the CLAUDE_ENV_FILE directory is gone when hookrun exits', async () => {
    const sb = await makeSandbox();
    sandboxes.push(sb);
    await writeAll(sb, sb.ws, settings('SessionStart', group(undefined, { type: 'command', command: 'echo "$CLAUDE_ENV_FILE" > "$MARK/where"' })));
    const env = { PATH: sb.env.PATH!, HOME: sb.home, LANG: 'C.UTF-8', NO_COLOR: '1', HOOKRUN_TRUST_WORKSPACE: 'true', MARK: sb.root, TMPDIR: sb.root };
    const result = await hookrun(['run', 'SessionStart', '--dialect', 'claude', '--claude-version', 'current', '--trust-workspace', '--cwd', sb.ws], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    const file = readFileSync(path.join(sb.root, 'where'), 'utf8').trim();
    expect(file.startsWith(sb.root)).toBe(true);
    expect(existsSync(path.dirname(file))).toBe(false);
  });
});
