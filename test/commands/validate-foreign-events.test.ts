// Codex, Cursor and Copilot name another agent's event, and say a timeout looks like milliseconds, by the
// one cross-agent check (src/migrate/cross-agent.ts over src/migrate/vocabulary.ts), as Claude, Antigravity
// and Kiro CLI 3 do: through the real CLI, every other agent's event name in one file, and the fix each
// finding gives is the vocabulary's name for that moment (the three loaders kept tables of their own that
// disagreed with it, e.g. Antigravity's PreInvocation, a model call, renamed to a prompt event).
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { getDialect } from '../../src/dialects/index.js';
import { foreignEvent } from '../../src/migrate/cross-agent.js';
import { foreignEventNames } from '../../src/migrate/lookup.js';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((sb) => sb.cleanup())));

type Finding = { code: string; message: string; fix?: string; location?: { path: (string | number)[] } };
type Agent = 'codex' | 'cursor' | 'copilot';

const LAYOUT: Record<Agent, { file: string; code: string; timeoutCode: string; write(hooks: Record<string, unknown[]>): string; entry(timeout?: number): unknown }> = {
  codex: {
    file: 'ws/.codex/hooks.json',
    code: 'codex-unknown-event',
    timeoutCode: 'codex-timeout-looks-like-ms',
    write: (hooks) => JSON.stringify({ hooks }),
    entry: (timeout) => ({ hooks: [{ type: 'command', command: 'true', ...(timeout ? { timeout } : {}) }] }),
  },
  cursor: {
    file: 'ws/.cursor/hooks.json',
    code: 'cursor-unknown-event',
    timeoutCode: 'cursor-timeout-looks-like-ms',
    write: (hooks) => JSON.stringify({ version: 1, hooks }),
    entry: (timeout) => ({ command: 'true', ...(timeout ? { timeout } : {}) }),
  },
  copilot: {
    file: 'ws/.github/hooks/h.json',
    code: 'copilot-unknown-event',
    timeoutCode: 'copilot-timeout-ms',
    write: (hooks) => JSON.stringify({ version: 1, hooks }),
    entry: (timeout) => ({ bash: 'true', ...(timeout ? { timeoutSec: timeout } : {}) }),
  },
};

async function validate(agent: Agent, hooks: Record<string, unknown[]>): Promise<Finding[]> {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  await sb.write(LAYOUT[agent].file, LAYOUT[agent].write(hooks));
  const r = await hookrun(['validate', '--dialect', agent, '--json', '-C', sb.ws], { env: { ...sb.env, HOOKRUN_COPILOT_POLICY_DIR: path.join(sb.root, 'policy.d') } });
  return (JSON.parse(r.stdout) as { findings: Finding[] }).findings;
}

describe.concurrent.each(['codex', 'cursor', 'copilot'] as const)('%s', (agent) => {
  test("every other agent's event name: the finding names the vocabulary's event for that moment, and no other", async () => {
    // Copilot's PascalCase aliases are its own events, though the vocabulary writes only the camelCase names.
    const own = (await getDialect(agent)).events;
    const names = [...foreignEventNames(agent).keys()].filter((name) => !own.includes(name));
    const findings = await validate(agent, Object.fromEntries(names.map((name) => [name, [LAYOUT[agent].entry()]])));
    const byKey = new Map(findings.filter((f) => f.code === LAYOUT[agent].code).map((f) => [String(f.location?.path.at(-1)), f]));
    for (const name of names) {
      const finding = byKey.get(name);
      expect(finding, name).toBeDefined();
      const here = foreignEvent(agent, name)?.here;
      const renames = [...(finding!.fix ?? '').matchAll(/"([A-Za-z]+)"/g)].map((m) => m[1]).filter((n) => n !== name);
      if (here !== undefined) expect(renames, name).toEqual([here]);
      else expect(renames, `${name}: no event of ${agent} is that moment`).toEqual([]);
    }
  });

  test('a timeout of 1000 seconds or more looks like milliseconds; 999 does not', async () => {
    const event = { codex: 'PreToolUse', cursor: 'beforeShellExecution', copilot: 'preToolUse' }[agent];
    const findings = await validate(agent, { [event]: [LAYOUT[agent].entry(999), LAYOUT[agent].entry(5000)] });
    const traps = findings.filter((f) => f.code === LAYOUT[agent].timeoutCode);
    expect(traps).toHaveLength(1);
    expect(traps[0]!.message).toContain('5000');
    expect(traps[0]!.fix).toMatch(/\b5\b/);
  });
});
