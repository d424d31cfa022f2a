// `hookrun serve --dialect copilot`: one session answers a Copilot event exactly as `hookrun run` does,
// under either spelling of the event, and by a request's own `dialect`.
import path from 'node:path';
import { afterAll, afterEach, expect, test } from 'vitest';
import { hookrun, makeSandbox, stdoutJson, type Sandbox } from '../../helpers/cli.js';
import { ServeClient } from '../../serve/client.js';

const sandboxes: Sandbox[] = [];
const clients: ServeClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.kill();
});
afterAll(() => Promise.all(sandboxes.map((sb) => sb.cleanup())));

test('a copilot preToolUse: the same output, exit code and outcome as run', async () => {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  sb.env.HOOKRUN_COPILOT_POLICY_DIR = path.join(sb.root, 'policy.d');
  await sb.write(
    path.join(sb.ws, '.github/hooks/guard.json'),
    JSON.stringify({ version: 1, hooks: { preToolUse: [{ bash: `case "$(cat)" in *rm*) echo '{"permissionDecision":"deny","permissionDecisionReason":"no rm"}';; esac` }] } }),
  );
  const input = { toolName: 'bash', toolArgs: { command: 'rm -rf /' } };
  const run = await hookrun(['run', 'preToolUse', '--dialect', 'copilot', '--event', JSON.stringify(input), '--trust-workspace', '-q', '-C', sb.ws], { env: sb.env });
  expect(run.exitCode, run.stderr).toBe(2);

  const client = new ServeClient(['-C', sb.ws, '--dialect', 'copilot', '--trust-workspace'], { env: sb.env });
  clients.push(client);
  for (const event of ['preToolUse', 'PreToolUse']) {
    const { result } = await client.call('run', { event, input });
    expect(result).toEqual({ exitCode: 2, outcome: 'block', output: stdoutJson(run), verdict: { outcome: 'block', reason: 'no rm', notRun: [] } });
  }
  const other = new ServeClient(['-C', sb.ws, '--trust-workspace'], { env: sb.env });
  clients.push(other);
  const byRequest = await other.call('run', { event: 'preToolUse', dialect: 'copilot', input: { ...input, toolArgs: { command: 'ls' } } });
  expect(byRequest.result).toEqual({ exitCode: 0, outcome: 'proceed', output: {}, verdict: { outcome: 'proceed', notRun: [] } });
  client.end();
  expect(await client.exited).toEqual({ code: 0, signal: null });
});
