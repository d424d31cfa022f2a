// End to end: every example under examples/ through the real hookrun bin, real hook processes and
// a copy of the example in a temp dir (the examples themselves are never touched).
// Each example's events/expect.json maps a sample event file to what `hookrun run` must answer:
//   event      the Gemini event name passed to `hookrun run`
//   exit       the expected exit code (0 proceed, 2 block, 3 ask, 4 stop)
//   why        what the case shows (documentation only)
//   gitRepo    true: the temp copy is made a git repository first (branch hookrun-demo, one commit)
//   stdout     the whole merged JSON, deep-equal
//   fields     dotted path -> value, deep-equal ("hookSpecificOutput.tool_input")
//   includes   dotted path -> substring(s) of that value (objects compared as their JSON text)
//   excludes   dotted path -> substring(s) that must not appear
//   absent     dotted paths that must not exist
//   files      workspace-relative file -> substrings it must contain after the run
// A value may also be a list of such expectations (the same event, run in different set-ups).
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const examplesDir = path.join(repoRoot, 'examples');
// HOOKRUN_E2E_BIN points the suite at another build of the same CLI (e.g. an installed package).
const hookrunBin = process.env.HOOKRUN_E2E_BIN ?? path.join(repoRoot, 'bin', 'hookrun.js');
const RUN_TIMEOUT = 60_000;

type Strings = string | string[];
interface Expectation {
  event: string;
  exit: number;
  why?: string;
  gitRepo?: boolean;
  stdout?: Record<string, unknown>;
  fields?: Record<string, unknown>;
  includes?: Record<string, Strings>;
  excludes?: Record<string, Strings>;
  absent?: string[];
  files?: Record<string, string[]>;
}
interface Case {
  eventFile: string;
  exp: Expectation;
}

const exampleNames = fs
  .readdirSync(examplesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && fs.existsSync(path.join(examplesDir, d.name, '.gemini', 'settings.json')))
  .map((d) => d.name)
  .sort();

function loadCases(example: string): Case[] {
  const file = path.join(examplesDir, example, 'events', 'expect.json');
  if (!fs.existsSync(file)) return []; // reported by the layout test below
  const table = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Expectation | Expectation[]>;
  return Object.entries(table).flatMap(([eventFile, e]) => (Array.isArray(e) ? e : [e]).map((exp) => ({ eventFile, exp })));
}

const hasGit = spawnSync('git', ['--version'], { stdio: 'ignore' }).status === 0;

let tmpRoot = '';

// Files a local run of an example may leave behind; never copied into a test workspace.
const LOCAL_STATE = new Set(['audit.log', 'allow-writes']);

/** A fresh copy of examples/<name> (or of the whole examples/ folder) under the temp root. */
function copyOf(relative: string): string {
  const dest = fs.mkdtempSync(path.join(tmpRoot, `${path.basename(relative) || 'examples'}-`));
  fs.cpSync(path.join(examplesDir, relative), dest, {
    recursive: true,
    filter: (src) => !LOCAL_STATE.has(path.basename(src)),
  });
  return dest;
}

/** The environment of one run: nothing from this machine's Gemini or git configuration leaks in. */
function isolatedEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const home = fs.mkdtempSync(path.join(tmpRoot, 'home-'));
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: home,
    LANG: 'C.UTF-8',
    NO_COLOR: '1',
    GEMINI_CLI_SYSTEM_SETTINGS_PATH: path.join(tmpRoot, 'absent', 'system-settings.json'),
    GEMINI_CLI_SYSTEM_DEFAULTS_PATH: path.join(tmpRoot, 'absent', 'system-defaults.json'),
    GEMINI_CLI_TRUSTED_FOLDERS_PATH: path.join(home, '.gemini', 'trustedFolders.json'),
    // git-context must not discover a repository above the temp copy (e.g. when TMPDIR is inside one).
    GIT_CEILING_DIRECTORIES: tmpRoot,
    ...extra,
  };
}

function hookrun(args: string[], env: NodeJS.ProcessEnv): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [hookrunBin, ...args], {
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: RUN_TIMEOUT,
  });
}

function makeGitRepo(dir: string, env: NodeJS.ProcessEnv): void {
  const git = (...args: string[]) => {
    const r = spawnSync('git', args, { cwd: dir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${r.stderr}`);
  };
  git('init', '-q');
  // symbolic-ref instead of `init -b`, which older git lacks.
  git('symbolic-ref', 'HEAD', 'refs/heads/hookrun-demo');
  git('add', '-A');
  git('-c', 'user.name=hookrun test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'example: initial commit');
}

function at(value: unknown, dotted: string): unknown {
  let v = value;
  for (const key of dotted.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
const asList = (s: Strings): string[] => (Array.isArray(s) ? s : [s]);

function checkRun(res: SpawnSyncReturns<string>, exp: Expectation, workspace: string): void {
  const context = `exit ${res.status} (signal ${res.signal})\nstdout: ${res.stdout}\nstderr: ${res.stderr}`;
  expect(res.error, context).toBeUndefined();
  expect(res.status, context).toBe(exp.exit);
  const lines = res.stdout.trimEnd().split('\n');
  expect(lines, `stdout must be exactly one line\n${context}`).toHaveLength(1);
  const out = JSON.parse(lines[0] ?? '') as unknown;

  if (exp.stdout) expect(out, context).toEqual(exp.stdout);
  for (const [p, value] of Object.entries(exp.fields ?? {})) expect(at(out, p), `${p}\n${context}`).toEqual(value);
  for (const [p, subs] of Object.entries(exp.includes ?? {})) {
    for (const sub of asList(subs)) expect(asText(at(out, p)), `${p}\n${context}`).toContain(sub);
  }
  for (const [p, subs] of Object.entries(exp.excludes ?? {})) {
    for (const sub of asList(subs)) expect(asText(at(out, p)), `${p}\n${context}`).not.toContain(sub);
  }
  for (const p of exp.absent ?? []) expect(at(out, p), `${p}\n${context}`).toBeUndefined();
  for (const [rel, subs] of Object.entries(exp.files ?? {})) {
    const file = path.join(workspace, rel);
    expect(fs.existsSync(file), `${rel} should exist after the run\n${context}`).toBe(true);
    const text = fs.readFileSync(file, 'utf8');
    for (const sub of subs) expect(text, rel).toContain(sub);
  }
}

/** Path, size and mtime of every file under examples/, to prove the tests wrote nothing there. */
function fingerprint(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => {
      const file = path.join(d.parentPath ?? d.path, d.name);
      const st = fs.statSync(file);
      return `${path.relative(dir, file)} ${st.size} ${st.mtimeMs}`;
    })
    .sort();
}

describe.skipIf(process.platform === 'win32')('examples/', () => {
  let before: string[] = [];

  beforeAll(() => {
    tmpRoot = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookrun-examples-')));
    before = fingerprint(examplesDir);
  });

  afterAll(() => {
    if (tmpRoot) fs.rmSync(tmpRoot, { recursive: true, force: true });
  });

  it('finds the examples, each with a README and an expectation for every sample event', () => {
    expect(exampleNames.length).toBeGreaterThanOrEqual(7);
    for (const name of exampleNames) {
      const dir = path.join(examplesDir, name);
      expect(fs.existsSync(path.join(dir, 'README.md')), `${name}/README.md`).toBe(true);
      expect(fs.existsSync(path.join(dir, 'events', 'expect.json')), `${name}/events/expect.json`).toBe(true);
      const events = fs.readdirSync(path.join(dir, 'events')).filter((f) => f.endsWith('.json') && f !== 'expect.json');
      const expected = new Set(loadCases(name).map((c) => c.eventFile));
      expect([...expected].sort(), `${name}: events/*.json vs events/expect.json`).toEqual(events.sort());
    }
  });

  for (const name of exampleNames) {
    describe(name, () => {
      for (const { eventFile, exp } of loadCases(name)) {
        const title = `${eventFile}${exp.gitRepo ? ' (git repository)' : ''}: ${exp.event} -> exit ${exp.exit}${exp.why ? `, ${exp.why}` : ''}`;
        it.skipIf(exp.gitRepo === true && !hasGit)(
          title,
          () => {
            const workspace = copyOf(name);
            const env = isolatedEnv();
            if (exp.gitRepo) makeGitRepo(workspace, env);
            const res = hookrun(['run', exp.event, '--event-file', path.join(workspace, 'events', eventFile), '-C', workspace, '--trust-workspace', '--quiet'], env);
            checkRun(res, exp, workspace);
          },
          RUN_TIMEOUT,
        );
      }
    });
  }

  it(
    'audit-log: HOOKRUN_AUDIT_LOG redirects the log out of the workspace',
    () => {
      const workspace = copyOf('audit-log');
      const logFile = path.join(tmpRoot, `custom-audit-${Date.now()}.log`);
      const env = isolatedEnv({ HOOKRUN_AUDIT_LOG: logFile });
      for (const event of ['shell-ok.json', 'read-file-error.json']) {
        const res = hookrun(['run', 'AfterTool', '--event-file', path.join(workspace, 'events', event), '-C', workspace, '--trust-workspace', '--quiet'], env);
        expect(res.status, res.stderr).toBe(0);
      }
      const entries = fs
        .readFileSync(logFile, 'utf8')
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(entries.map((e) => [e.event, e.tool, e.ok])).toEqual([
        ['AfterTool', 'run_shell_command', true],
        ['AfterTool', 'read_file', false],
      ]);
      expect(fs.existsSync(path.join(workspace, '.gemini', 'audit.log'))).toBe(false);
    },
    RUN_TIMEOUT,
  );

  describe('agent-loop/agent.sh', () => {
    const agent = (examples: string, args: string[], hookrunCommand: string) =>
      spawnSync('bash', [path.join(examples, 'agent-loop', 'agent.sh'), ...args], {
        env: isolatedEnv({ HOOKRUN: hookrunCommand }),
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: RUN_TIMEOUT,
      });
    // agent.sh splits $HOOKRUN on whitespace: fine for these paths, which contain no spaces.
    const realHookrun = () => `${process.execPath} ${hookrunBin}`;

    it(
      'skips the blocked calls and runs the allowed ones (block-dangerous-shell)',
      () => {
        const examples = copyOf('');
        const res = agent(examples, [], realHookrun());
        const transcript = `${res.stdout}\nstderr: ${res.stderr}`;
        expect(res.status, transcript).toBe(0);
        expect(res.stdout).toMatch(/\] run_shell_command \{"command":"rm -rf \/"[^\n]*\n {4}BLOCKED +skipped; the model is told: [^\n]*whole filesystem/);
        expect(res.stdout).toMatch(/\] run_shell_command \{"command":"curl [^\n]*\n {4}BLOCKED /);
        expect(res.stdout).toMatch(/\] run_shell_command \{"command":"ls -la"[^\n]*\n {4}RUN +run_shell_command \{"command":"ls -la"/);
        expect(res.stdout).toMatch(/\] read_file [^\n]*\n {4}RUN +read_file /);
        expect(res.stdout).toContain('agent: 3 ran, 2 blocked, 0 denied (ask), stopped: no');
      },
      RUN_TIMEOUT,
    );

    it(
      'runs a call with the input a hook rewrote (rewrite-tool-input) and treats ask as denied (ask-before-deploy)',
      () => {
        const examples = copyOf('');
        const calls = path.join(examples, 'calls.tsv');
        fs.writeFileSync(
          calls,
          ['write_file\t{"file_path":"notes.md","content":"hi"}', 'run_shell_command\t{"command":"npm publish"}', 'write_file\t{"file_path":"/etc/hosts","content":"x"}', ''].join(
            '\n',
          ),
        );

        const rewrite = agent(examples, [path.join(examples, 'rewrite-tool-input'), calls], realHookrun());
        expect(rewrite.status, `${rewrite.stdout}\n${rewrite.stderr}`).toBe(0);
        expect(rewrite.stdout).toMatch(
          /REWRITE +a hook changed the input to \{"file_path":"sandbox\/notes.md","content":"hi"\}\n {4}RUN +write_file \{"file_path":"sandbox\/notes.md"/,
        );
        expect(rewrite.stdout).toMatch(/\] write_file \{"file_path":"\/etc\/hosts"[^\n]*\n {4}BLOCKED /);
        expect(rewrite.stdout).toMatch(/RUN +run_shell_command \{"command":"npm publish --dry-run"\}/);

        const ask = agent(examples, [path.join(examples, 'ask-before-deploy'), calls], realHookrun());
        expect(ask.status, `${ask.stdout}\n${ask.stderr}`).toBe(0);
        expect(ask.stdout).toMatch(/\] run_shell_command \{"command":"npm publish"\}\n {4}ASK +ask-before-deploy: [^\n]*\n +no user to ask \(non-interactive\): treated as denied/);
        expect(ask.stdout).toContain('agent: 2 ran, 0 blocked, 1 denied (ask), stopped: no');
      },
      RUN_TIMEOUT,
    );

    it(
      'ends the loop on exit 4 and aborts on exit 1 (stand-in hookrun)',
      () => {
        const examples = copyOf('');
        const fake = path.join(examples, 'fake-hookrun.sh');
        fs.writeFileSync(
          fake,
          [
            'while [ $# -gt 0 ]; do [ "$1" = --tool ] && tool=$2; shift; done',
            'case $tool in',
            '  stop_me) echo \'{"continue":false,"stopReason":"Out of budget"}\'; exit 4 ;;',
            '  broken) echo "hookrun: invalid event" >&2; exit 1 ;;',
            "  *) echo '{}' ;;",
            'esac',
            '',
          ].join('\n'),
        );
        const calls = path.join(examples, 'calls.tsv');

        fs.writeFileSync(calls, 'read_file\t{}\nstop_me\t{}\nnever_reached\t{}\n');
        const stop = agent(examples, ['', calls], `bash ${fake}`);
        expect(stop.status, stop.stderr).toBe(0);
        expect(stop.stdout).toContain('STOP     the agent stops: Out of budget');
        expect(stop.stdout).not.toContain('never_reached');
        expect(stop.stdout).toContain('agent: 1 ran, 0 blocked, 0 denied (ask), stopped: yes');

        fs.writeFileSync(calls, 'read_file\t{}\nbroken\t{}\nnever_reached\t{}\n');
        const error = agent(examples, ['', calls], `bash ${fake}`);
        expect(error.status).toBe(1);
        expect(error.stderr).toContain('ERROR    hookrun failed with exit code 1; aborting');
        expect(error.stdout).not.toContain('never_reached');
      },
      RUN_TIMEOUT,
    );
  });

  it('leaves examples/ untouched', () => {
    expect(fingerprint(examplesDir)).toEqual(before);
  });
});
