// GEMINI_PLANS_DIR is settled once per run (and session), as Gemini settles it once per session:
// the project-id lookup behind it reads Gemini's state files, and must not be repeated per hook.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import type { Context } from '../../../src/pipeline/context.js';
import { gemini } from '../../../src/dialects/gemini/index.js';
import type { PlannedHook, ResolvedConfig } from '../../../src/pipeline/types.js';
import { tempDir } from '../../helpers/hooks.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function config(): ResolvedConfig {
  return { dialect: 'gemini', hooksEnabled: true, trust: { trusted: true, by: 'flag' }, entries: [], diagnostics: [], files: [], merged: {} };
}

const hook = (name: string): PlannedHook => ({
  index: 0,
  entry: {
    event: 'BeforeTool',
    config: { type: 'command', command: 'echo $GEMINI_PLANS_DIR', name },
    source: 'project',
    layer: 'workspace',
    matcher: undefined,
    sequential: undefined,
    enabled: true,
    displayName: name,
  },
});

test('each hook of a run gets the plans dir looked up at its first hook; the next run looks again', () => {
  const home = tempDir();
  dirs.push(home);
  const ws = path.join(home, 'work', 'my-app');
  fs.mkdirSync(ws, { recursive: true });
  const ctx: Context = { cwd: ws, env: { HOME: home }, platform: 'linux', now: () => new Date(0) };
  const input = { session_id: 's1', cwd: ws };
  const projects = path.join(home, '.gemini', 'projects.json');
  fs.mkdirSync(path.dirname(projects), { recursive: true });
  fs.writeFileSync(projects, JSON.stringify({ projects: { [ws]: 'first-id' } }));

  const run = config();
  const first = gemini.invocation(hook('a'), input, run, ctx);
  expect(first.env.GEMINI_PLANS_DIR).toBe(path.join(home, '.gemini', 'tmp', 'first-id', 's1', 'plans'));
  fs.writeFileSync(projects, JSON.stringify({ projects: { [ws]: 'second-id' } }));
  expect(gemini.invocation(hook('b'), input, run, ctx).env.GEMINI_PLANS_DIR).toBe(first.env.GEMINI_PLANS_DIR);

  const next = gemini.invocation(hook('a'), input, config(), ctx);
  expect(next.env.GEMINI_PLANS_DIR).toBe(path.join(home, '.gemini', 'tmp', 'second-id', 's1', 'plans'));
  expect(gemini.invocation(hook('a'), { ...input, session_id: 's2' }, run, ctx).env.GEMINI_PLANS_DIR).toBe(path.join(home, '.gemini', 'tmp', 'second-id', 's2', 'plans'));
});
