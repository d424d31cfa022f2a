// The agent-loop traps validate reports, table-driven: a hook as written (its command, the script it starts,
// its matcher, the folder's trust) → the codes of rules/agent-loop.ts.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateGemini } from '../../../../src/dialects/gemini/validate/validate.js';
import { makeSandbox, type Sandbox } from '../sandbox.js';

let s: Sandbox;
beforeAll(async () => {
  s = await makeSandbox();
  await s.write(path.join(s.workspace, 'hooks', 'confirm.py'), 'import json\nprint(json.dumps({"decision": "ask", "reason": "confirm"}))\n');
  await s.write(path.join(s.workspace, 'hooks', 'deny.sh'), '#!/bin/sh\necho \'{"decision":"deny"}\'\n');
  await fs.chmod(path.join(s.workspace, 'hooks', 'deny.sh'), 0o755);
  await s.write(path.join(s.workspace, 'hooks', 'asks.sh'), '#!/bin/sh\necho "{\\"decision\\": \\"ask\\"}"\n');
  await fs.chmod(path.join(s.workspace, 'hooks', 'asks.sh'), 0o755);
  await s.write(path.join(s.workspace, 'hooks', 'reply.js'), 'const e = JSON.parse(require("fs").readFileSync(0)); console.log(e.prompt_response.length)\n');
});
afterAll(async () => {
  await s.cleanup();
});

const LOOP_CODES = new Set(['ask-hangs-headless', 'precompress-every-request', 'prompt-response-repeats', 'skip-trust-workspace-hooks']);

async function loopFindings(event: string, definition: Record<string, unknown>, env: Record<string, string | undefined> = { GEMINI_CLI_TRUST_WORKSPACE: 'true' }) {
  await s.writeJson(s.workspaceSettings, { hooks: { [event]: [definition] } });
  return validateGemini(s.ctx({ env }))
    .findings.filter((finding) => LOOP_CODES.has(finding.code))
    .map((finding) => finding.code);
}
const hook = (command: string) => ({ hooks: [{ type: 'command', command }] });

describe('ask-hangs-headless: a BeforeTool hook that answers "ask"', () => {
  it.each([
    [`echo '{"decision":"ask"}'`, ['ask-hangs-headless']],
    [`echo "{\\"decision\\": \\"ask\\", \\"reason\\": \\"x\\"}"`, ['ask-hangs-headless']],
    [`jq -n '{decision: "ask"}'`, ['ask-hangs-headless']],
    ['python3 $GEMINI_PROJECT_DIR/hooks/confirm.py', ['ask-hangs-headless']],
    ['$GEMINI_PROJECT_DIR/hooks/asks.sh', ['ask-hangs-headless']],
    ['./hooks/asks.sh --strict', ['ask-hangs-headless']],
    [`echo '{"decision":"deny","reason":"ask the admin"}'`, []],
    ['$GEMINI_PROJECT_DIR/hooks/deny.sh', []],
    ['$GEMINI_PROJECT_DIR/hooks/missing.sh', []],
  ])('%s → %j', async (command, codes) => {
    expect(await loopFindings('BeforeTool', hook(command))).toEqual(codes);
  });

  it('only BeforeTool: an AfterTool hook writing "ask" is not this trap', async () => {
    expect(await loopFindings('AfterTool', hook(`echo '{"decision":"ask"}'`))).toEqual([]);
  });
});

describe('precompress-every-request: a PreCompress hook that runs for trigger "auto"', () => {
  it.each([
    [undefined, ['precompress-every-request']],
    ['', ['precompress-every-request']],
    ['*', ['precompress-every-request']],
    ['auto', ['precompress-every-request']],
    [' auto ', ['precompress-every-request']],
    ['manual', []],
    ['auto|manual', []],
  ])('matcher %j → %j', async (matcher, codes) => {
    expect(await loopFindings('PreCompress', { ...(matcher === undefined ? {} : { matcher }), ...hook('true') })).toEqual(codes);
  });
});

describe('prompt-response-repeats: an AfterAgent hook that reads prompt_response', () => {
  it.each([
    [`jq -r .prompt_response`, ['prompt-response-repeats']],
    ['node $GEMINI_PROJECT_DIR/hooks/reply.js', ['prompt-response-repeats']],
    [`jq -r .prompt`, []],
  ])('%s → %j', async (command, codes) => {
    expect(await loopFindings('AfterAgent', hook(command))).toEqual(codes);
  });
});

describe('skip-trust-workspace-hooks: workspace hooks in a folder that is not trusted', () => {
  it('untrusted (no rule): reported once, at the workspace hooks', async () => {
    expect(await loopFindings('BeforeTool', hook('true'), {})).toEqual(['skip-trust-workspace-hooks']);
  });
  it('trusted: nothing to say', async () => {
    expect(await loopFindings('BeforeTool', hook('true'))).toEqual([]);
  });
  it('under GEMINI_RESTRICTED_MODE=true trust cannot be had at all: untrusted-folder says so instead', async () => {
    expect(await loopFindings('BeforeTool', hook('true'), { GEMINI_RESTRICTED_MODE: 'true' })).toEqual([]);
  });
});
