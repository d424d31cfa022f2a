// Cases whose expected output Gemini CLI's own code produced (shared/conformance), replayed
// black-box through `hookrun run` as the conformance README describes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox, stdoutJson } from '../helpers/cli.js';

interface Case {
  id: string;
  about: string;
  event: string;
  input: Record<string, unknown>;
  settings: { workspace?: unknown; user?: unknown; system?: unknown };
  scripts?: Record<string, string>;
  output: unknown;
  exit: number;
}

const cases: Case[] = JSON.parse(readFileSync(path.join(import.meta.dirname, 'gemini-cases.json'), 'utf8'));
const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((s) => s.cleanup())));

describe.concurrent('Gemini CLI conformance', () => {
  test.each(cases.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    const sb = await makeSandbox();
    sandboxes.push(sb);
    const { workspace, user, system } = c.settings;
    if (workspace !== undefined) await sb.write(path.join(sb.ws, '.gemini/settings.json'), JSON.stringify(workspace));
    if (user !== undefined) await sb.write(path.join(sb.home, '.gemini/settings.json'), JSON.stringify(user));
    if (system !== undefined) await sb.write(sb.env.GEMINI_CLI_SYSTEM_SETTINGS_PATH!, JSON.stringify(system));
    for (const [name, content] of Object.entries(c.scripts ?? {})) {
      await sb.write(path.join(sb.ws, 'hooks', name), content, 0o755);
    }
    const result = await hookrun(['run', c.event, '--event', JSON.stringify(c.input), '--cwd', sb.ws, '--quiet'], {
      env: { ...sb.env, GEMINI_CLI_TRUST_WORKSPACE: 'true' },
    });
    expect(result.stderr, c.about).toBe('');
    expect(stdoutJson(result), c.about).toEqual(c.output);
    expect(result.exitCode, c.about).toBe(c.exit);
  });
});
