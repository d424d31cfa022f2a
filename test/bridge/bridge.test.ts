// `hookrun bridge <host>` as a user meets it: the plugin file it writes into a real temp project (or home), and
// `--remove` leaving the tree exactly as it found it, byte for byte, whatever was there before. A file in the
// way, or a plugin edited since, is never overwritten or deleted unasked.
import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { renderPlugin } from '../../src/bridge/render.js';
import { HOST_NAMES, loadHost } from '../../src/hosts/index.js';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((sb) => sb.cleanup())));
async function sandbox(): Promise<Sandbox> {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  return sb;
}

/** Every path under `dir` with its mode and content: what "byte for byte" compares. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of await readdir(dir, { recursive: true })) {
    const file = path.join(dir, name);
    const info = await stat(file);
    out[name] = info.isDirectory() ? `dir ${info.mode.toString(8)}` : `${info.mode.toString(8)} ${await readFile(file, 'latin1')}`;
  }
  return out;
}

const FOLDERS = { opencode: '.opencode/plugins/hookrun-bridge.js', pi: '.pi/extensions/hookrun-bridge.ts', kilo: '.kilo/plugins/hookrun-bridge.js' } as const;

describe.each(HOST_NAMES)('hookrun bridge %s', (host) => {
  test('writes one plugin into the project, says what it forwards, and --remove restores the tree exactly', async () => {
    const sb = await sandbox();
    // Something of the user's already in the host's folder, and a file with no trailing newline beside it.
    const theirs = path.join(sb.ws, path.dirname(path.dirname(FOLDERS[host])), 'settings.json');
    await sb.write(theirs, '{"theirs": true}');
    const before = await snapshot(sb.ws);

    const wrote = await hookrun(['bridge', host], { env: sb.env, cwd: sb.ws });
    expect(wrote.stderr).toBe('');
    expect(wrote.exitCode).toBe(0);
    expect(wrote.stdout).toContain(`Wrote ${FOLDERS[host]}`);
    expect(wrote.stdout).toMatch(/→ PreToolUse/);
    const text = await readFile(path.join(sb.ws, FOLDERS[host]), 'utf8');
    expect(text.split('\n')[1]).toMatch(/^\/\/ hookrun-bridge: \{"host":"[a-z]+","created":1,/);
    // Self-contained: node: builtins only, the configuration filled in, the runtime's exports gone.
    expect([...text.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]).every((from) => from?.startsWith('node:'))).toBe(true);
    expect(text).toContain('"serveArgs": [\n    "--dialect",\n    "claude"\n  ]');
    expect(text).not.toMatch(/^export (const CONFIG|function startBridge)/m);

    const again = await hookrun(['bridge', host], { env: sb.env, cwd: sb.ws });
    expect(again.stdout).toContain('is up to date; nothing written');

    const removed = await hookrun(['bridge', host, '--remove'], { env: sb.env, cwd: sb.ws });
    expect(removed.exitCode).toBe(0);
    expect(await snapshot(sb.ws)).toEqual(before);
    const twice = await hookrun(['bridge', host, '--remove'], { env: sb.env, cwd: sb.ws });
    expect([twice.exitCode, twice.stdout]).toEqual([0, `No bridge at ${FOLDERS[host]}; nothing removed.\n`]);
  });
});

describe('hookrun bridge: what it never does', () => {
  test('a file of the same name that the bridge did not write is left as it is (exit 1, both ways)', async () => {
    const sb = await sandbox();
    const mine = await sb.write(path.join(sb.ws, '.opencode/plugins/hookrun-bridge.js'), 'export const Mine = async () => ({});\n');
    for (const args of [
      ['bridge', 'opencode'],
      ['bridge', 'opencode', '--remove', '--force'],
    ]) {
      const result = await hookrun(args, { env: sb.env, cwd: sb.ws });
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain(`${mine} `);
      expect(result.stderr).toContain('was not written by `hookrun bridge opencode`');
      expect(await readFile(mine, 'utf8')).toBe('export const Mine = async () => ({});\n');
    }
  });

  test('a plugin edited since it was written is neither replaced nor removed unless --force', async () => {
    const sb = await sandbox();
    await hookrun(['bridge', 'pi'], { env: sb.env, cwd: sb.ws });
    const file = path.join(sb.ws, FOLDERS.pi);
    const edited = `${await readFile(file, 'utf8')}// my change\n`;
    await writeFile(file, edited);
    const rewrite = await hookrun(['bridge', 'pi', '--fail-closed'], { env: sb.env, cwd: sb.ws });
    expect([rewrite.exitCode, rewrite.stderr]).toEqual([1, expect.stringContaining('was edited after `hookrun bridge` wrote it')]);
    const remove = await hookrun(['bridge', 'pi', '--remove'], { env: sb.env, cwd: sb.ws });
    expect(remove.exitCode).toBe(1);
    expect(await readFile(file, 'utf8')).toBe(edited);
    const forced = await hookrun(['bridge', 'pi', '--remove', '--force'], { env: sb.env, cwd: sb.ws });
    expect(forced.exitCode).toBe(0);
    expect(await readdir(sb.ws)).toEqual([]);
  });

  test('a folder the user filled since the bridge created it stays, with its parents', async () => {
    const sb = await sandbox();
    await hookrun(['bridge', 'kilo'], { env: sb.env, cwd: sb.ws });
    await sb.write(path.join(sb.ws, '.kilo/plugins/other.js'), 'export {};\n');
    const removed = await hookrun(['bridge', 'kilo', '--remove'], { env: sb.env, cwd: sb.ws });
    expect(removed.stdout).toBe(`Removed ${FOLDERS.kilo}.\n`);
    expect(await snapshot(sb.ws)).toEqual({
      '.kilo': expect.stringMatching(/^dir /),
      '.kilo/plugins': expect.stringMatching(/^dir /),
      '.kilo/plugins/other.js': expect.stringContaining('export {};'),
    });
  });

  test('--dry-run writes and removes nothing; --fail-closed and --dialect reach the plugin; a changed setting updates it', async () => {
    const sb = await sandbox();
    const dry = await hookrun(['bridge', 'opencode', '--dry-run'], { env: sb.env, cwd: sb.ws });
    expect(dry.stdout).toMatch(/^Would have written \.opencode\/plugins\/hookrun-bridge\.js/);
    expect(await readdir(sb.ws)).toEqual([]);
    await hookrun(['bridge', 'opencode', '--dialect', 'gemini'], { env: sb.env, cwd: sb.ws });
    const updated = await hookrun(['bridge', 'opencode', '--dialect', 'gemini', '--fail-closed', '--json'], { env: sb.env, cwd: sb.ws });
    const report = JSON.parse(updated.stdout);
    expect(report).toMatchObject({ action: 'updated', dialect: 'gemini', forwarded: { 'tool.execute.before': 'BeforeTool', 'tool.execute.after': 'AfterTool' } });
    const text = await readFile(path.join(sb.ws, FOLDERS.opencode), 'utf8');
    expect(text).toContain('"failClosed": true');
    expect(text).toContain('"name": "run_shell_command"');
    const dryRemove = await hookrun(['bridge', 'opencode', '--remove', '--dry-run'], { env: sb.env, cwd: sb.ws });
    expect(dryRemove.stdout).toMatch(/^Would have removed/);
    expect(await readFile(path.join(sb.ws, FOLDERS.opencode), 'utf8')).toBe(text);
  });

  test("--user writes into the user's folder: ~/.config/opencode ($XDG_CONFIG_HOME), ~/.pi/agent ($PI_CODING_AGENT_DIR)", async () => {
    const sb = await sandbox();
    const opencode = await hookrun(['bridge', 'opencode', '--user'], { env: sb.env, cwd: sb.ws });
    expect(opencode.stdout).toContain(`Wrote ${path.join(sb.home, '.config/opencode/plugins/hookrun-bridge.js')}`);
    expect(opencode.stdout).not.toContain('hookrun trust');
    const piDir = path.join(sb.root, 'pi-agent');
    const pi = await hookrun(['bridge', 'pi', '--user'], { env: { ...sb.env, PI_CODING_AGENT_DIR: piDir }, cwd: sb.ws });
    expect(pi.stdout).toContain(`Wrote ${path.join(piDir, 'extensions/hookrun-bridge.ts')}`);
    expect(await readdir(sb.ws)).toEqual([]);
  });

  test('a dangling symbolic link at the plugin path is refused: writing would create its target outside the project', async () => {
    const sb = await sandbox();
    await mkdir(path.join(sb.ws, '.opencode/plugins'), { recursive: true });
    await symlink(path.join(sb.root, 'elsewhere/deep/x.js'), path.join(sb.ws, FOLDERS.opencode));
    const result = await hookrun(['bridge', 'opencode'], { env: sb.env, cwd: sb.ws });
    expect([result.exitCode, result.stderr]).toEqual([1, expect.stringContaining('is a symbolic link to a file that does not exist')]);
    expect(await readdir(sb.root)).not.toContain('elsewhere');
  });

  test("a plugin that comes back from git with CRLF line ends is still the bridge's: --remove takes it", async () => {
    const sb = await sandbox();
    await hookrun(['bridge', 'opencode'], { env: sb.env, cwd: sb.ws });
    const file = path.join(sb.ws, FOLDERS.opencode);
    await writeFile(file, (await readFile(file, 'utf8')).replaceAll('\n', '\r\n'));
    const removed = await hookrun(['bridge', 'opencode', '--remove'], { env: sb.env, cwd: sb.ws });
    expect([removed.exitCode, removed.stderr]).toEqual([0, '']);
    expect(await readdir(sb.ws)).toEqual([]);
  });

  test('--user under a HOME that does not exist yet: --remove takes away every folder the bridge made', async () => {
    const sb = await sandbox();
    const env = { ...sb.env, HOME: path.join(sb.root, 'new/home') };
    const wrote = await hookrun(['bridge', 'pi', '--user'], { env, cwd: sb.ws });
    expect(wrote.stdout).toContain('(and the 5 folders it is in)');
    const dry = await hookrun(['bridge', 'pi', '--user', '--remove', '--dry-run'], { env, cwd: sb.ws });
    expect(dry.stdout).toContain(`and the folders the bridge created: ${path.join(sb.root, 'new/home/.pi/agent/extensions')}`);
    await hookrun(['bridge', 'pi', '--user', '--remove'], { env, cwd: sb.ws });
    expect(await readdir(sb.root)).not.toContain('new');
  });

  test('a project bridge and a user bridge for one host: the second to be written says the host loads both', async () => {
    const sb = await sandbox();
    await hookrun(['bridge', 'opencode', '--user'], { env: sb.env, cwd: sb.ws });
    const project = await hookrun(['bridge', 'opencode'], { env: sb.env, cwd: sb.ws });
    expect(project.stdout).toContain(`Note: ${path.join(sb.home, '.config/opencode/plugins/hookrun-bridge.js')} is a bridge too; OpenCode loads both`);
  });

  test("a $ in hookrun's own path stays a character of the plugin's configuration, which still parses", async () => {
    const host = await loadHost('opencode');
    const text = renderPlugin(host, { dialect: 'claude', failClosed: false, hookrun: ['/usr/bin/node', "/opt/q$'x$&$$/bin/hookrun.js"] }, 0);
    expect(text).toContain(`"/opt/q$'x$&$$/bin/hookrun.js"`);
    const sb = await sandbox();
    const file = await sb.write('plugin.mjs', text);
    expect(() => execFileSync(process.execPath, ['--check', file])).not.toThrow();
  });

  test('bad arguments are usage errors (exit 1) that name the choice', async () => {
    const sb = await sandbox();
    const host = await hookrun(['bridge', 'vim'], { env: sb.env, cwd: sb.ws });
    expect([host.exitCode, host.stderr]).toEqual([1, expect.stringContaining('unknown host "vim": choose opencode, pi, kilo')]);
    const both = await hookrun(['bridge', 'pi', '--remove', '--fail-closed'], { env: sb.env, cwd: sb.ws });
    expect([both.exitCode, both.stderr]).toEqual([1, expect.stringContaining('--remove takes none')]);
    const force = await hookrun(['bridge', 'pi', '--force'], { env: sb.env, cwd: sb.ws });
    expect([force.exitCode, force.stderr]).toEqual([1, expect.stringContaining('--force goes with --remove')]);
    const dialect = await hookrun(['bridge', 'pi', '--dialect', 'vim'], { env: sb.env, cwd: sb.ws });
    expect(dialect.exitCode).toBe(1);
    expect(dialect.stderr).toContain('vim');
  });
});
