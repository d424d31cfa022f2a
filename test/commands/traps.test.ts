// Traps users fell into unflagged (issue 33, part 5), each through the real bin: a debug line before a
// guard's JSON deny, a matcher fix that never matches either, a `while read` loop's input read as the
// event, and Cursor's beforeShellExecution given --tool-input.
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { BIN, hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await makeSandbox();
});
afterEach(() => sb.cleanup());

const run = (...args: string[]) => hookrun(args, { env: sb.env, cwd: sb.ws });
const GUARD = { hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', name: 'guard', command: 'bash hooks/guard.sh' }] }] } };
const DENY = `echo '{"decision":"deny","reason":"no rm"}'`;

describe("validate: a debug line before a guard's JSON answer", () => {
  test('is flagged at the hook, and the run shows why: the deny is an allow', async () => {
    await sb.write('ws/.gemini/settings.json', JSON.stringify(GUARD));
    await sb.write('ws/hooks/guard.sh', `#!/bin/bash\ninput=$(cat)\necho "checking: $input"\n${DENY}\n`);
    const found = await run('validate', '--json');
    const findings = (JSON.parse(found.stdout) as { findings: { code: string; message: string; fix: string }[] }).findings.filter((f) => f.code === 'debug-before-json');
    expect(findings).toHaveLength(1);
    expect(findings[0]!.message).toContain('prints `echo "checking: $input"` to stdout before its JSON answer');
    expect(findings[0]!.fix).toContain('>&2');
    const ran = await run('run', 'BeforeTool', '--tool', 'run_shell_command', '--tool-input', '{"command":"rm -rf /"}', '--trust-workspace', '-q');
    expect(ran.exitCode).toBe(0);
  });

  test.each([
    ['debug to stderr', `echo "checking" >&2\n${DENY}\n`],
    ['the answer alone', `${DENY}\n`],
    ['a debug line after the answer', `${DENY}\necho done >&2\n`],
  ])('is not flagged with %s', async (_name, body) => {
    await sb.write('ws/.gemini/settings.json', JSON.stringify(GUARD));
    await sb.write('ws/hooks/guard.sh', `#!/bin/bash\n${body}`);
    const found = await run('validate', '--json');
    expect(found.stdout).not.toContain('debug-before-json');
    const ran = await run('run', 'BeforeTool', '--tool', 'run_shell_command', '--trust-workspace', '-q');
    expect(ran.exitCode).toBe(2);
  });

  test('a node guard that console.logs before JSON.stringify is flagged too', async () => {
    await sb.write('ws/.gemini/settings.json', JSON.stringify({ hooks: { AfterTool: [{ hooks: [{ type: 'command', command: 'node hooks/guard.js' }] }] } }));
    await sb.write('ws/hooks/guard.js', "console.log('got event');\nconsole.log(JSON.stringify({ decision: 'block', reason: 'x' }));\n");
    expect((await run('validate')).stdout).toContain('[debug-before-json]');
  });
});

describe('validate never offers a matcher fix that never matches', () => {
  test('Claude\'s "Bash(rm:*)" is a permission rule: the fix is matcher Bash with an if rule, not "Bash(rm:.*)"', async () => {
    await sb.write('ws/.claude/settings.json', JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash(rm:*)', hooks: [{ type: 'command', command: 'echo x' }] }] } }));
    const result = await run('validate', '--dialect', 'claude');
    expect(result.stdout).not.toContain('Bash(rm:.*)');
    expect(result.stdout).toContain('write "matcher": "Bash" and "if": "Bash(rm:*)"');
    // The fix offered is one that matches: with it, the hook runs for rm and not for ls.
    await sb.write(
      'ws/.claude/settings.json',
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', if: 'Bash(rm:*)', command: 'echo no >&2; exit 2' }] }] } }),
    );
    const args = ['run', 'PreToolUse', '--dialect', 'claude', '--claude-version', 'current', '--tool', 'Bash', '--trust-workspace', '-q', '--tool-input'];
    expect((await run(...args, '{"command":"rm -rf /"}')).exitCode).toBe(2);
    expect((await run(...args, '{"command":"ls"}')).exitCode).toBe(0);
  });

  test('a glob whose regex rewrite matches what it meant still gets that fix', async () => {
    await sb.write('ws/.claude/settings.json', JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'mcp__github__*', hooks: [{ type: 'command', command: 'echo x' }] }] } }));
    expect((await run('validate', '--dialect', 'claude')).stdout).toContain('write "mcp__github__.*"');
  });
});

describe("the event JSON read from a standard input that is a `while read` loop's", () => {
  test('the loop is consumed, and the error says why and what to give instead', async () => {
    await sb.write('files', 'a.txt\nb.txt\nc.txt\n');
    const loop = `n=0; while read f; do n=$((n+1)); node ${JSON.stringify(BIN)} run SessionStart -q; done < ${JSON.stringify(`${sb.root}/files`)}; echo "iterations $n"`;
    const result = await execa('bash', ['-c', loop], { cwd: sb.ws, env: sb.env, extendEnv: false, reject: false });
    expect(result.stdout).toContain('iterations 1');
    expect(result.stderr).toContain(
      "inside a `while read` loop that is the loop's input (now consumed): give the event with --event '{}' or a field flag, or run hookrun with < /dev/null",
    );
    const fixed = await execa('bash', ['-c', loop.replace('run SessionStart -q', "run SessionStart -q --event '{}'")], {
      cwd: sb.ws,
      env: sb.env,
      extendEnv: false,
      reject: false,
    });
    expect(fixed.stdout).toContain('iterations 3');
  });
});

describe("Cursor's beforeShellExecution given --tool-input", () => {
  test('is a usage error naming the field it reads and the --event that was meant, in run and serve', async () => {
    await sb.write(
      'ws/.cursor/hooks.json',
      JSON.stringify({ version: 1, hooks: { beforeShellExecution: [{ command: `grep -q 'rm -rf' && echo '{"permission":"deny"}' || echo '{}'` }] } }),
    );
    const wrong = await run('run', 'beforeShellExecution', '--dialect', 'cursor', '--tool-input', '{"command":"rm -rf /"}', '--trust-workspace');
    expect(wrong.stderr).toContain(`Cursor's beforeShellExecution has no "tool_input" field (it sends "command", "cwd", "sandbox")`);
    expect(wrong.stderr).toContain(`--event '{"command":"rm -rf /"}'`);
    expect(wrong.exitCode).toBe(1);
    const right = await run('run', 'beforeShellExecution', '--dialect', 'cursor', '--event', '{"command":"rm -rf /"}', '--trust-workspace', '-q');
    expect(right.exitCode).toBe(2);
    const request = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'run', params: { event: 'beforeShellExecution', options: { toolInput: '{"command":"rm -rf /"}' } } });
    const served = await hookrun(['serve', '--dialect', 'cursor'], { env: sb.env, cwd: sb.ws, input: `${request}\n` });
    expect(served.stdout).toContain('has no \\"tool_input\\" field');
    expect(served.stdout).toContain('-32602');
  });
});
