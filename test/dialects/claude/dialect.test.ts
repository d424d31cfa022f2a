// `hookrun run --dialect claude` end to end: real bin, real settings files in temp directories, real hook
// processes. One row per behaviour of kiro-claude-hooks.md Part B (matchers, exit codes, JSON fields,
// layers, versions); markers (`fired-NAME`) show which hooks ran independently of hookrun's output.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../../helpers/cli.js';

type Settings = Record<string, unknown>;

interface Row {
  name: string;
  project?: Settings;
  user?: Settings;
  local?: Settings;
  managed?: Settings;
  /** `run` arguments after the event name. */
  event: string;
  args?: string[];
  version?: string;
  expect: {
    exit: number;
    /** Parsed stdout must equal this. */
    output?: unknown;
    /** Parsed stdout must contain these fields (toMatchObject). */
    outputHas?: unknown;
    fired?: string[];
    notFired?: string[];
    stderr?: RegExp;
  };
}

/** A command hook that leaves `fired-NAME` behind, then runs `body`. */
const cmd = (name: string, body = 'exit 0', extra: Settings = {}) => ({
  type: 'command',
  command: `touch "$MARK/fired-${name}"; ${body}`,
  ...extra,
});
/** Prints a JSON answer (no single quotes inside). */
const say = (value: unknown, exit = 0) => `echo '${JSON.stringify(value)}'; exit ${exit}`;
const group = (matcher: string | undefined, ...hooks: unknown[]) => (matcher === undefined ? { hooks } : { matcher, hooks });
const on = (event: string, ...groups: unknown[]): Settings => ({ hooks: { [event]: groups } });
const pre = (decision: string, reason: string) => ({
  hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: decision, permissionDecisionReason: reason },
});
const bash = (command = 'ls') => ['--tool', 'Bash', '--tool-input', JSON.stringify({ command })];

const rows: Row[] = [
  // Matchers (B.5)
  {
    name: 'matcher: exact name, not a prefix; list split on |',
    project: on('PreToolUse', group('Bash', cmd('a')), group('BashOutput', cmd('b')), group('Read|BashOutput', cmd('c'))),
    event: 'PreToolUse',
    args: ['--tool', 'BashOutput'],
    expect: { exit: 0, fired: ['b', 'c'], notFired: ['a'] },
  },
  {
    name: 'matcher: case-sensitive, and mcp__server alone matches nothing',
    project: on('PreToolUse', group('bash', cmd('a')), group('mcp__memory', cmd('b')), group('mcp__memory__.*', cmd('c'))),
    event: 'PreToolUse',
    args: ['--tool', 'mcp__memory__create_entities'],
    expect: { exit: 0, fired: ['c'], notFired: ['a', 'b'] },
  },
  {
    name: 'matcher: other characters make an unanchored regex (Edit.* hits NotebookEdit)',
    project: on('PreToolUse', group('Edit.*', cmd('a')), group('^Edit$', cmd('b')), group('*', cmd('c')), group('', cmd('d')), group(undefined, cmd('e'))),
    event: 'PreToolUse',
    args: ['--tool', 'NotebookEdit'],
    expect: { exit: 0, fired: ['a', 'c', 'd', 'e'], notFired: ['b'] },
  },
  {
    name: 'matcher: commas and spaces split a list from 2.1.191 on',
    project: on('PreToolUse', group('Edit, Write', cmd('a'))),
    event: 'PreToolUse',
    version: '2.1.191',
    args: ['--tool', 'Write'],
    expect: { exit: 0, fired: ['a'] },
  },
  {
    name: 'matcher: before 2.1.191 "Edit, Write" is a regex that matches neither tool',
    project: on('PreToolUse', group('Edit, Write', cmd('a'))),
    event: 'PreToolUse',
    version: '2.1.190',
    args: ['--tool', 'Write'],
    expect: { exit: 0, notFired: ['a'] },
  },
  {
    name: 'matcher: a hyphenated name is exact from 2.1.195 on',
    project: on('SubagentStart', group('code-reviewer', cmd('a'))),
    event: 'SubagentStart',
    version: '2.1.195',
    args: ['--event', JSON.stringify({ agent_type: 'senior-code-reviewer' })],
    expect: { exit: 0, notFired: ['a'] },
  },
  {
    name: 'matcher: before 2.1.195 a hyphenated name is an unanchored regex',
    project: on('SubagentStart', group('code-reviewer', cmd('a'))),
    event: 'SubagentStart',
    version: '2.1.194',
    args: ['--event', JSON.stringify({ agent_type: 'senior-code-reviewer' })],
    expect: { exit: 0, fired: ['a'] },
  },
  {
    name: 'matcher: lifecycle alternation selects the source (unlike Gemini CLI)',
    project: on('SessionStart', group('startup|resume', cmd('a')), group('clear', cmd('b'))),
    event: 'SessionStart',
    args: ['--source', 'resume'],
    expect: { exit: 0, fired: ['a'], notFired: ['b'] },
  },
  {
    name: 'matcher: ignored on Stop; on SubagentStop only from the current generation',
    project: { hooks: { Stop: [group('Nope', cmd('a'))], SubagentStop: [group('Explore', cmd('b'))] } },
    event: 'Stop',
    expect: { exit: 0, fired: ['a'] },
  },
  {
    name: 'matcher: SubagentStop matches agent_type in the current generation',
    project: on('SubagentStop', group('Explore', cmd('a')), group('Plan', cmd('b'))),
    event: 'SubagentStop',
    version: 'current',
    args: ['--event', JSON.stringify({ agent_type: 'Plan' })],
    expect: { exit: 0, fired: ['b'], notFired: ['a'] },
  },

  // Exit code 2 per event, and where stderr goes (B.6)
  {
    name: 'exit 2: PreToolUse denies with stderr as the reason (for Claude)',
    project: on('PreToolUse', group('Bash', cmd('a', 'echo no rm >&2; exit 2'))),
    event: 'PreToolUse',
    args: bash('rm -rf /'),
    expect: { exit: 2, output: pre('deny', 'no rm') },
  },
  {
    name: 'exit 2: PostToolUse cannot block; stderr goes to Claude as reason',
    project: on('PostToolUse', group(undefined, cmd('a', 'echo lint failed >&2; exit 2'))),
    event: 'PostToolUse',
    args: ['--tool', 'Write'],
    expect: { exit: 0, output: { decision: 'block', reason: 'lint failed' } },
  },
  {
    name: 'exit 2: UserPromptSubmit blocks the prompt',
    project: on('UserPromptSubmit', group(undefined, cmd('a', 'echo secret >&2; exit 2'))),
    event: 'UserPromptSubmit',
    args: ['--prompt', 'my key'],
    expect: { exit: 2, output: { decision: 'block', reason: 'secret' } },
  },
  {
    name: 'exit 2: Stop keeps Claude going (block)',
    project: on('Stop', group(undefined, cmd('a', 'echo tests fail >&2; exit 2'))),
    event: 'Stop',
    expect: { exit: 2, output: { decision: 'block', reason: 'tests fail' } },
  },
  {
    name: 'exit 2: SessionStart cannot block; stderr is shown to the user',
    project: on('SessionStart', group(undefined, cmd('a', 'echo oops >&2; exit 2'))),
    event: 'SessionStart',
    args: ['--source', 'startup'],
    expect: { exit: 0, output: { systemMessage: 'oops' } },
  },
  {
    name: 'exit 2: PreCompact cannot block in classic',
    project: on('PreCompact', group(undefined, cmd('a', 'echo keep >&2; exit 2'))),
    event: 'PreCompact',
    args: ['--trigger', 'auto'],
    expect: { exit: 0, output: { systemMessage: 'keep' } },
  },
  {
    name: 'exit 2: PreCompact blocks compaction in the current generation',
    project: on('PreCompact', group(undefined, cmd('a', 'echo keep >&2; exit 2'))),
    event: 'PreCompact',
    version: 'current',
    args: ['--trigger', 'auto'],
    expect: { exit: 2, output: { decision: 'block', reason: 'keep' } },
  },
  {
    name: 'exit 2: PermissionRequest denies in classic',
    project: on('PermissionRequest', group('Bash', cmd('a', 'echo never >&2; exit 2'))),
    event: 'PermissionRequest',
    args: bash(),
    expect: { exit: 2, output: { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'never' } } } },
  },
  {
    name: 'exit 2: PermissionRequest is not honoured in the current generation',
    project: on('PermissionRequest', group('Bash', cmd('a', 'echo never >&2; exit 2'))),
    event: 'PermissionRequest',
    version: 'current',
    args: bash(),
    expect: { exit: 0, output: {} },
  },
  {
    name: 'exit 1 and 3 are non-blocking errors: the tool call proceeds',
    project: on('PreToolUse', group('Bash', cmd('a', 'echo warn >&2; exit 1'), cmd('b', 'echo x >&2; exit 3'))),
    event: 'PreToolUse',
    args: bash(),
    expect: { exit: 0, output: {}, fired: ['a', 'b'], stderr: /Failed with non-blocking status code 3: x/ },
  },

  // JSON output (B.7)
  {
    name: 'json: deny > ask > allow, reasons of the winning decision',
    project: on('PreToolUse', group('Bash', cmd('a', say(pre('allow', 'fine'))), cmd('b', say(pre('ask', 'sure?'))), cmd('c', say(pre('deny', 'no'))))),
    event: 'PreToolUse',
    args: bash(),
    expect: { exit: 2, output: pre('deny', 'no') },
  },
  {
    name: 'json: ask beats allow → exit 3',
    project: on('PreToolUse', group('Bash', cmd('a', say(pre('allow', 'fine'))), cmd('b', say(pre('ask', 'sure?'))))),
    event: 'PreToolUse',
    args: bash(),
    expect: { exit: 3, output: pre('ask', 'sure?') },
  },
  {
    name: 'json: defer (current) is neither a block nor an ask',
    project: on('PreToolUse', group('Bash', cmd('a', say(pre('defer', 'later'))), cmd('b', say(pre('ask', 'sure?'))))),
    event: 'PreToolUse',
    version: 'current',
    args: bash(),
    expect: { exit: 0, outputHas: { hookSpecificOutput: { permissionDecision: 'defer' } } },
  },
  {
    name: 'json: deprecated decision "block" on PreToolUse is a deny',
    project: on('PreToolUse', group('Bash', cmd('a', say({ decision: 'block', reason: 'legacy no' })))),
    event: 'PreToolUse',
    args: bash(),
    expect: { exit: 2, output: pre('deny', 'legacy no') },
  },
  {
    name: 'json: updatedInput and additionalContext come through; contexts joined',
    project: on(
      'PreToolUse',
      group(
        'Bash',
        cmd('a', say({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: 'ls -l' } } })),
        cmd('b', say({ hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'ctx-b' } })),
      ),
    ),
    event: 'PreToolUse',
    version: 'current',
    args: bash(),
    expect: {
      exit: 0,
      output: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: 'ls -l' }, additionalContext: 'ctx-b' } },
    },
  },
  {
    name: 'json: continue:false stops everything (exit 4), stopReason kept',
    project: on('PostToolUse', group(undefined, cmd('a', say({ continue: false, stopReason: 'halt', systemMessage: 'bye' })))),
    event: 'PostToolUse',
    args: ['--tool', 'Write'],
    expect: { exit: 4, output: { continue: false, stopReason: 'halt', systemMessage: 'bye' } },
  },
  {
    name: 'json: PostToolUse decision block is feedback, not a block',
    project: on('PostToolUse', group(undefined, cmd('a', say({ decision: 'block', reason: 'fix lint' })))),
    event: 'PostToolUse',
    args: ['--tool', 'Edit'],
    expect: { exit: 0, output: { decision: 'block', reason: 'fix lint' } },
  },
  {
    name: 'json: PermissionRequest deny wins over allow',
    project: on(
      'PermissionRequest',
      group(undefined, cmd('a', say({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } }))),
      group(undefined, cmd('b', say({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'no' } } }))),
    ),
    event: 'PermissionRequest',
    args: bash(),
    expect: { exit: 2, outputHas: { hookSpecificOutput: { decision: { behavior: 'deny' } } } },
  },
  {
    name: 'json: a hookEventName that is not the event fails the schema and is ignored',
    project: on('PreToolUse', group('Bash', cmd('a', say({ hookSpecificOutput: { hookEventName: 'PostToolUse', permissionDecision: 'deny' } })))),
    event: 'PreToolUse',
    args: bash(),
    expect: { exit: 0, output: {}, stderr: /does not match Claude Code's output schema/ },
  },
  {
    name: 'json on exit 1 decides in the current generation',
    project: on('PreToolUse', group('Bash', cmd('a', say(pre('deny', 'late deny'), 1)))),
    event: 'PreToolUse',
    version: 'current',
    args: bash(),
    expect: { exit: 2, output: pre('deny', 'late deny') },
  },
  {
    name: 'exit 2 blocks even when the JSON says allow (current)',
    project: on('PreToolUse', group('Bash', cmd('a', `${say(pre('allow', 'ok')).replace(/; exit 0$/, '')}; echo stop >&2; exit 2`))),
    event: 'PreToolUse',
    version: 'current',
    args: bash(),
    expect: { exit: 2, output: pre('deny', 'stop') },
  },
  {
    name: 'plain stdout becomes context on UserPromptSubmit, not on PreToolUse',
    project: {
      hooks: {
        UserPromptSubmit: [group(undefined, cmd('a', 'echo remember this'))],
        PreToolUse: [group(undefined, cmd('b', 'echo ignored text'))],
      },
    },
    event: 'UserPromptSubmit',
    args: ['--prompt', 'hi'],
    expect: { exit: 0, output: { hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'remember this' } } },
  },
  {
    name: 'an async hook runs but takes no part in the decision',
    project: on('PreToolUse', group('Bash', cmd('a', 'echo no >&2; exit 2', { async: true }))),
    event: 'PreToolUse',
    args: bash(),
    expect: { exit: 0, output: {}, fired: ['a'] },
  },

  // Layers, dedup, disableAllHooks (B.1, B.9)
  {
    name: 'layers: hooks from user, project, local and managed all run',
    user: on('Stop', group(undefined, cmd('u'))),
    project: on('Stop', group(undefined, cmd('p'))),
    local: on('Stop', group(undefined, cmd('l'))),
    managed: on('Stop', group(undefined, cmd('m'))),
    event: 'Stop',
    expect: { exit: 0, fired: ['u', 'p', 'l', 'm'] },
  },
  {
    name: 'dedup: the same handler in two files runs once',
    user: on('Stop', group(undefined, cmd('same', 'echo x >> "$MARK/count"'))),
    project: on('Stop', group(undefined, cmd('same', 'echo x >> "$MARK/count"'))),
    event: 'Stop',
    expect: { exit: 0, fired: ['same'] },
  },
  {
    name: 'disableAllHooks in a project file cannot disable managed hooks',
    project: { disableAllHooks: true, ...on('Stop', group(undefined, cmd('p'))) },
    managed: on('Stop', group(undefined, cmd('m'))),
    event: 'Stop',
    expect: { exit: 0, fired: ['m'], notFired: ['p'] },
  },
  {
    name: 'disableAllHooks: the local file (false) overrides the user file (true)',
    user: { disableAllHooks: true, ...on('Stop', group(undefined, cmd('u'))) },
    local: { disableAllHooks: false },
    event: 'Stop',
    expect: { exit: 0, fired: ['u'] },
  },
  {
    name: 'disableAllHooks in managed settings disables every hook',
    project: on('Stop', group(undefined, cmd('p'))),
    managed: { disableAllHooks: true, ...on('Stop', group(undefined, cmd('m'))) },
    event: 'Stop',
    expect: { exit: 0, notFired: ['p', 'm'] },
  },
  {
    name: 'allowManagedHooksOnly holds back user and project hooks',
    user: on('Stop', group(undefined, cmd('u'))),
    managed: { allowManagedHooksOnly: true, ...on('Stop', group(undefined, cmd('m'))) },
    event: 'Stop',
    expect: { exit: 0, fired: ['m'], notFired: ['u'] },
  },

  // if, exec form, environment (B.2, B.10)
  {
    name: 'if (current): Bash(git *) checks every subcommand',
    project: on('PreToolUse', group('Bash', cmd('a', 'exit 0', { if: 'Bash(git *)' }), cmd('b', 'exit 0', { if: 'Bash(rm *)' }))),
    event: 'PreToolUse',
    version: 'current',
    args: bash('FOO=1 npm test && git push'),
    expect: { exit: 0, fired: ['a'], notFired: ['b'] },
  },
  {
    name: 'if (current): file tools match a path pattern; never on non-tool events',
    project: {
      hooks: {
        PreToolUse: [group('Edit', cmd('ts', 'exit 0', { if: 'Edit(*.ts)' }), cmd('md', 'exit 0', { if: 'Edit(*.md)' }))],
      },
    },
    event: 'PreToolUse',
    version: 'current',
    args: ['--tool', 'Edit', '--tool-input', JSON.stringify({ file_path: 'src/deep/a.ts' })],
    expect: { exit: 0, fired: ['ts'], notFired: ['md'] },
  },
  {
    name: 'if is ignored by classic Claude Code',
    project: on('PreToolUse', group('Bash', cmd('a', 'exit 0', { if: 'Bash(rm *)' }))),
    event: 'PreToolUse',
    args: bash('ls'),
    expect: { exit: 0, fired: ['a'], stderr: /if is ignored by Claude Code classic \(default\) \(it arrived in 2.1.85\)/ },
  },
  {
    name: 'env and stdin: CLAUDE_PROJECT_DIR, permission_mode, hook_event_name',
    project: on(
      'PreToolUse',
      group(
        'Bash',
        cmd(
          'a',
          `node -e 'const i=JSON.parse(require("fs").readFileSync(0,"utf8"));const ok=process.env.CLAUDE_PROJECT_DIR===process.env.WS&&i.permission_mode==="default"&&i.hook_event_name==="PreToolUse"&&i.cwd===process.env.WS&&i.tool_input.command==="ls";process.stderr.write(ok?"payload ok":"bad "+JSON.stringify(i));process.exit(2)'`,
        ),
      ),
    ),
    event: 'PreToolUse',
    args: bash('ls'),
    expect: { exit: 2, output: pre('deny', 'payload ok') },
  },
  {
    name: 'exec form (current): args passed as they are, ${CLAUDE_PROJECT_DIR} substituted',
    project: on(
      'PreToolUse',
      group('Bash', { type: 'command', command: 'node', args: ['-e', 'process.stderr.write(process.argv.slice(1).join("|"));process.exit(2)', '${CLAUDE_PROJECT_DIR}/x', 'a b'] }),
    ),
    event: 'PreToolUse',
    version: 'current',
    args: bash(),
    expect: { exit: 2, outputHas: { hookSpecificOutput: { permissionDecision: 'deny' } } },
  },

  // Errors hookrun reports itself
  {
    name: 'an unknown --claude-version is a usage error',
    event: 'Stop',
    version: '2.x',
    expect: { exit: 1, stderr: /--claude-version must be "classic", "current" or a Claude Code version/ },
  },
  {
    name: 'an event name in the wrong case gets a suggestion',
    event: 'pretooluse',
    expect: { exit: 1, stderr: /unknown claude event "pretooluse". Did you mean "PreToolUse"\?/ },
  },
  {
    name: 'a field of the wrong type names the field',
    event: 'Stop',
    args: ['--event', '{"stop_hook_active":"yes"}'],
    expect: { exit: 1, stderr: /Stop event field "stop_hook_active" must be boolean, got string/ },
  },
  {
    name: 'settings warnings: unknown event (with a hint), unsupported handler type, timeout in ms',
    project: { hooks: { pretooluse: [], Stop: [group(undefined, { type: 'prompt', prompt: 'x' }, cmd('a', 'exit 0', { timeout: 5000 }))] } },
    event: 'Stop',
    expect: { exit: 0, fired: ['a'], stderr: /did you mean "PreToolUse"[\s\S]*does not run "prompt" hooks \(it needs a model\)[\s\S]*reads seconds, not milliseconds/ },
  },
  // What the real 2.1.328 binary does (docs/claude.md, "Checked against"); the same row under an older version keeps the older rule.
  {
    name: "2.1.328 onFailure block: a hook that exits 1 blocks, with the binary's message and the stderr",
    project: on('PreToolUse', group('Bash', cmd('a', 'echo broke >&2; exit 1', { onFailure: 'block' }))),
    event: 'PreToolUse',
    args: ['--tool', 'Bash'],
    version: 'current',
    expect: {
      exit: 2,
      fired: ['a'],
      outputHas: {
        hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: expect.stringMatching(/\]: failed; blocking because onFailure is "block"\nbroke$/) },
      },
    },
  },
  {
    name: '2.1.328 onFailure block: a timed-out hook blocks',
    project: on('PreToolUse', group('Bash', cmd('a', 'sleep 5', { onFailure: 'block', timeout: 1 }))),
    event: 'PreToolUse',
    args: ['--tool', 'Bash'],
    version: 'current',
    expect: { exit: 2, outputHas: { hookSpecificOutput: { permissionDecisionReason: expect.stringContaining(': timed out; blocking because onFailure is "block"') } } },
  },
  {
    name: '2.1.328 onFailure block: a hook that cannot start blocks',
    project: on('PreToolUse', group('Bash', { type: 'command', command: 'no-such-program', args: [], onFailure: 'block' })),
    event: 'PreToolUse',
    args: ['--tool', 'Bash'],
    version: 'current',
    expect: { exit: 2, outputHas: { hookSpecificOutput: { permissionDecisionReason: expect.stringContaining(': failed; blocking because onFailure is "block"') } } },
  },
  {
    name: '2.1.328 onFailure block on PermissionRequest denies',
    project: on('PermissionRequest', group('Bash', cmd('a', 'exit 1', { onFailure: 'block' }))),
    event: 'PermissionRequest',
    args: ['--tool', 'Bash'],
    version: 'current',
    expect: { exit: 2, outputHas: { hookSpecificOutput: { decision: { behavior: 'deny' } } } },
  },
  {
    name: 'onFailure continue (the default), onFailure block on Stop and on an async hook: a failure does not block',
    project: {
      hooks: {
        PreToolUse: [group('Bash', cmd('a', 'exit 1', { onFailure: 'continue' }), cmd('b', 'exit 1', { onFailure: 'block', async: true }))],
        Stop: [group(undefined, cmd('s', 'exit 1', { onFailure: 'block' }))],
      },
    },
    event: 'PreToolUse',
    args: ['--tool', 'Bash'],
    version: 'current',
    expect: { exit: 0, fired: ['a', 'b'] },
  },
  {
    name: 'onFailure block on Stop is ignored as the binary ignores it',
    project: on('Stop', group(undefined, cmd('s', 'exit 1', { onFailure: 'block' }))),
    event: 'Stop',
    version: 'current',
    expect: { exit: 0, fired: ['s'] },
  },
  {
    name: 'onFailure block before 2.1.328 (2.1.240, the docs): the field is not known and a failure does not block',
    project: on('PreToolUse', group('Bash', cmd('a', 'exit 1', { onFailure: 'block' }))),
    event: 'PreToolUse',
    args: ['--tool', 'Bash'],
    version: '2.1.240',
    expect: { exit: 0, fired: ['a'] },
  },
  {
    name: '2.1.328 Stop additionalContext keeps the turn going (block)',
    project: on('Stop', group(undefined, cmd('a', say({ hookSpecificOutput: { hookEventName: 'Stop', additionalContext: 'keep going' } })))),
    event: 'Stop',
    version: 'current',
    expect: { exit: 2, outputHas: { hookSpecificOutput: { additionalContext: 'keep going' } } },
  },
  {
    name: 'Stop additionalContext before 2.1.328 proceeds',
    project: on('Stop', group(undefined, cmd('a', say({ hookSpecificOutput: { hookEventName: 'Stop', additionalContext: 'keep going' } })))),
    event: 'Stop',
    version: '2.1.240',
    expect: { exit: 0 },
  },
  {
    name: '2.1.328 PermissionRequest deny with interrupt aborts the turn (stop)',
    project: on(
      'PermissionRequest',
      group('Bash', cmd('a', say({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'no', interrupt: true } } }))),
    ),
    event: 'PermissionRequest',
    args: ['--tool', 'Bash'],
    version: 'current',
    expect: { exit: 4 },
  },
  {
    name: 'PermissionRequest deny with interrupt before 2.1.328 blocks',
    project: on(
      'PermissionRequest',
      group('Bash', cmd('a', say({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'no', interrupt: true } } }))),
    ),
    event: 'PermissionRequest',
    args: ['--tool', 'Bash'],
    version: '2.1.240',
    expect: { exit: 2 },
  },
  {
    name: '2.1.328 SessionStart continue:false has no effect in a headless session',
    project: on('SessionStart', group(undefined, cmd('a', say({ continue: false, stopReason: 'halt' })))),
    event: 'SessionStart',
    version: 'current',
    expect: { exit: 0, output: {} },
  },
  {
    name: 'SessionStart continue:false before 2.1.328 stops',
    project: on('SessionStart', group(undefined, cmd('a', say({ continue: false, stopReason: 'halt' })))),
    event: 'SessionStart',
    version: '2.1.240',
    expect: { exit: 4 },
  },
  {
    name: "a blocked prompt drops every hook's additionalContext (no model request is made)",
    project: on(
      'UserPromptSubmit',
      group(
        undefined,
        cmd('a', say({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'CTX' } }, 2)),
        cmd('b', say({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'CTX2' } })),
      ),
    ),
    event: 'UserPromptSubmit',
    version: 'current',
    expect: { exit: 2, output: { decision: 'block', reason: '' } },
  },
  {
    name: "updatedToolOutput that is not the tool's shape (a string for Bash) is ignored; an object replaces",
    project: {
      hooks: {
        PostToolUse: [group('Bash', cmd('a', say({ hookSpecificOutput: { hookEventName: 'PostToolUse', updatedToolOutput: 'fake', additionalContext: 'x' } })))],
      },
    },
    event: 'PostToolUse',
    args: ['--tool', 'Bash'],
    version: 'current',
    expect: { exit: 0, output: { hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'x' } } },
  },
  {
    name: 'updatedToolOutput as an object replaces, and an MCP tool takes a content array',
    project: {
      hooks: {
        PostToolUse: [
          group(
            'Bash',
            cmd('a', say({ hookSpecificOutput: { hookEventName: 'PostToolUse', updatedToolOutput: { stdout: 'new', stderr: '', interrupted: false, isImage: false } } })),
          ),
          group('mcp__srv__echo', cmd('m', say({ hookSpecificOutput: { hookEventName: 'PostToolUse', updatedToolOutput: [{ type: 'text', text: 'mcp' }] } }))),
        ],
      },
    },
    event: 'PostToolUse',
    args: ['--tool', 'mcp__srv__echo'],
    version: 'current',
    expect: { exit: 0, fired: ['m'], notFired: ['a'], outputHas: { hookSpecificOutput: { updatedToolOutput: [{ type: 'text', text: 'mcp' }] } } },
  },
];

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((s) => s.cleanup())));

async function setUp(row: Pick<Row, 'project' | 'user' | 'local' | 'managed'>): Promise<{ sb: Sandbox; env: Record<string, string> }> {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  const managedPath = path.join(sb.root, 'etc', 'managed-settings.json');
  if (row.project) await sb.write(path.join(sb.ws, '.claude/settings.json'), JSON.stringify(row.project, null, 2));
  if (row.local) await sb.write(path.join(sb.ws, '.claude/settings.local.json'), JSON.stringify(row.local));
  if (row.user) await sb.write(path.join(sb.home, '.claude/settings.json'), JSON.stringify(row.user));
  if (row.managed) await sb.write(managedPath, JSON.stringify(row.managed));
  const env = {
    PATH: sb.env.PATH!,
    HOME: sb.home,
    LANG: 'C.UTF-8',
    NO_COLOR: '1',
    HOOKRUN_TRUST_WORKSPACE: 'true',
    MARK: sb.root,
    WS: sb.ws,
    HOOKRUN_CLAUDE_MANAGED_SETTINGS: managedPath,
  };
  return { sb, env };
}

describe.concurrent('hookrun run --dialect claude', () => {
  test.each(rows.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const { sb, env } = await setUp(row);
    const version = row.version ? ['--claude-version', row.version] : [];
    const result = await hookrun(['run', row.event, '--dialect', 'claude', ...version, ...(row.args ?? []), '--cwd', sb.ws], { env });
    const why = `${result.stdout}\n${result.stderr}`;
    expect(result.exitCode, why).toBe(row.expect.exit);
    if (row.expect.output !== undefined) expect(JSON.parse(result.stdout), why).toEqual(row.expect.output);
    if (row.expect.outputHas !== undefined) expect(JSON.parse(result.stdout), why).toMatchObject(row.expect.outputHas as object);
    for (const name of row.expect.fired ?? []) expect(existsSync(path.join(sb.root, `fired-${name}`)), `${name} should fire\n${why}`).toBe(true);
    for (const name of row.expect.notFired ?? []) expect(existsSync(path.join(sb.root, `fired-${name}`)), `${name} should not fire\n${why}`).toBe(false);
    if (row.expect.stderr) expect(result.stderr).toMatch(row.expect.stderr);
    if (row.name.startsWith('dedup')) expect(readFileSync(path.join(sb.root, 'count'), 'utf8')).toBe('x\n');
  });

  test('timeout is in seconds; a timed-out hook fails open while a sibling still denies', async () => {
    const { sb, env } = await setUp({
      project: on('PreToolUse', group('Bash', cmd('slow', 'sleep 5; echo late >&2; exit 2', { timeout: 1 }), cmd('fast', say(pre('deny', 'sibling'))))),
    });
    const result = await hookrun(['run', 'PreToolUse', '--dialect', 'claude', ...bash(), '--cwd', sb.ws, '--grace', '100'], { env });
    expect(result.exitCode, result.stderr).toBe(2);
    expect(JSON.parse(result.stdout)).toEqual(pre('deny', 'sibling'));
    expect(result.stderr).toMatch(/fired-slow.*timed out/);
  });

  test.each<[string, string[], string, number, Record<string, string>?]>([
    ['classic default', [], 'PreToolUse', 60_000],
    ['before 2.1.3', ['--claude-version', '2.1.2'], 'PreToolUse', 60_000],
    ['2.1.3 and later', ['--claude-version', '2.1.3'], 'PreToolUse', 600_000],
    ['current, UserPromptSubmit', ['--claude-version', 'current'], 'UserPromptSubmit', 30_000],
    ['current, SessionEnd budget', ['--claude-version', 'current'], 'SessionEnd', 1_500],
    ['from HOOKRUN_CLAUDE_VERSION', [], 'PreToolUse', 600_000, { HOOKRUN_CLAUDE_VERSION: 'current' }],
    ['configured seconds', [], 'Stop', 7_000],
  ])('default timeout, %s (dry run)', async (_label, flags, event, expected, extraEnv = {}) => {
    const timeout = event === 'Stop' ? { timeout: 7 } : {};
    const { sb, env } = await setUp({ project: on(event, group(undefined, cmd('a', 'exit 0', timeout))) });
    const result = await hookrun(['run', event, '--dialect', 'claude', ...flags, '--dry-run', '--cwd', sb.ws, '-q'], { env: { ...env, ...extraEnv } });
    expect(result.exitCode, result.stderr).toBe(0);
    const plan = JSON.parse(result.stdout);
    expect(plan.hooks[0].timeoutMs).toBe(expected);
    expect(existsSync(path.join(sb.root, 'fired-a'))).toBe(false);
  });

  // Claude Code 2.1.328 skips a file that does not parse ("Invalid or malformed JSON") and runs the others.
  test('a settings file that does not parse is dropped whole, said even under --quiet with file:line:column', async () => {
    const { sb, env } = await setUp({ user: on('Stop', group(undefined, cmd('user', 'exit 0'))) });
    await sb.write(path.join(sb.ws, '.claude/settings.local.json'), '{\n  "hooks": {,}\n}\n');
    const result = await hookrun(['run', 'Stop', '--dialect', 'claude', '--trust-workspace', '--cwd', sb.ws, '-q'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain(`${path.join(sb.ws, '.claude/settings.local.json')}:2:`);
    expect(result.stderr).toMatch(/skips this file whole: .*none of its hooks .*\[settings-file-dropped\]/);
    expect(existsSync(path.join(sb.root, 'fired-user'))).toBe(true);
  });

  test('a comment is enough: the guard in a commented settings file does not run, and run, explain and validate say why', async () => {
    const { sb, env } = await setUp({});
    const guard = JSON.stringify(on('PreToolUse', group('Bash', cmd('guard', 'echo no >&2; exit 2'))), null, 2);
    await sb.write(path.join(sb.ws, '.claude/settings.json'), guard.replace('{', '{\n  // the rm guard'));
    const run = await hookrun(['run', 'PreToolUse', '--dialect', 'claude', '--trust-workspace', '--tool', 'Bash', '--cwd', sb.ws, '-q'], { env });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(existsSync(path.join(sb.root, 'fired-guard'))).toBe(false);
    expect(run.stderr).toMatch(/settings\.json:2:3: .*it has comments, and Claude Code reads its settings as strict JSON/);
    const explain = await hookrun(['explain', 'PreToolUse', '--dialect', 'claude', '--tool', 'Bash', '--cwd', sb.ws], { env });
    expect(explain.stderr).toContain('[settings-file-dropped]');
    const validate = await hookrun(['validate', '--dialect', 'claude', '--cwd', sb.ws], { env });
    expect(validate.exitCode).toBe(1);
    expect(validate.stdout).toMatch(/settings\.json:2:3: error: .*\[settings-file-dropped\]/);
  });

  test('no settings at all: proceed with {}', async () => {
    const { sb, env } = await setUp({});
    const result = await hookrun(['run', 'Stop', '--dialect', 'claude', '--cwd', sb.ws, '-q'], { env });
    expect(result).toMatchObject({ exitCode: 0, stdout: '{}\n', stderr: '' });
  });
});
