// When `run` reads standard input (contract: `hookrun run`, rule 3): a call whose flags give the
// event never reads, nor waits on, a stdin it inherits. Each case would hang or eat a loop's input
// without that rule.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { BIN, REPO, hookrun, makeSandbox, stdoutJson, type Sandbox } from '../helpers/cli.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await makeSandbox();
  sb.env.GEMINI_CLI_TRUST_WORKSPACE = 'true';
  // One BeforeTool hook that denies `rm` and records every event it is given, one per line.
  await sb.write(
    'ws/.gemini/settings.json',
    JSON.stringify({
      hooks: {
        BeforeTool: [{ hooks: [{ type: 'command', name: 'guard', command: 'node "$GEMINI_PROJECT_DIR/guard.js"' }] }],
        AfterTool: [{ hooks: [{ type: 'command', name: 'seen', command: 'cat >> "$GEMINI_PROJECT_DIR/after.log"; echo >> "$GEMINI_PROJECT_DIR/after.log"' }] }],
      },
    }),
  );
  await sb.write(
    'ws/guard.js',
    `let t = '';
process.stdin.on('data', (d) => (t += d)).on('end', () => {
  const e = JSON.parse(t);
  require('fs').appendFileSync(__dirname + '/calls.log', e.tool_name + ' ' + JSON.stringify(e.tool_input) + '\\n');
  if (String(e.tool_input.command ?? '').startsWith('rm')) console.log(JSON.stringify({ decision: 'deny', reason: 'no rm' }));
});`,
  );
  // `hookrun` on PATH, as an installed package puts it there.
  const bin = path.join(sb.root, 'bin');
  await mkdir(bin);
  await writeFile(path.join(bin, 'hookrun'), `#!/bin/sh\nexec node ${JSON.stringify(BIN)} "$@"\n`);
  await chmod(path.join(bin, 'hookrun'), 0o755);
  sb.env.PATH = `${bin}:${sb.env.PATH}`;
});
afterEach(() => sb.cleanup());

/** Starts a process; resolves with its stdout once `done(stdout)` holds, then ends its stdin and group. */
function runUntil(
  file: string,
  args: string[],
  done: (stdout: string) => boolean,
  options: { cwd?: string; keepStdinOpen?: boolean } = {},
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd: options.cwd ?? sb.ws, env: sb.env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const finish = () => {
      child.stdin.end();
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      resolve({ stdout, stderr });
    };
    child.stdout.on('data', (d: Buffer) => {
      stdout += d;
      if (done(stdout)) finish();
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('error', reject);
    child.on('close', () => {
      if (!done(stdout)) reject(new Error(`ended before done: ${stdout}\n${stderr}`));
    });
    // The parent's pipe stays open: a hookrun that read it would wait here until the test times out.
    if (!options.keepStdinOpen) child.stdin.end();
  });
}

/** The README's "A shell agent loop" snippet, exactly as printed there. */
function readmeSnippet(): string {
  const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## A shell agent loop'));
  // The one-`hookrun run`-per-event snippet (the section opens with the `serve` one).
  const match = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].find((m) => m[1]!.includes('hookrun run BeforeTool'));
  if (!match) throw new Error('README has no `hookrun run` shell snippet under "A shell agent loop"');
  return match[1]!;
}

describe('flags give the event: standard input is left alone', () => {
  test("the README's agent snippet, pasted into a while-read loop over a file of calls, runs every call", async () => {
    const calls = [
      ['run_shell_command', '{"command":"ls"}'],
      ['run_shell_command', '{"command":"rm -rf /"}'],
      ['read_file', '{"file_path":"README.md"}'],
      ['run_shell_command', '{"command":"git status"}'],
    ];
    await sb.write('calls.tsv', calls.map((c) => c.join('\t')).join('\n') + '\n');
    const script = `workspace=${JSON.stringify(sb.ws)}
run_tool() { echo "RUN $1 $2"; }
tell_model() { echo "TELL $1"; }
verdict_of() { node -e 'const v = JSON.parse(process.argv[1]).verdict[process.argv[2]]; if (v != null) console.log(typeof v === "string" ? v : JSON.stringify(v))' "$1" "$2"; }
not_run() { node -e 'for (const h of JSON.parse(process.argv[1]).verdict.notRun) if (h.why !== "disabled") console.log(h.hook)' "$1"; }
ask_user() { echo ASK; }
while IFS=$'\\t' read -r tool input; do
${readmeSnippet()}done < ${JSON.stringify(path.join(sb.root, 'calls.tsv'))}
echo END
`;
    const { stdout, stderr } = await runUntil('bash', ['-c', script], (out) => out.includes('END\n'));
    expect(stderr).toBe('');
    expect(stdout).toBe(
      [
        'RUN run_shell_command {"command":"ls"}',
        'TELL blocked: no rm',
        'RUN read_file {"file_path":"README.md"}',
        'RUN run_shell_command {"command":"git status"}',
        'END',
        '',
      ].join('\n'),
    );
    expect(readFileSync(path.join(sb.ws, 'calls.log'), 'utf8').trim().split('\n')).toHaveLength(4);
  });

  test('`sleep 20 | hookrun run BeforeTool --tool read_file --tool-input {}` does not wait for the pipe', async () => {
    const { stdout } = await runUntil('bash', ['-c', `sleep 20 | { hookrun run BeforeTool --tool read_file --tool-input '{}' --quiet; echo "exit=$?"; }`], (out) =>
      out.includes('exit='),
    );
    expect(stdout).toBe('{}\nexit=0\n');
  });

  test('a Python loop calling run, with its own stdin an open pipe, does not wait', async () => {
    const program = `import subprocess
for tool in ["read_file", "write_file", "run_shell_command"]:
    r = subprocess.run(["hookrun", "run", "BeforeTool", "--tool", tool, "--tool-input", "{}", "--quiet"], capture_output=True, text=True)
    print(tool, r.returncode, r.stdout.strip(), flush=True)
print("done", flush=True)
`;
    const { stdout } = await runUntil('python3', ['-c', program], (out) => out.includes('done\n'), { keepStdinOpen: true });
    expect(stdout).toBe('read_file 0 {}\nwrite_file 0 {}\nrun_shell_command 0 {}\ndone\n');
  });

  test('a bare `run` (no field flag) still reads piped stdin', async () => {
    const result = await hookrun(['run', 'BeforeTool', '--quiet'], {
      env: sb.env,
      cwd: sb.ws,
      input: '{"tool_name":"run_shell_command","tool_input":{"command":"rm x"}}',
    });
    expect(result.exitCode).toBe(2);
    expect(stdoutJson(result)).toMatchObject({ decision: 'deny', reason: 'no rm' });
  });

  test('--event-file - reads stdin even with field flags', async () => {
    const result = await hookrun(['run', 'BeforeTool', '--event-file', '-', '--tool', 'run_shell_command', '--quiet'], {
      env: sb.env,
      cwd: sb.ws,
      input: '{"tool_input":{"command":"rm x"}}',
    });
    expect(result.exitCode).toBe(2);
  });
});

describe('--tool-response', () => {
  test('sets tool_response for AfterTool, as the hook receives it', async () => {
    const response = { llmContent: 'ok', returnDisplay: 'shown' };
    const result = await hookrun(['run', 'AfterTool', '--tool', 'read_file', '--tool-input', '{"file_path":"a"}', '--tool-response', JSON.stringify(response), '--quiet'], {
      env: sb.env,
      cwd: sb.ws,
    });
    expect(result.exitCode).toBe(0);
    const seen = JSON.parse(readFileSync(path.join(sb.ws, 'after.log'), 'utf8').trim()) as Record<string, unknown>;
    expect(seen).toMatchObject({ hook_event_name: 'AfterTool', tool_name: 'read_file', tool_input: { file_path: 'a' }, tool_response: response });
  });

  test('invalid JSON in --tool-response is an error at its position', async () => {
    const result = await hookrun(['run', 'AfterTool', '--tool', 'x', '--tool-response', '{nope}', '--quiet'], { env: sb.env, cwd: sb.ws });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('--tool-response:1:2: invalid JSON');
  });
});
