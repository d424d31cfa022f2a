// The command line as a whole: a run defines only the command it names (src/cli.ts), which must not
// change what help, versions, aliases and mistyped commands do.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

const COMMANDS = ['run', 'explain', 'list', 'enable', 'disable', 'enable-all', 'disable-all', 'validate', 'schema', 'test', 'record', 'migrate', 'trust'];

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
