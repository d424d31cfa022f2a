// `hookrun validate` never starts a hook and never writes a file (several real processes: slow).
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hookrun } from '../../../helpers/cli.js';
import { loadFixture, type FixtureSandbox } from './fixture-sandbox.js';

let sandbox: FixtureSandbox | undefined;
afterEach(() => sandbox?.cleanup());

describe('hookrun validate: side effects', () => {
  /** Every file under root with its content, mode and modification time. */
  function snapshot(root: string): Record<string, string> {
    const out: Record<string, string> = {};
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        const stat = fs.lstatSync(full);
        if (entry.isDirectory()) {
          out[full] = `dir ${stat.mode} ${stat.mtimeMs}`;
          walk(full);
        } else {
          out[full] = `${stat.mode} ${stat.mtimeMs} ${fs.readFileSync(full, 'base64')}`;
        }
      }
    };
    walk(root);
    return out;
  }

  it('never runs a hook and never writes a file', async () => {
    sandbox = loadFixture('clean');
    const sb = sandbox;
    const marker = path.join(sb.root, 'marker');
    const touch = { type: 'command', command: `touch ${marker}` };
    const events = [
      'BeforeTool',
      'AfterTool',
      'BeforeAgent',
      'AfterAgent',
      'Notification',
      'SessionStart',
      'SessionEnd',
      'PreCompress',
      'BeforeModel',
      'AfterModel',
      'BeforeToolSelection',
    ];
    const settings = { hooks: Object.fromEntries(events.map((event) => [event, [{ hooks: [touch] }]])) };
    fs.writeFileSync(path.join(sb.ws, '.gemini', 'settings.json'), JSON.stringify(settings, null, 2));
    const extension = path.join(sb.root, 'home', '.gemini', 'extensions', 'ext');
    fs.mkdirSync(path.join(extension, 'hooks'), { recursive: true });
    fs.writeFileSync(path.join(extension, 'gemini-extension.json'), '{"name":"ext","version":"1.0.0"}');
    fs.writeFileSync(path.join(extension, 'hooks', 'hooks.json'), JSON.stringify(settings));
    fs.rmSync(path.join(sb.root, 'home', '.gemini', 'trusted_hooks.json'));
    const before = snapshot(sb.root);

    for (const format of ['text', 'sarif']) {
      const result = await hookrun(['validate', '-C', sb.ws, '--format', format], { env: sb.env, cwd: sb.root });
      expect(result.exitCode).toBe(0);
    }
    expect(fs.existsSync(marker)).toBe(false);
    expect(snapshot(sb.root)).toEqual(before);

    // The same configuration does run under `hookrun run`: the check above could have failed.
    await hookrun(['run', 'SessionStart', '-C', sb.ws, '--source', 'startup', '-q'], { env: sb.env });
    expect(fs.existsSync(marker)).toBe(true);
  });
});
