// --fail-closed, pure: which results count as "failed to answer", and the output that follows.
import { describe, expect, it } from 'vitest';
import { applyFailClosed, hookFailure } from '../../src/pipeline/fail-closed.js';
import { geminiFailClosed } from '../../src/dialects/gemini/fail-closed.js';
import { getDialect, DIALECT_NAMES } from '../../src/dialects/index.js';
import type { HookResult, ProcessOutcome, RegistryEntry, ResolvedConfig } from '../../src/pipeline/types.js';

const config = { dialect: 'gemini' } as ResolvedConfig;

const entry = (name: string): RegistryEntry => ({
  event: 'BeforeTool',
  config: { type: 'command', command: name },
  source: 'project',
  layer: 'workspace',
  matcher: undefined,
  sequential: undefined,
  enabled: true,
  displayName: name,
});

function result(over: Partial<HookResult> = {}, proc: Partial<ProcessOutcome> = {}, name = 'h'): HookResult {
  return {
    index: 0,
    entry: entry(name),
    command: name,
    input: {},
    success: true,
    exitCode: 0,
    durationMs: 1,
    process: {
      stdout: '',
      stderr: '',
      exitCode: 0,
      signal: null,
      timedOut: false,
      stdoutTruncated: false,
      stderrTruncated: false,
      durationMs: 1,
      killed: false,
      ...proc,
    },
    ...over,
  };
}

describe('hookFailure', () => {
  it.each([
    ['exit 0, no output', result(), undefined],
    ['exit 0, JSON', result({ output: {}, outputFormat: 'json' }), undefined],
    ['exit 2 with a JSON answer (it answered)', result({ success: false, exitCode: 2, output: { decision: 'allow' }, outputFormat: 'json' }, { exitCode: 2 }), undefined],
    ['exit 2 with plain text (already a deny)', result({ success: false, exitCode: 2, output: { decision: 'deny' }, outputFormat: 'text' }, { exitCode: 2 }), undefined],
    ['exit 1, no output', result({ success: false, exitCode: 1 }, { exitCode: 1 }), 'exited with code 1 and no output'],
    ['exit 3, no output', result({ success: false, exitCode: 3 }, { exitCode: 3 }), 'exited with code 3 and no output'],
    [
      'exit 1 with plain text (the agent would allow)',
      result({ success: false, exitCode: 1, output: {}, outputFormat: 'text' }, { exitCode: 1 }),
      /exited with code 1 and plain text/,
    ],
    ['killed by a signal', result({ success: false }, { exitCode: null, signal: 'SIGSEGV' }), 'was killed by SIGSEGV'],
    ['timed out', result({ success: false, error: 'Hook timed out after 500ms' }, { timedOut: true, exitCode: null, signal: 'SIGTERM' }), 'timed out after 500 ms'],
    [
      'could not start',
      result({ success: false, error: 'cannot start "bash": x' }, { exitCode: null, spawnError: 'cannot start "bash": x' }),
      'could not start: cannot start "bash": x',
    ],
    ['held back', result({ success: false, error: 'held back by hookrun: …', heldBack: true, process: undefined }), 'was held back: it is not trusted'],
    ['output cut', result({ success: false, error: "stdout exceeded hookrun's capture limit" }, { stdoutTruncated: true }), /capture limit/],
  ])('%s', (_name, r, expected) => {
    const why = hookFailure(geminiFailClosed, 'BeforeTool', r);
    if (expected instanceof RegExp) expect(why).toMatch(expected);
    else expect(why).toBe(expected);
  });
});

describe('applyFailClosed', () => {
  const failed = result({ success: false, exitCode: 1, index: 1 }, { exitCode: 1 }, 'guard');

  it('no failure: the output is untouched', () => {
    const output = { decision: 'allow' };
    expect(applyFailClosed([result()], output, 'BeforeTool', geminiFailClosed, config)).toEqual({ failures: [], applied: false, output });
  });

  it('a failure blocks, naming the hook; reasons of answering hooks are kept first', () => {
    const r = applyFailClosed([result(), failed], { continue: true, decision: 'allow', reason: 'ok' }, 'BeforeTool', geminiFailClosed, config);
    expect(r.applied).toBe(true);
    expect(r.output).toEqual({
      continue: true,
      decision: 'block',
      reason: 'ok\nhookrun --fail-closed: hook "guard" exited with code 1 and no output',
    });
    expect(r.failures).toEqual([{ index: 1, name: 'guard', why: 'exited with code 1 and no output' }]);
  });

  it('no output at all (every hook failed): a block of its own', () => {
    expect(applyFailClosed([failed], undefined, 'BeforeModel', geminiFailClosed, config).output).toEqual({
      decision: 'block',
      reason: 'hookrun --fail-closed: hook "guard" exited with code 1 and no output',
    });
  });

  it('continue:false already stops the agent: kept as is', () => {
    const output = { continue: false, stopReason: 'stop' };
    expect(applyFailClosed([failed], output, 'BeforeTool', geminiFailClosed, config)).toMatchObject({ applied: true, output });
  });

  it('an event that cannot be blocked: reported, not applied', () => {
    const r = applyFailClosed([failed], undefined, 'SessionStart', geminiFailClosed, config);
    expect(r).toMatchObject({ applied: false, output: undefined });
    expect(r.note).toMatch(/SessionStart cannot be blocked/);
  });
});

// The block a dialect adds must be one its own outcome rule reads as a block: otherwise --fail-closed
// would say "applied" and exit 0 (as it did for Claude Code and Kiro, whose blocks are not Gemini's).
describe.each(DIALECT_NAMES)('%s: every fail-closed block is a block', (name) => {
  it('for every event the dialect can block, and no block where it cannot', async () => {
    const dialect = await getDialect(name);
    const cfg = { dialect: name, claude: { profile: { generation: 'current' } } } as unknown as ResolvedConfig;
    let blockable = 0;
    for (const event of dialect.events) {
      const blocked = dialect.failClosed.block(event, undefined, ['hookrun --fail-closed: hook "x" failed'], cfg);
      if (blocked === undefined) continue;
      blockable++;
      expect([event, dialect.outcome(event, blocked)]).toEqual([event, 'block']);
    }
    expect(blockable).toBeGreaterThan(0);
    expect(blockable).toBeLessThan(dialect.events.length);
  });
});
