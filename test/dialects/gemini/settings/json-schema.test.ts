// The editor schema accepts what Gemini CLI runs as written and rejects what it drops or ignores.
import { describe, expect, it } from 'vitest';
import { authoredSettingsSchema } from '../../../../src/dialects/gemini/settings/json-schema.js';

const hook = (extra: Record<string, unknown> = {}) => ({ type: 'command', command: './check.sh', ...extra });
const settings = (definition: Record<string, unknown>, event = 'BeforeTool') => ({ hooks: { [event]: [definition] } });

describe('authoredSettingsSchema', () => {
  it.each([
    ['a full definition', settings({ matcher: 'write_file', sequential: true, hooks: [hook({ name: 'n', description: 'd', timeout: 5000, env: { A: 'b' } })] })],
    ['hooksConfig', { hooksConfig: { enabled: false, disabled: ['x'], notifications: true } }],
    ['other settings next to hooks', { theme: 'dark', model: { name: 'x' }, ...settings({ hooks: [hook()] }) }],
    ['a plugin hook', settings({ hooks: [hook({ type: 'plugin' })] })],
    ['an empty file', {}],
  ])('accepts %s', (_name, value) => {
    expect(authoredSettingsSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    ['"type": "Command"', settings({ hooks: [hook({ type: 'Command' })] })],
    ['a missing command', settings({ hooks: [{ type: 'command' }] })],
    ['"sequential": "true"', settings({ sequential: 'true', hooks: [hook()] })],
    ['a timeout string', settings({ hooks: [hook({ timeout: '5000' })] })],
    ['a zero timeout', settings({ hooks: [hook({ timeout: 0 })] })],
    ['a Claude event name', settings({ hooks: [hook()] }, 'PreToolUse')],
    ['hooks.disabled', { hooks: { disabled: ['x'] } }],
    ['a typo in a hook key', settings({ hooks: [{ type: 'command', comand: 'x', command: 'y' }] })],
    ['a definition without hooks', settings({ matcher: 'x' })],
    ['a non-string env value', settings({ hooks: [hook({ env: { A: 1 } })] })],
    ['an unknown hooksConfig key', { hooksConfig: { enable: true } }],
  ])('rejects %s', (_name, value) => {
    expect(authoredSettingsSchema.safeParse(value).success).toBe(false);
  });
});
