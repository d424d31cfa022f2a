// `hookrun record` / `--stop` / `test --from-captures` end to end, against real settings files.
import { existsSync } from 'node:fs';
import { chmod, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox, stdoutJson } from '../helpers/cli.js';

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((s) => s.cleanup())));

const COMMENTED = `{
\t// Team settings: keep the comments!
\t"general": { "vimMode": true }, /* inline block comment */
\t"hooks": {
\t\t"BeforeTool": [
\t\t\t{ "matcher": "run_shell_command", "hooks": [ { "type": "command", "name": "deny-all", "command": "echo '{\\"decision\\":\\"deny\\",\\"reason\\":\\"no\\"}'" } ] } // ours
\t\t]
\t}
}
`;

async function workspace(settings?: string): Promise<{ sb: Sandbox; file: string }> {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  const file = path.join(sb.ws, '.gemini', 'settings.json');
  if (settings !== undefined) {
    await sb.write(file, settings);
    await chmod(file, 0o640);
  }
  return { sb, file };
}

const trusted = (sb: Sandbox) => ({ ...sb.env, GEMINI_CLI_TRUST_WORKSPACE: 'true' });

// Each test runs hookrun several times in a row; on a loaded 2-core machine that can take a while.
describe.concurrent('hookrun record', { timeout: 90_000 }, () => {
  test('record then --stop restores a commented, tab-indented file byte for byte (mode kept)', async () => {
    const { sb, file } = await workspace(COMMENTED);
    const before = await readFile(file, 'utf8');
    const rec = await hookrun(['record', '--events', 'BeforeTool,SessionStart', '-C', sb.ws], { env: trusted(sb) });
    expect(rec.exitCode).toBe(0);
    expect(rec.stdout).toContain('capture hook added to .gemini/settings.json');
    const during = await readFile(file, 'utf8');
    expect(during).toContain('// Team settings: keep the comments!');
    expect(during).toContain('/* inline block comment */');
    expect(during).toContain('"name":"hookrun-capture"');
    expect(during).toMatch(/\n\t\t"SessionStart": \[/);
    expect((await stat(file)).mode & 0o777).toBe(0o640);

    const stop = await hookrun(['record', '--stop', '-C', sb.ws], { env: trusted(sb) });
    expect(stop.exitCode).toBe(0);
    expect(stop.stdout).toContain('restored .gemini/settings.json exactly as it was before recording');
    expect(await readFile(file, 'utf8')).toBe(before);
    expect((await stat(file)).mode & 0o777).toBe(0o640);
    expect(existsSync(path.join(sb.ws, '.hookrun/record.json'))).toBe(false);
    expect(existsSync(path.join(sb.ws, '.hookrun/capture.mjs'))).toBe(false);
  });

  test('the capture hook saves the payload and changes nothing the agent decides', async () => {
    const { sb } = await workspace(COMMENTED);
    const event = ['run', 'BeforeTool', '--tool', 'run_shell_command', '--tool-input', '{"command":"ls"}', '-q', '-C', sb.ws];
    const without = await hookrun(event, { env: trusted(sb) });
    await hookrun(['record', '--events', 'BeforeTool,BeforeToolSelection', '-C', sb.ws], { env: trusted(sb) });
    const withCapture = await hookrun([...event, '--json'], { env: trusted(sb) });
    const report = JSON.parse(withCapture.stdout) as { output: unknown; exitCode: number; results: { name: string; stdout: string; stderr: string; output?: unknown }[] };
    expect(report.output).toEqual(stdoutJson(without));
    expect(report.exitCode).toBe(without.exitCode);
    const capture = report.results.find((r) => r.name === 'hookrun-capture')!;
    expect(capture).toMatchObject({ stdout: '', stderr: '' });
    expect(capture.output).toBeUndefined();
    // BeforeToolSelection: an empty answer must not turn into a tool config (only real outputs are merged).
    const selection = await hookrun(['run', 'BeforeToolSelection', '--event', '{"llm_request":{"model":"m","messages":[],"config":{}}}', '-q', '-C', sb.ws], { env: trusted(sb) });
    expect(stdoutJson(selection)).toEqual({});

    const captures = await readdir(path.join(sb.ws, '.hookrun/captures'));
    expect(captures.filter((n) => /^BeforeTool-\d{4}-\d\d-\d\dT[\d-]+Z-\d+\.json$/.test(n))).toHaveLength(1);
    const saved = JSON.parse(await readFile(path.join(sb.ws, '.hookrun/captures', captures.find((n) => n.startsWith('BeforeTool-'))!), 'utf8'));
    expect(saved).toMatchObject({ hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'ls' }, cwd: sb.ws });
  });

  test('--stop after the user edited the file removes only hookrun entries and keeps the edits', async () => {
    const { sb, file } = await workspace(COMMENTED);
    await hookrun(['record', '--events', 'BeforeTool,AfterTool', '-C', sb.ws], { env: trusted(sb) });
    const edited = (await readFile(file, 'utf8')).replace('"vimMode": true', '"vimMode": false /* changed while recording */');
    await writeFile(file, edited);
    const stop = await hookrun(['record', '--stop', '-C', sb.ws], { env: trusted(sb) });
    expect(stop.exitCode).toBe(0);
    expect(stop.stdout).toContain("removed only hookrun's 2 capture entries and kept your edits");
    const after = await readFile(file, 'utf8');
    expect(after).toBe(COMMENTED.replace('"vimMode": true', '"vimMode": false /* changed while recording */'));
    expect((await stat(file)).mode & 0o777).toBe(0o640);
  });

  test('--stop refuses, writing nothing, when the edited file no longer parses; works once fixed', async () => {
    const { sb, file } = await workspace(COMMENTED);
    await hookrun(['record', '--events', 'BeforeTool', '-C', sb.ws], { env: trusted(sb) });
    const installed = await readFile(file, 'utf8');
    const broken = installed.replace('"vimMode": true', '"vimMode": true,,');
    await writeFile(file, broken);
    const stop = await hookrun(['record', '--stop', '-C', sb.ws], { env: trusted(sb) });
    expect(stop.exitCode).toBe(1);
    expect(stop.stderr).toContain('was edited since `hookrun record` and no longer parses');
    expect(stop.stderr).toContain('nothing was changed');
    expect(await readFile(file, 'utf8')).toBe(broken);
    expect(existsSync(path.join(sb.ws, '.hookrun/record.json'))).toBe(true);

    await writeFile(file, installed.replace('"vimMode": true', '"vimMode": false'));
    const again = await hookrun(['record', '--stop', '-C', sb.ws], { env: trusted(sb) });
    expect(again.exitCode).toBe(0);
    expect(await readFile(file, 'utf8')).toBe(COMMENTED.replace('"vimMode": true', '"vimMode": false'));
  });

  test('without a settings file: record creates it, --stop removes it and the folder it made', async () => {
    const { sb, file } = await workspace();
    const rec = await hookrun(['record', '--json', '-C', sb.ws], { env: sb.env });
    expect(rec.exitCode).toBe(0);
    const info = JSON.parse(rec.stdout) as { events: string[]; notes: string[] };
    expect(info.events).toHaveLength(11);
    expect(info.notes.join('\n')).toContain('not trusted');
    expect(JSON.parse(await readFile(file, 'utf8')).hooks.SessionEnd[0].hooks[0].name).toBe('hookrun-capture');
    const again = await hookrun(['record', '-C', sb.ws], { env: sb.env });
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toContain('already recording');
    const stop = await hookrun(['record', '--stop', '-C', sb.ws], { env: sb.env });
    expect(stop.exitCode).toBe(0);
    expect(existsSync(path.join(sb.ws, '.gemini'))).toBe(false);
    const notRecording = await hookrun(['record', '--stop', '-C', sb.ws], { env: sb.env });
    expect(notRecording.exitCode).toBe(1);
    expect(notRecording.stderr).toContain('hookrun is not recording');
  });

  test('record refuses settings it cannot edit safely, and unknown events', async () => {
    const { sb, file } = await workspace('{ "hooks": { "BeforeTool": {} } }\n');
    const r = await hookrun(['record', '-C', sb.ws], { env: sb.env });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('hooks.BeforeTool is not a list');
    expect(await readFile(file, 'utf8')).toBe('{ "hooks": { "BeforeTool": {} } }\n');
    expect(existsSync(path.join(sb.ws, '.hookrun/record.json'))).toBe(false);
    const bad = await hookrun(['record', '--events', 'BeforeTol', '-C', sb.ws], { env: sb.env });
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toContain('unknown event(s) for --events: BeforeTol');
  });

  test('--from-captures turns captures into a fixture skeleton that runs (as skipped) until filled in', async () => {
    const { sb } = await workspace(COMMENTED);
    // Captures as the capture script writes them (the script itself is exercised above).
    const commands = ['rm -rf /', 'ls', 'ls'];
    for (const [i, command] of commands.entries()) {
      const payload = {
        session_id: 's1',
        transcript_path: '',
        cwd: sb.ws,
        hook_event_name: 'BeforeTool',
        timestamp: `2026-01-01T00:00:0${i}.000Z`,
        tool_name: 'run_shell_command',
        tool_input: { command },
      };
      await sb.write(path.join(sb.ws, `.hookrun/captures/BeforeTool-2026-01-01T00-00-0${i}-000Z-${100 + i}.json`), JSON.stringify(payload));
    }
    await sb.write(path.join(sb.ws, '.hookrun/captures/broken.json'), '{');
    const gen = await hookrun(['test', '--from-captures', '-o', 'recorded.hooktest.yaml', '-C', sb.ws], { env: sb.env });
    expect(gen.exitCode).toBe(0);
    expect(gen.stderr).toContain('skipped');
    expect(gen.stderr).toContain('broken.json: not JSON');
    const yaml = await readFile(path.join(sb.ws, 'recorded.hooktest.yaml'), 'utf8');
    expect(yaml).toContain('from 3 captured event(s) in .hookrun/captures');
    expect(yaml).toContain('- name: BeforeTool run_shell_command rm -rf /');
    expect(yaml).toContain('# TODO: what must hold (this payload was captured 2 times)');
    expect(yaml).not.toContain('session_id');
    expect(yaml).not.toContain(sb.ws);
    const overwrite = await hookrun(['test', '--from-captures', '-o', 'recorded.hooktest.yaml', '-C', sb.ws], { env: sb.env });
    expect(overwrite.exitCode).toBe(1);
    expect(overwrite.stderr).toContain('already exists');

    const run = await hookrun(['test', '-C', sb.ws], { env: sb.env });
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('0 passed, 0 failed, 2 skipped');
    expect(run.exitCode).toBe(0);
    await writeFile(path.join(sb.ws, 'recorded.hooktest.yaml'), yaml.replace('expect: {}', 'expect: { outcome: block, reason: "no" }'));
    const filled = await hookrun(['test', '--yes', '-C', sb.ws], { env: sb.env });
    expect(filled.stdout.trimEnd().split('\n').at(-1)).toBe('1 passed, 0 failed, 1 skipped');
  });
});
