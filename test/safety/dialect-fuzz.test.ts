// Property tests (fast-check) for the other dialects, as test/safety/fuzz.test.ts does for Gemini CLI:
// random Claude Code settings and Kiro CLI agents, with real hook processes printing random answers and
// exit codes. Whatever comes in: no crash, and an exit code from the contract (1 only as a clean error).
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { IO } from '../../src/cli/io.js';
import { makeSandbox, type Sandbox } from '../helpers/cli.js';

vi.setConfig({ testTimeout: 120_000 });

// A fixed seed by default (CI checks what the last run checked); FUZZ_SEED=random explores further.
const fuzzSeed = process.env.FUZZ_SEED;
if (fuzzSeed !== 'random') fc.configureGlobal({ seed: fuzzSeed === undefined ? 20261130 : Number(fuzzSeed) });

let sb: Sandbox;
beforeAll(async () => {
  sb = await makeSandbox();
  // main() reads the real process environment: point it at the sandbox (this file runs in its own worker).
  for (const key of Object.keys(process.env)) if (/^(GEMINI_|HOOKRUN_|CLAUDE)/.test(key)) delete process.env[key];
  Object.assign(process.env, sb.env);
});
afterAll(() => sb.cleanup());

async function run(args: string[], answer: string, exit: number): Promise<{ code: number; err: string }> {
  // The hooks print $ANSWER and exit with $EXIT; an environment variable cannot hold NUL.
  process.env.ANSWER = answer.replace(/\0/g, '');
  process.env.EXIT = String(exit);
  let err = '';
  const io: IO = {
    stdout: () => {},
    stderr: (text) => void (err += text),
    stdin: { isTTY: true, read: async () => '' },
    colorStdout: false,
    colorStderr: false,
    withInterrupt: (work) => work(new AbortController().signal),
  };
  return { code: await main(['-C', sb.ws, ...args], io), err };
}

function expectContract({ code, err }: { code: number; err: string }): void {
  expect(err).not.toMatch(/internal error/);
  expect([0, 1, 2, 3, 4]).toContain(code);
  if (code === 1) expect(err).toMatch(/^hookrun: error: /m);
}

/** What the well-formed hooks run: print the answer, exit with the code. */
const COMMAND = `printf '%s' "$ANSWER"; exit $EXIT`;
const answer = fc.oneof(
  fc.json(),
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":{"toString":false}}}',
    '{"decision":"block","reason":{"toString":false}}',
    '{"continue":false,"stopReason":{"toString":false}}',
  ),
);
const exitCode = fc.constantFrom(0, 1, 2, 3, 127);

/** Mostly well-formed hook entries around COMMAND, any field sometimes anything at all. */
const claudeHook = fc.record(
  {
    type: fc.oneof({ weight: 9, arbitrary: fc.constant('command') }, fc.anything()),
    command: fc.oneof({ weight: 9, arbitrary: fc.constant(COMMAND) }, fc.anything()),
    timeout: fc.oneof(fc.integer({ min: -1, max: 5 }), fc.anything()),
  },
  { requiredKeys: ['type', 'command'] },
);
const kiroHook = fc.record(
  {
    command: fc.oneof({ weight: 9, arbitrary: fc.constant(COMMAND) }, fc.anything()),
    matcher: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('*', 'fs_*', 'write') }, fc.constantFrom('@git', 'a|b', '[x', ''), fc.anything()),
    timeout_ms: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 3000 }) }, fc.anything()),
    max_output_size: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 20 }) }, fc.anything()),
    cache_ttl_seconds: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 5 }) }, fc.anything()),
  },
  { requiredKeys: ['command'] },
);

describe('Claude Code: random settings and answers', () => {
  test('the contract holds, in both generations', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'SessionStart', 'PermissionRequest'),
        fc.oneof({ weight: 4, arbitrary: fc.constantFrom('*', '', 'Bash', 'Ba.*') }, fc.constantFrom('[x', 'mcp__a'), fc.anything()),
        fc.array(fc.oneof({ weight: 9, arbitrary: claudeHook }, fc.anything()), { minLength: 1, maxLength: 3 }),
        exitCode,
        answer,
        fc.constantFrom('classic', 'current'),
        async (event, matcher, hooks, exit, text, generation) => {
          fs.mkdirSync(path.join(sb.ws, '.claude'), { recursive: true });
          fs.writeFileSync(path.join(sb.ws, '.claude', 'settings.json'), JSON.stringify({ hooks: { [event]: [{ matcher, hooks }] } }));
          const args = ['run', event, '--dialect', 'claude', '--claude-version', generation, '--tool', 'Bash', '--tool-input', '{"command":"ls"}', '--prompt', 'p'];
          expectContract(await run(args, text, exit));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('Kiro CLI: random agents and answers', () => {
  test('the contract holds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('preToolUse', 'postToolUse', 'agentSpawn', 'userPromptSubmit', 'stop'),
        fc.array(fc.oneof({ weight: 9, arbitrary: kiroHook }, fc.anything()), { minLength: 1, maxLength: 3 }),
        exitCode,
        answer,
        fc.option(fc.anything(), { freq: 5 }),
        async (event, hooks, exit, text, tools) => {
          const agent = { name: 'dev', ...(tools === null ? {} : { tools }), hooks: { [event]: hooks } };
          fs.mkdirSync(path.join(sb.ws, '.kiro', 'agents'), { recursive: true });
          fs.writeFileSync(path.join(sb.ws, '.kiro', 'agents', 'dev.json'), JSON.stringify(agent));
          const args = ['run', event, '--dialect', 'kiro', '--agent', 'dev', '--no-cache', '--tool', 'fs_write', '--tool-input', '{"path":"a"}', '--prompt', 'p'];
          expectContract(await run(args, text, exit));
        },
      ),
      { numRuns: 60 },
    );
  });
});
