// The library as a user gets it: `import … from 'hookrun'` resolved through package.json's exports
// (the built dist/index.js and the emitted dist/types), type-checked by tsc and run by Node.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { hookrun, makeSandbox, REPO, type Sandbox, stdoutJson } from '../helpers/cli.js';
import { SETTLE_MS } from '../../src/files/journal.js';

const sandboxes: Sandbox[] = [];
const consumerDir = path.join(REPO, 'test', 'serve', '.consumer');
afterAll(async () => {
  fs.rmSync(consumerDir, { recursive: true, force: true });
  await Promise.all(sandboxes.map((sb) => sb.cleanup()));
});

// Inside the package, so that 'hookrun' resolves to itself through "exports", as it does for a dependent.
const CONSUMER = `import { createSession, planEvent, runEvent, type EventAnswer, type PlanDescription } from 'hookrun';

const [cwd, event] = [process.argv[2]!, JSON.parse(process.argv[3]!) as Record<string, unknown>];
const env = JSON.parse(process.argv[4]!) as Record<string, string>;
const answer: EventAnswer = await runEvent({ event: 'BeforeTool', input: event }, { cwd, env });
const plan: PlanDescription = await planEvent({ event: 'BeforeTool', input: event }, { cwd, env });
const session = createSession({ cwd, env, failClosed: false });
const again = await session.run({ event: 'BeforeTool', input: event, options: { report: true } });
// The verdict is part of the public types: its reason, whichever agent's field carried it.
const reason: string | undefined = answer.verdict?.reason;
void reason;
let error: { name: string; kind: string; exitCode?: number; message: string } | undefined;
try {
  await session.run({ event: 'NoSuchEvent' });
} catch (caught) {
  error = caught as typeof error;
}
await session.idle();
process.stdout.write(JSON.stringify({ answer, hooks: plan.hooks.length, again: { exitCode: again.exitCode, results: again.report?.results.length }, error: { name: error?.name, kind: error?.kind, message: error?.message } }));
`;

test('the public types compile, and the calls answer as `hookrun run` does', { timeout: 240_000 }, async () => {
  fs.mkdirSync(consumerDir, { recursive: true });
  fs.writeFileSync(path.join(consumerDir, 'consumer.mts'), CONSUMER);
  fs.writeFileSync(
    path.join(consumerDir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, rootDir: '.', outDir: 'out', types: ['node'], skipLibCheck: false },
      files: ['consumer.mts'],
    }),
  );
  // A type error (or a type the entry does not export) fails here with tsc's message.
  execFileSync(process.execPath, [path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', consumerDir], { encoding: 'utf8' });

  const sb = await makeSandbox();
  sandboxes.push(sb);
  await sb.write(
    path.join(sb.ws, '.gemini/settings.json'),
    JSON.stringify({ hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: 'echo \'{"decision":"deny","reason":"library"}\'' }] }] } }),
  );
  const env = { ...sb.env, GEMINI_CLI_TRUST_WORKSPACE: 'true' };
  const event = { tool_name: 'run_shell_command', tool_input: { command: 'ls' } };
  const out = execFileSync(process.execPath, [path.join(consumerDir, 'out', 'consumer.mjs'), sb.ws, JSON.stringify(event), JSON.stringify(env)], { env, encoding: 'utf8' });
  const seen = JSON.parse(out);
  const run = await hookrun(['run', 'BeforeTool', '--event', JSON.stringify(event), '-C', sb.ws, '-q'], { env });
  expect(seen.answer).toEqual({ exitCode: run.exitCode, outcome: 'block', output: stdoutJson(run), verdict: { outcome: 'block', reason: 'library', notRun: [] } });
  expect(seen.hooks).toBe(1);
  expect(seen.again).toEqual({ exitCode: 2, results: 1 });
  expect(seen.error).toMatchObject({ name: 'HookrunError', kind: 'usage' });
  expect(seen.error.message).toMatch(/^unknown gemini event "NoSuchEvent"/);
});

test("the built entry exports exactly src/index.ts's functions", async () => {
  const source = await import('../../src/index.js');
  const built = await import(path.join(REPO, 'dist', 'index.js'));
  expect(Object.keys(built).sort()).toEqual(Object.keys(source).sort());
});

// A session keeps what an unchanged settings file validates to; a value it expands from the environment
// is part of that key, so a caller that changes its env object between two events is answered afresh.
test('a session answers from a kept settings file as the environment it expands now says', { timeout: 60_000 }, async () => {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  const settings = path.join(sb.ws, '.gemini/settings.json');
  await sb.write(
    settings,
    JSON.stringify({ hooks: { BeforeTool: [{ matcher: '$HOOKRUN_TEST_TOOL', hooks: [{ type: 'command', command: 'echo \'{"decision":"deny","reason":"expanded"}\'' }] }] } }),
  );
  // Old enough to be kept (src/files/cache.ts never keeps a file changed within SETTLE_MS of its read).
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS.coarse + 200));
  fs.mkdirSync(consumerDir, { recursive: true });
  const script = path.join(consumerDir, 'env-change.mjs');
  fs.writeFileSync(
    script,
    `import { createSession } from 'hookrun';
const [cwd, envJson] = process.argv.slice(2);
const env = JSON.parse(envJson);
const session = createSession({ cwd, env });
const ask = async () => (await session.run({ event: 'BeforeTool', input: { tool_name: 'run_shell_command', tool_input: { command: 'ls' } } })).outcome;
const outcomes = [await ask()];
env.HOOKRUN_TEST_TOOL = 'read_file';
outcomes.push(await ask());
env.HOOKRUN_TEST_TOOL = 'run_shell_command';
outcomes.push(await ask());
process.stdout.write(JSON.stringify(outcomes));
`,
  );
  const env = { ...sb.env, GEMINI_CLI_TRUST_WORKSPACE: 'true', HOOKRUN_TEST_TOOL: 'run_shell_command' };
  const out = execFileSync(process.execPath, [script, sb.ws, JSON.stringify(env)], { env, encoding: 'utf8' });
  expect(JSON.parse(out)).toEqual(['block', 'proceed', 'block']);
});
