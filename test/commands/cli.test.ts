// The command line as a whole: a run defines only the command it names (src/cli/main.ts), which must not
// change what help, versions, aliases and mistyped commands do.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

const COMMANDS = ['run', 'explain', 'list', 'enable', 'disable', 'enable-all', 'disable-all', 'validate', 'schema', 'test', 'record', 'migrate', 'trust', 'serve'];

let sb: Sandbox;
beforeAll(async () => {
  sb = await makeSandbox();
});
afterAll(() => sb.cleanup());

const cli = (args: string[]) => hookrun(args, { env: sb.env, cwd: sb.ws });

test.each([[['--help']], [['-C', '.', '--help']], [[]]])('%j lists every command', async (args) => {
  const r = await cli(args);
  const help = r.stdout + r.stderr;
  for (const name of COMMANDS) expect(help).toMatch(new RegExp(`^\\s+${name}\\b`, 'm'));
});

test('the top-level help has examples too (every command has some)', async () => {
  const r = await cli(['--help']);
  expect(r.exitCode).toBe(0);
  expect(r.stdout).toMatch(/Examples:\n {2}\$ hookrun run BeforeTool /);
  for (const name of COMMANDS) expect((await cli([name, '--help'])).stdout, name).toContain('Example');
});

test('schema takes --json like every command (its output is JSON already)', async () => {
  const [plain, json] = await Promise.all([cli(['schema', 'report']), cli(['schema', 'report', '--json'])]);
  expect(json.exitCode).toBe(0);
  expect(json.stdout).toBe(plain.stdout);
});

test('a command names its own help, with its options', async () => {
  const r = await cli(['run', '--help']);
  expect(r.exitCode).toBe(0);
  expect(r.stdout).toMatch(/^Usage: hookrun run /m);
  expect(r.stdout).toContain('--hook-trust');
});

test('a mistyped command: exit 1 (bad arguments) and the nearest command suggested', async () => {
  const r = await cli(['valdate']);
  expect(r.exitCode).toBe(1);
  expect(r.stderr).toMatch(/unknown command 'valdate'/);
  expect(r.stderr).toMatch(/Did you mean validate\?/);
});

test('aliases still name their command (enableall = enable-all)', async () => {
  const r = await cli(['enableall', '--help']);
  expect(r.exitCode).toBe(0);
  expect(r.stdout).toMatch(/^Usage: hookrun enable-all\|enableall/m);
});

test('--version', async () => {
  const r = await cli(['--version']);
  expect(r.exitCode).toBe(0);
  expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
});

test('colour: FORCE_COLOR colours the report on stderr (chalk is loaded for it), NO_COLOR wins, a pipe gets plain text', async () => {
  const settings = { hooks: { BeforeTool: [{ hooks: [{ type: 'command', name: 'ok', command: 'true' }] }] } };
  await sb.write(`${sb.ws}/.gemini/settings.json`, JSON.stringify(settings));
  // The sandbox sets NO_COLOR for every other test.
  const { NO_COLOR: _, ...base } = sb.env;
  const run = (env: Record<string, string>) => hookrun(['run', 'BeforeTool', '--tool', 'x', '--trust-workspace', '--hook-trust', 'warn'], { env: { ...base, ...env }, cwd: sb.ws });
  const forced = await run({ FORCE_COLOR: '1' });
  expect(forced.exitCode).toBe(0);
  expect(forced.stderr).toContain('\u001b[32m');
  expect((await run({ FORCE_COLOR: '1', NO_COLOR: '1' })).stderr).not.toContain('\u001b[');
  expect((await run({})).stderr).not.toContain('\u001b[');
});
