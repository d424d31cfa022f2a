// The plan description: where each hook was defined, exactly as the settings file has it, worked out
// only when something reads it (a run that prints no place never parses the file's tree).
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { gemini } from '../../src/dialects/gemini/index.js';
import { describePlan } from '../../src/pipeline/describe.js';
import { loadGeminiConfig } from '../../src/dialects/gemini/settings/load.js';
import type { Location } from '../../src/pipeline/types.js';
import { makeSandbox, type Sandbox } from '../dialects/gemini/sandbox.js';

let s: Sandbox;
beforeEach(async () => {
  s = await makeSandbox();
});
afterEach(() => s.cleanup());

const TRUSTED = { GEMINI_CLI_TRUST_WORKSPACE: 'true' };
const cmd = (command: string) => ({ type: 'command', command });

async function describeFor(toolName: string) {
  const ctx = s.ctx({ env: TRUSTED });
  const input = gemini.completeInput('BeforeTool', { tool_name: toolName, session_id: 's1' }, ctx);
  const config = await loadGeminiConfig(ctx);
  const plan = gemini.plan(config, 'BeforeTool', input);
  return { config, description: describePlan(gemini, config, plan, input, ctx) };
}

/** Counts reads of each location's line and column. */
function countReads(locations: Location[]): { reads: number } {
  const counter = { reads: 0 };
  for (const loc of locations) {
    const line = Object.getOwnPropertyDescriptor(loc, 'line')!;
    const column = Object.getOwnPropertyDescriptor(loc, 'column')!;
    Object.defineProperty(loc, 'line', { get: () => (counter.reads++, line.get ? line.get.call(loc) : line.value) });
    Object.defineProperty(loc, 'column', { get: () => (counter.reads++, column.get ? column.get.call(loc) : column.value) });
  }
  return counter;
}

describe('describePlan: places', () => {
  beforeEach(async () => {
    await s.writeJson(s.workspaceSettings, {
      hooks: {
        BeforeTool: [
          { matcher: 'write_file', hooks: [cmd('w.sh')] },
          { matcher: 'read_file', hooks: [cmd('r.sh'), cmd('r.sh')] },
        ],
      },
    });
  });

  test('JSON has each place where the file has it, in the order the fields always had', async () => {
    const { description } = await describeFor('read_file');
    const json = JSON.parse(JSON.stringify(description));
    expect(json.hooks).toHaveLength(1);
    expect(Object.keys(json.hooks[0])).toEqual([
      'index',
      'name',
      'command',
      'configuredCommand',
      'source',
      'layer',
      'file',
      'line',
      'column',
      'matcher',
      'timeoutMs',
      'envKeys',
      'cwd',
      'matched',
    ]);
    // Where each hook's object opens in the file writeJson wrote (one key or item per line).
    expect(json.hooks[0]).toMatchObject({ name: 'r.sh', file: s.workspaceSettings, line: 16, column: 11 });
    expect(json.skipped).toEqual([
      { name: 'w.sh', reason: 'matcher', detail: expect.any(String), file: s.workspaceSettings, line: 7, column: 11 },
      {
        name: 'r.sh',
        reason: 'duplicate',
        detail: expect.any(String),
        file: s.workspaceSettings,
        line: 20,
        column: 11,
        duplicateOf: { name: 'r.sh', file: s.workspaceSettings, line: 16, column: 11 },
      },
    ]);
  });

  test('no line or column is worked out until read', async () => {
    // No duplicate here: the planner's own message for a duplicate names the place of the hook kept.
    await s.writeJson(s.workspaceSettings, {
      hooks: {
        BeforeTool: [
          { matcher: 'write_file', hooks: [cmd('w.sh')] },
          { matcher: 'read_file', hooks: [cmd('r.sh')] },
        ],
      },
    });
    const ctx = s.ctx({ env: TRUSTED });
    const input = gemini.completeInput('BeforeTool', { tool_name: 'read_file', session_id: 's1' }, ctx);
    const config = await loadGeminiConfig(ctx);
    const counter = countReads(config.entries.map((entry) => entry.location!));
    const description = describePlan(gemini, config, gemini.plan(config, 'BeforeTool', input), input, ctx);
    expect(counter.reads).toBe(0);
    expect(description.skipped[0]!.line).toBe(7);
    expect(counter.reads).toBe(1);
  });
});
