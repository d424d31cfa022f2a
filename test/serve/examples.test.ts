// examples/serve-loop: the bash agent on `coproc hookrun serve` and the Python agent on
// subprocess.Popen, run against the real CLI; each must act exactly as examples/agent-loop, which
// calls `hookrun run` per tool call, does on the same calls and hooks.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, REPO } from '../helpers/cli.js';

// Each test starts several agents, each several processes: generous for a loaded CI machine.
const TIMEOUT = 180_000;
const tmpRoot = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookrun-serve-examples-')));
afterAll(() => fs.rmSync(tmpRoot, { recursive: true, force: true }));

const examples = path.join(tmpRoot, 'examples');
fs.cpSync(path.join(REPO, 'examples'), examples, { recursive: true });
const hasJq = spawnSync('jq', ['--version'], { stdio: 'ignore' }).status === 0;
const hasPython = spawnSync('python3', ['--version'], { stdio: 'ignore' }).status === 0;

function env(): NodeJS.ProcessEnv {
  const home = fs.mkdtempSync(path.join(tmpRoot, 'home-'));
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: home,
    LANG: 'C.UTF-8',
    NO_COLOR: '1',
    GEMINI_CLI_SYSTEM_SETTINGS_PATH: path.join(tmpRoot, 'absent', 'system-settings.json'),
    GEMINI_CLI_SYSTEM_DEFAULTS_PATH: path.join(tmpRoot, 'absent', 'system-defaults.json'),
    GEMINI_CLI_TRUSTED_FOLDERS_PATH: path.join(home, '.gemini', 'trustedFolders.json'),
    HOOKRUN: `${process.execPath} ${BIN}`,
  };
}

function agent(program: string[], args: string[]) {
  const result = spawnSync(program[0]!, [...program.slice(1), ...args], { env: env(), encoding: 'utf8', timeout: TIMEOUT });
  return { ...result, transcript: `${result.stdout}\nstderr: ${result.stderr}` };
}

/** The lines about tool calls: what the agent did, without its header and summary lines. */
const calls = (stdout: string) => stdout.split('\n').filter((line) => !line.startsWith('agent: '));

const loops = [
  ['agent.sh (coproc)', ['bash', path.join(examples, 'serve-loop', 'agent.sh')], hasJq],
  ['agent.py (subprocess.Popen)', ['python3', path.join(examples, 'serve-loop', 'agent.py')], hasPython],
] as const;

describe.each(loops)('serve-loop/%s', (_name, program, available) => {
  it.runIf(available)(
    'acts as the `hookrun run` loop does on block-dangerous-shell, and the server exits 0',
    () => {
      const served = agent([...program], []);
      const perCall = agent(['bash', path.join(examples, 'agent-loop', 'agent.sh')], []);
      expect(served.status, served.transcript).toBe(0);
      expect(perCall.status, perCall.transcript).toBe(0);
      expect(calls(served.stdout)).toEqual(calls(perCall.stdout));
      expect(served.stdout).toContain('BLOCKED  skipped; the model is told: ');
      expect(served.stdout).toContain('agent: 3 ran, 2 blocked, 0 denied (ask), stopped: no (hookrun serve exited 0)');
    },
    TIMEOUT,
  );

  it.runIf(available)(
    'rewrites (rewrite-tool-input) and asks (ask-before-deploy) as the `hookrun run` loop does',
    () => {
      const file = path.join(tmpRoot, `calls-${program[0]}.tsv`);
      fs.writeFileSync(
        file,
        ['write_file\t{"file_path":"notes.md","content":"hi"}', 'run_shell_command\t{"command":"npm publish"}', 'write_file\t{"file_path":"/etc/hosts","content":"x"}', ''].join(
          '\n',
        ),
      );
      for (const workspace of ['rewrite-tool-input', 'ask-before-deploy']) {
        const args = [path.join(examples, workspace), file];
        const served = agent([...program], args);
        const perCall = agent(['bash', path.join(examples, 'agent-loop', 'agent.sh')], args);
        expect(served.status, served.transcript).toBe(0);
        expect(calls(served.stdout)).toEqual(calls(perCall.stdout));
      }
      const rewrite = agent([...program], [path.join(examples, 'rewrite-tool-input'), file]);
      expect(rewrite.stdout).toMatch(/REWRITE +a hook changed the input to \{"file_path":"sandbox\/notes.md","content":"hi"\}/);
    },
    TIMEOUT,
  );

  it.runIf(available)(
    'aborts with exit 1 when hookrun cannot answer (a settings file that does not parse)',
    () => {
      const broken = path.join(tmpRoot, `broken-${program[0]}`);
      fs.mkdirSync(path.join(broken, '.gemini'), { recursive: true });
      fs.writeFileSync(path.join(broken, '.gemini', 'settings.json'), '{ "hooks": ');
      const served = agent([...program], [broken]);
      expect(served.status, served.transcript).toBe(1);
      expect(served.stderr).toContain('ERROR    hookrun failed with exit code 1; aborting');
      expect(served.stderr).toContain(`${path.join(broken, '.gemini', 'settings.json')}:1:`);
    },
    TIMEOUT,
  );
});
