// HOME (issue 19, item 7): an empty HOME is refused, since every user-level file would resolve inside the
// workspace (the workspace read as the user's own settings, past the fingerprint gate); an unset HOME
// falls back to the account's home, and stderr says which.
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { execa } from 'execa';
import { BIN, hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await makeSandbox();
});
afterEach(() => sb.cleanup());

const withHome = (home: string | undefined) => {
  const env: Record<string, string> = { ...sb.env };
  if (home === undefined) delete env.HOME;
  else env.HOME = home;
  return env;
};

describe('empty HOME', () => {
  test('run refuses, exit 1, and the workspace hook does not run', async () => {
    const marker = path.join(sb.root, 'ran');
    await sb.write('ws/.gemini/settings.json', JSON.stringify({ hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: `touch ${marker}` }] }] } }));
    const result = await hookrun(['run', 'BeforeTool', '--tool', 'read_file', '--tool-input', '{}'], { env: withHome(''), cwd: sb.ws });
    expect(result.stderr).toBe(
      "hookrun: error: HOME is set but empty, so the user-level settings cannot be found (they would resolve inside the workspace); set HOME to your home directory, or unset it to use the account's home\n",
    );
    expect(result.exitCode).toBe(1);
    expect(existsSync(marker)).toBe(false);
  });

  test('validate and test refuse with their own "could not run" code, 2', async () => {
    for (const command of ['validate', 'test']) {
      const result = await hookrun([command], { env: withHome(''), cwd: sb.ws });
      expect(result.stderr).toContain('HOME is set but empty');
      expect(result.exitCode).toBe(2);
    }
  });
});

describe('unset HOME', () => {
  test('stderr says which home is used, and the command still works', async () => {
    const result = await hookrun(['list'], { env: withHome(undefined), cwd: sb.ws });
    expect(result.stderr).toContain(`hookrun: HOME is not set: using the account's home directory ${os.userInfo().homedir} for user-level settings\n`);
    expect(result.exitCode).toBe(0);
  });

  // A made-up user (a container's --user 54321, no passwd entry): os.homedir() has nothing to give. Needs
  // root to become that user, and a checkout that user can read.
  const canSwitchUser = process.getuid?.() === 0 && existsSync('/usr/bin/setpriv');
  test.runIf(canSwitchUser)('and no home for the account: every command refuses, saying so, with its usage-error code', async (context) => {
    const asNobody = (args: string[]) =>
      execa('/usr/bin/setpriv', ['--reuid', '54321', '--regid', '54321', '--clear-groups', process.execPath, ...args], {
        env: withHome(undefined),
        extendEnv: false,
        reject: false,
        stdin: 'ignore',
        stripFinalNewline: false,
      });
    if ((await asNobody(['-e', `require('fs').accessSync(${JSON.stringify(BIN)}, require('fs').constants.R_OK)`])).exitCode !== 0) context.skip();
    const ws = path.join(sb.root, 'open-ws');
    mkdirSync(ws, { mode: 0o755 });
    chmodSync(sb.root, 0o755);
    for (const [args, code] of [
      [['list'], 1],
      [['run', 'BeforeTool', '--tool', 'read_file', '--tool-input', '{}'], 1],
      [['explain', 'BeforeTool'], 1],
      [['serve'], 1],
      [['validate'], 2],
    ] as const) {
      const result = await asNobody([BIN, ...args, '-C', ws]);
      expect(result.stderr, args.join(' ')).toBe(
        'hookrun: error: HOME is not set and the account has no home directory, so the user-level settings cannot be found; set HOME to the directory they live in\n',
      );
      expect(result.exitCode, args.join(' ')).toBe(code);
    }
  });

  test('a set HOME says nothing', async () => {
    const result = await hookrun(['list'], { env: withHome(sb.home), cwd: sb.ws });
    expect(result.stderr).not.toContain('HOME');
  });
});
