// Gemini CLI 0.60.0 and later read a system settings or system defaults file only when it and every folder
// above it are owned by root and writable by neither group nor others; hookrun follows that by default and
// says so on stderr, and `--gemini-version 0.59.0` (or HOOKRUN_GEMINI_VERSION) keeps the older reading.
// Real files in real folders: the insecure cases in the temp dir (/tmp is world-writable) or owned by another
// user; the secure ones in a root-owned folder made here, which needs root (chown too).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { systemFileProblem } from '../../../../src/dialects/gemini/settings/system-file.js';
import { SETTLE_MS } from '../../../../src/files/journal.js';
import { type AnswerNews, Session } from '../../../../src/serve/session.js';
import { hookrun, makeSandbox, REPO, type Sandbox } from '../../../helpers/cli.js';

const IS_ROOT = process.getuid?.() === 0;

/** Every folder from `dir` up to `/` owned by root and writable by neither group nor others (checked here on its own, not by the code under test). */
function lockedDown(dir: string): boolean {
  for (let at = dir; ; at = path.dirname(at)) {
    const stat = fs.statSync(at);
    const link = fs.lstatSync(at);
    if (stat.uid !== 0 || link.uid !== 0 || (stat.mode & 0o022) !== 0) return false;
    if (path.dirname(at) === at) return true;
  }
}

/** A root-owned, locked-down folder outside the temp dir to make secure trees in (the home of root, else the repository), or why there is none. */
function secureBase(): { dir?: string; why: string } {
  if (!IS_ROOT) return { why: 'not running as root: a root-owned file, and chown to another user, need root' };
  const dir = [os.homedir(), REPO].find((candidate) => fs.existsSync(candidate) && lockedDown(candidate));
  return dir ? { dir, why: '' } : { why: `neither ${os.homedir()} nor ${REPO} is root-owned and locked down all the way up` };
}

const base = secureBase();
const DENY_HOOK = { hooks: { BeforeTool: [{ hooks: [{ type: 'command', name: 'org-guard', command: 'echo \'{"decision":"deny","reason":"system hook"}\'' }] }] } };
const USER_DENY = { hooks: { BeforeTool: [{ hooks: [{ type: 'command', name: 'user-guard', command: 'echo \'{"decision":"deny","reason":"user hook"}\'' }] }] } };

describe('systemFileProblem, on real files', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookrun-sysfile-')));
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  test('a file that does not exist passes: there is nothing to read', () => {
    expect(systemFileProblem(path.join(tmp, 'absent', 'settings.json'), 'linux')).toBeUndefined();
  });

  test('a file in the temp dir fails, naming what is wrong and where', () => {
    const file = path.join(tmp, 'settings.json');
    fs.writeFileSync(file, '{}');
    const problem = systemFileProblem(file, 'linux');
    // As root the world-writable temp dir (sticky bit and all) is what fails; otherwise the file's owner does.
    const tmpWritable = (fs.statSync(os.tmpdir()).mode & 0o022) !== 0;
    if (IS_ROOT && tmpWritable) expect(problem).toMatch(/the folder \S+ is writable by (group and others|others|its group) \(mode \d{4}\)$/);
    else expect(problem).toMatch(/is owned by uid \d+, not by root \(uid 0\)$/);
  });

  test('Windows is not judged: Gemini CLI checks owners and ACLs there', () => {
    const file = path.join(tmp, 'win.json');
    fs.writeFileSync(file, '{}');
    expect(systemFileProblem(file, 'win32')).toBeUndefined();
  });
});

describe.skipIf(!base.dir)(`systemFileProblem in a root-owned folder${base.dir ? '' : ` (skipped: ${base.why})`}`, () => {
  let root: string;
  const at = (...names: string[]) => path.join(root, ...names);
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(base.dir!, '.hookrun-secure-'));
    fs.mkdirSync(at('etc'), { mode: 0o755 });
    fs.writeFileSync(at('etc', 'settings.json'), '{}', { mode: 0o644 });
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const fresh = (name: string) => {
    fs.mkdirSync(at(name), { mode: 0o755 });
    fs.writeFileSync(at(name, 'settings.json'), '{}', { mode: 0o644 });
    fs.chmodSync(at(name), 0o755);
    return at(name, 'settings.json');
  };

  test('root-owned and locked down all the way up: read', () => {
    expect(systemFileProblem(at('etc', 'settings.json'), 'linux')).toBeUndefined();
  });

  test('a file owned by another user: skipped, naming the file and its owner', () => {
    const file = fresh('other-owner');
    fs.chownSync(file, 1000, 1000);
    expect(systemFileProblem(file, 'linux')).toBe(`the file ${file} is owned by uid 1000, not by root (uid 0)`);
  });

  test('a folder above it that its group or others can write: skipped, naming the folder and its mode', () => {
    const group = fresh('group-writable');
    fs.chmodSync(path.dirname(group), 0o775);
    expect(systemFileProblem(group, 'linux')).toBe(`the folder ${path.dirname(group)} is writable by its group (mode 0775)`);
    const others = fresh('other-writable');
    fs.chmodSync(path.dirname(others), 0o1757);
    expect(systemFileProblem(others, 'linux')).toBe(`the folder ${path.dirname(others)} is writable by others (mode 1757)`);
  });

  test('the file writable by group and others: skipped', () => {
    const file = fresh('writable-file');
    fs.chmodSync(file, 0o666);
    expect(systemFileProblem(file, 'linux')).toBe(`the file ${file} is writable by group and others (mode 0666)`);
  });

  test('a symlink to a secure file is read while the link is root-owned, skipped once it is not', () => {
    const target = fresh('link-target');
    const link = at('etc', 'link.json');
    fs.symlinkSync(target, link);
    expect(systemFileProblem(link, 'linux')).toBeUndefined();
    fs.lchownSync(link, 1000, 1000);
    expect(systemFileProblem(link, 'linux')).toBe(`the symlink ${link} is owned by uid 1000, not by root (uid 0)`);
  });

  test('a root-owned symlink into the temp dir: skipped for where it resolves', () => {
    const outside = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookrun-sysfile-target-')));
    try {
      fs.writeFileSync(path.join(outside, 'settings.json'), '{}');
      const link = at('etc', 'to-tmp.json');
      fs.symlinkSync(path.join(outside, 'settings.json'), link);
      expect(systemFileProblem(link, 'linux')).toMatch(new RegExp(`^it resolves to ${outside}/settings\\.json, and the folder /tmp is writable by`));
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  test('a folder above it that is a symlink owned by another user: skipped, naming the link', () => {
    const file = fresh('linked-folder');
    const linkedDir = at('via-link');
    fs.symlinkSync(path.dirname(file), linkedDir);
    fs.lchownSync(linkedDir, 1000, 1000);
    expect(systemFileProblem(path.join(linkedDir, 'settings.json'), 'linux')).toBe(
      `the folder ${linkedDir} is a symlink, and the symlink ${linkedDir} is owned by uid 1000, not by root (uid 0)`,
    );
  });

  test('a folder where the file should be: skipped, not read', () => {
    fs.mkdirSync(at('etc', 'dir.json'), { mode: 0o755 });
    expect(systemFileProblem(at('etc', 'dir.json'), 'linux')).toBe(`${at('etc', 'dir.json')} is not a regular file`);
  });
});

describe('hookrun run, with a system file in the temp dir (insecure)', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await makeSandbox();
  });
  afterAll(() => sb.cleanup());

  const system = () => sb.env.GEMINI_CLI_SYSTEM_SETTINGS_PATH!;
  const run = (extra: string[] = [], env: Record<string, string> = {}) =>
    hookrun(['run', 'BeforeTool', '--tool', 'run_shell_command', '--tool-input', '{"command":"ls"}', '-C', sb.ws, '--trust-workspace', ...extra], {
      env: { ...sb.env, ...env },
    });

  test('by default its hooks do not run, and stderr says which file and which check (also under --quiet)', async () => {
    await sb.write(system(), JSON.stringify(DENY_HOOK));
    for (const extra of [[], ['--quiet']]) {
      const r = await run(extra);
      expect(r.stdout.trim()).toBe('{}');
      expect(r.exitCode).toBe(0);
      const warning = r.stderr.split('\n').find((line) => line.includes('[system-file-insecure]'));
      expect(warning).toContain(`hookrun: warning: ${system()}: Gemini CLI 0.61.0 skips this system settings file`);
      expect(warning).toMatch(/: the (folder|file) \S+ is (writable by|owned by uid)/);
    }
  });

  test('--gemini-version 0.59.0 (or HOOKRUN_GEMINI_VERSION) reads it anyway, as Gemini CLI 0.59 did', async () => {
    await sb.write(system(), JSON.stringify(DENY_HOOK));
    for (const r of [await run(['--gemini-version', '0.59.0']), await run([], { HOOKRUN_GEMINI_VERSION: '0.59.0' })]) {
      expect(JSON.parse(r.stdout)).toMatchObject({ decision: 'deny', reason: 'system hook' });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).not.toContain('system-file-insecure');
    }
  });

  test('its hooksConfig.enabled: false no longer switches the user hooks off', async () => {
    await sb.write(system(), JSON.stringify({ hooksConfig: { enabled: false } }));
    await sb.write(path.join(sb.home, '.gemini', 'settings.json'), JSON.stringify(USER_DENY));
    try {
      const now = await run(['--quiet']);
      expect(JSON.parse(now.stdout)).toMatchObject({ decision: 'deny', reason: 'user hook' });
      expect(now.exitCode).toBe(2);
      const before = await run(['--quiet', '--gemini-version', '0.59.0']);
      expect(before.stdout.trim()).toBe('{}');
      expect(before.exitCode).toBe(0);
    } finally {
      fs.rmSync(path.join(sb.home, '.gemini', 'settings.json'));
    }
  });

  test('the system defaults file is skipped the same way, and named as such', async () => {
    fs.rmSync(system(), { force: true });
    await sb.write(sb.env.GEMINI_CLI_SYSTEM_DEFAULTS_PATH!, JSON.stringify(DENY_HOOK));
    try {
      const r = await run();
      expect(r.stdout.trim()).toBe('{}');
      expect(r.stderr).toContain(`${sb.env.GEMINI_CLI_SYSTEM_DEFAULTS_PATH}: Gemini CLI 0.61.0 skips this system defaults file`);
    } finally {
      fs.rmSync(sb.env.GEMINI_CLI_SYSTEM_DEFAULTS_PATH!);
    }
  });

  test('a syntax error in a skipped file stops nothing: Gemini CLI never reads it', async () => {
    await sb.write(system(), '{ not json');
    expect((await run()).exitCode).toBe(0);
    expect((await run(['--gemini-version', '0.59.0'])).exitCode).toBe(1);
  });

  test('a session (serve, the library) takes it as its default and per request, as options.geminiVersion', async () => {
    await sb.write(system(), JSON.stringify(DENY_HOOK));
    const env = { ...sb.env, GEMINI_CLI_TRUST_WORKSPACE: 'true' };
    const request = { event: 'BeforeTool', input: { tool_name: 'run_shell_command', tool_input: { command: 'ls' } } };
    expect((await new Session({ cwd: sb.ws, env }).run(request)).exitCode).toBe(0);
    expect((await new Session({ cwd: sb.ws, env, geminiVersion: '0.59.0' }).run(request)).exitCode).toBe(2);
    expect((await new Session({ cwd: sb.ws, env }).run({ ...request, options: { geminiVersion: '0.59.0' } })).exitCode).toBe(2);
    expect(() => new Session({ cwd: sb.ws, env }).run({ ...request, options: { geminiVersion: 59 as never } })).toThrow(/options\.geminiVersion must be a string/);
  });

  test('a --gemini-version that is no release is a usage error', async () => {
    const r = await run(['--gemini-version', 'next']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('--gemini-version must be "latest" or a Gemini CLI release such as 0.56.0 or 0.61.0, got "next"');
  });

  test('validate, explain and list take --gemini-version too', async () => {
    await sb.write(system(), JSON.stringify(DENY_HOOK));
    const validate = (extra: string[]) => hookrun(['validate', '--dialect', 'gemini', '--json', '-C', sb.ws, ...extra], { env: sb.env });
    const codes = async (extra: string[]) => (JSON.parse((await validate(extra)).stdout) as { findings: { code: string }[] }).findings.map((f) => f.code);
    expect(await codes([])).toContain('system-file-insecure');
    expect(await codes(['--gemini-version', '0.59.0'])).not.toContain('system-file-insecure');
    expect((await validate(['--gemini-version', 'soon'])).exitCode).toBe(2);

    const explain = async (extra: string[]) =>
      JSON.parse((await hookrun(['explain', 'BeforeTool', '--tool', 'x', '--json', '-C', sb.ws, '--trust-workspace', ...extra], { env: sb.env })).stdout) as { hooks: unknown[] };
    expect((await explain([])).hooks).toHaveLength(0);
    expect((await explain(['--gemini-version', '0.59.0'])).hooks).toHaveLength(1);

    const list = async (extra: string[]) => (await hookrun(['list', '--json', '-C', sb.ws, '--trust-workspace', ...extra], { env: sb.env })).stdout;
    expect(await list([])).not.toContain('org-guard');
    expect(await list(['--gemini-version', '0.59.0'])).toContain('org-guard');
  });
});

describe.skipIf(!base.dir)(`hookrun run, with a system file in a root-owned folder${base.dir ? '' : ` (skipped: ${base.why})`}`, () => {
  let sb: Sandbox;
  let secure: string;
  let file: string;
  beforeAll(async () => {
    sb = await makeSandbox();
    secure = fs.mkdtempSync(path.join(base.dir!, '.hookrun-secure-'));
    fs.mkdirSync(path.join(secure, 'etc'), { mode: 0o755 });
    file = path.join(secure, 'etc', 'settings.json');
    fs.writeFileSync(file, JSON.stringify(DENY_HOOK), { mode: 0o644 });
  });
  afterAll(async () => {
    await sb.cleanup();
    fs.rmSync(secure, { recursive: true, force: true });
  });

  const env = () => ({ ...sb.env, GEMINI_CLI_SYSTEM_SETTINGS_PATH: file, GEMINI_CLI_TRUST_WORKSPACE: 'true' });
  const run = () => hookrun(['run', 'BeforeTool', '--tool', 'run_shell_command', '--tool-input', '{"command":"ls"}', '-C', sb.ws], { env: env() });

  test('its hooks run, with nothing said; once it belongs to another user, they do not, and stderr says why', async () => {
    const secureRun = await run();
    expect(JSON.parse(secureRun.stdout)).toMatchObject({ decision: 'deny', reason: 'system hook' });
    expect(secureRun.stderr).not.toContain('system-file-insecure');
    fs.chownSync(file, 1000, 1000);
    try {
      const skipped = await run();
      expect(skipped.stdout.trim()).toBe('{}');
      expect(skipped.stderr).toContain(`the file ${file} is owned by uid 1000, not by root (uid 0)`);
    } finally {
      fs.chownSync(file, 0, 0);
    }
  });

  test('a session sees its folder made group-writable at the next request, though the file itself is unchanged', async () => {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS.coarse + 200));
    const session = new Session({ cwd: sb.ws, env: env() });
    const request = { event: 'BeforeTool', input: { tool_name: 'run_shell_command', tool_input: { command: 'ls' } } };
    const ask = async () => {
      const news: AnswerNews = {};
      const answer = await session.run(request, news);
      return { answer, config: news.config };
    };
    expect((await ask()).answer.exitCode).toBe(2);
    expect(await ask()).toMatchObject({ answer: { exitCode: 2 }, config: 'kept' });
    fs.chmodSync(path.dirname(file), 0o775);
    try {
      const after = await ask();
      expect(after.answer).toMatchObject({ exitCode: 0, output: {} });
      expect(after.config).toMatch(/^loaded/);
    } finally {
      fs.chmodSync(path.dirname(file), 0o755);
    }
  });
});
