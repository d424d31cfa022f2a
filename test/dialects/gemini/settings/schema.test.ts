import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { geminiSettingsSchema, settingsDefaults, validateSettings } from '../../../../src/dialects/gemini/settings/schema.js';

const hook = (extra: Record<string, unknown>) => ({ hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'x', ...extra }] }] } });

describe('validateSettings', () => {
  it('casts number and boolean strings when the file validates', () => {
    const result = validateSettings({
      hooksConfig: { enabled: 'false', notifications: 'TRUE' },
      security: { folderTrust: { enabled: 'False' } },
      ...hook({ timeout: '300' }),
    });
    expect(result.valid).toBe(true);
    expect(result.data).toMatchObject({
      hooksConfig: { enabled: false, notifications: true },
      security: { folderTrust: { enabled: false } },
      hooks: { BeforeTool: [{ hooks: [{ timeout: 300 }] }] },
    });
  });

  it('keeps the file as written when anything in it fails validation', () => {
    const input = { hooksConfig: { enabled: 'false' }, hooks: { MyCustomEvent: 'not-an-array' } };
    const result = validateSettings(input);
    expect(result.valid).toBe(false);
    expect(result.data).toBe(input);
    expect(result.issues).toEqual([{ path: ['hooks', 'MyCustomEvent'], message: expect.stringContaining('expected array') }]);
  });

  it.each([
    ['hooks.enabled: true (any non-event key must be an array)', { hooks: { enabled: true } }, ['hooks', 'enabled']],
    ['a numeric matcher', { hooks: { BeforeTool: [{ matcher: 7, hooks: [] }] } }, ['hooks', 'BeforeTool', 0, 'matcher']],
    ['a non-numeric timeout string', hook({ timeout: 'soon' }), ['hooks', 'BeforeTool', 0, 'hooks', 0, 'timeout']],
    ['a hook that is not an object', { hooks: { BeforeTool: [{ hooks: ['x'] }] } }, ['hooks', 'BeforeTool', 0, 'hooks', 0]],
    ['a null definition', { hooks: { AfterTool: [null] } }, ['hooks', 'AfterTool', 0]],
    ['an event value that is not an array', { hooks: { BeforeTool: { hooks: [] } } }, ['hooks', 'BeforeTool']],
    ['a "yes" boolean', { hooksConfig: { enabled: 'yes' } }, ['hooksConfig', 'enabled']],
    ['a non-string disabled entry', { hooksConfig: { disabled: [1] } }, ['hooksConfig', 'disabled', 0]],
    // Every top-level key of Gemini's schema is checked for its type (z.object/z.record reject null, arrays, scalars).
    ['general as a string', { general: 'x' }, ['general']],
    ['mcpServers as a number', { mcpServers: 5 }, ['mcpServers']],
    ['ui as an array', { ui: [] }, ['ui']],
    ['model as null (optional means absent, not null)', { model: null }, ['model']],
    ['telemetry as a string that is no boolean', { telemetry: 'on' }, ['telemetry']],
    ['telemetry as an array', { telemetry: [true] }, ['telemetry']],
    ['policyPaths as a string', { policyPaths: '/etc/policies' }, ['policyPaths']],
    ['a non-string policyPaths entry', { adminPolicyPaths: [1] }, ['adminPolicyPaths', 0]],
    ['a "yes" useWriteTodos', { useWriteTodos: 'yes' }, ['useWriteTodos']],
    // Gemini lowercases a boolean string but does not trim it.
    ['a padded " false "', { hooksConfig: { enabled: ' false ' } }, ['hooksConfig', 'enabled']],
    // Below the top level, every key of Gemini's schema has its type, security and billing included.
    ['general.vimMode "yes"', { general: { vimMode: 'yes' } }, ['general', 'vimMode']],
    ['ui.theme as a number', { ui: { theme: 5 } }, ['ui', 'theme']],
    ['an MCP server that is not an object', { mcpServers: { s: 5 } }, ['mcpServers', 's']],
    ['an MCP server key Gemini does not know (its config is strict)', { mcpServers: { s: { command: 'x', cmd: 'y' } } }, ['mcpServers', 's']],
    ['tools.sandbox as an array', { tools: { sandbox: [] } }, ['tools', 'sandbox']],
    ['model.name as a number', { model: { name: 5 } }, ['model', 'name']],
    ['telemetry.enabled "yes"', { telemetry: { enabled: 'yes' } }, ['telemetry']],
    ['security.disableYoloMode "maybe"', { security: { disableYoloMode: 'maybe' } }, ['security', 'disableYoloMode']],
    ['security.auth.useExternal "no"', { security: { auth: { useExternal: 'no' } } }, ['security', 'auth', 'useExternal']],
    ['security.toolSandboxing as a number', { security: { toolSandboxing: 1 } }, ['security', 'toolSandboxing']],
    ['security.allowedExtensions as a string', { security: { allowedExtensions: 'x' } }, ['security', 'allowedExtensions']],
    ['billing as a number', { billing: 5 }, ['billing']],
    ['billing.overageStrategy outside its options', { billing: { overageStrategy: 'sometimes' } }, ['billing', 'overageStrategy']],
    ['contextManagement as a number', { contextManagement: 5 }, ['contextManagement']],
    ['a contextManagement number that is no number', { contextManagement: { historyWindow: { maxTokens: 'lots' } } }, ['contextManagement', 'historyWindow', 'maxTokens']],
    ['advanced null', { advanced: null }, ['advanced']],
  ])('rejects %s', (_name, input, path) => {
    const result = validateSettings(input);
    expect(result.valid).toBe(false);
    expect(result.issues.map((issue) => issue.path)).toContainEqual(path);
  });

  it.each([
    ['a wrongly capitalised type (only a string is required)', hook({ type: 'Command' })],
    ['sequential as a string (not in the schema)', { hooks: { BeforeTool: [{ sequential: 'true', hooks: [] }] } }],
    ['env of any shape', hook({ env: 'x' })],
    ['an unknown event with an array', { hooks: { beforetool: [{ anything: 1 }] } }],
    ['hooks.disabled as an array', { hooks: { disabled: ['x'] } }],
    ['unknown top-level keys', { other: 'x', $schema: 5 }],
    ['keys below a section that Gemini does not know', { general: { notAKey: [1] }, security: { auth: { other: 1 } } }],
    ["a definition key without a type in Gemini's schema (anything goes)", { modelConfigs: { modelDefinitions: { m: { tier: 5 } } } }],
    ['Infinity as a number (zod 3, which Gemini uses, accepts it)', hook({ timeout: 'Infinity' })],
    ['1e999 as a number', { contextManagement: { historyWindow: { maxTokens: '1e999' } } }],
    [
      'every type-only key with its type',
      {
        mcpServers: {},
        policyPaths: [],
        adminPolicyPaths: ['p'],
        general: {},
        output: {},
        ui: {},
        ide: {},
        privacy: {},
        telemetry: {},
        billing: {},
        model: {},
        modelConfigs: {},
        agents: {},
        context: {},
        tools: {},
        mcp: {},
        useWriteTodos: false,
        advanced: {},
        experimental: {},
        extensions: {},
        skills: {},
        contextManagement: {},
        admin: {},
      },
    ],
    ['telemetry as a boolean', { telemetry: true }],
    ['telemetry as a boolean string (cast)', { telemetry: 'false' }],
  ])('accepts %s', (_name, input) => {
    expect(validateSettings(input).valid).toBe(true);
  });

  it('casts below every section, and " true " not at all', () => {
    const result = validateSettings({ advanced: { ignoreLocalEnv: 'FALSE' }, general: { vimMode: 'true' }, model: { maxSessionTurns: '5' } });
    expect(result.valid).toBe(true);
    expect(result.data).toEqual({ general: { vimMode: true }, model: { maxSessionTurns: 5 }, advanced: { ignoreLocalEnv: false } });
    expect(validateSettings({ general: { vimMode: ' true ' } }).valid).toBe(false);
  });

  it('casts "Infinity" and "1e999" to Infinity, as zod 3 does', () => {
    expect(validateSettings(hook({ timeout: '1e999' })).data).toMatchObject({ hooks: { BeforeTool: [{ hooks: [{ timeout: Infinity }] }] } });
  });

  it('does not inject defaults into a file', () => {
    expect(validateSettings({ hooksConfig: {} }).data).toEqual({ hooksConfig: {} });
  });

  it('keeps unknown keys', () => {
    expect(validateSettings({ other: { a: 1 }, ...hook({ extra: 'kept' }) }).data).toMatchObject({
      other: { a: 1 },
      hooks: { BeforeTool: [{ hooks: [{ extra: 'kept' }] }] },
    });
  });
});

describe('settingsDefaults', () => {
  it('builds the schema defaults Gemini seeds the merge with', () => {
    expect(settingsDefaults()).toEqual({
      hooksConfig: { enabled: true, disabled: [], notifications: true },
      hooks: {
        BeforeTool: [],
        AfterTool: [],
        BeforeAgent: [],
        AfterAgent: [],
        Notification: [],
        SessionStart: [],
        SessionEnd: [],
        PreCompress: [],
        BeforeModel: [],
        AfterModel: [],
        BeforeToolSelection: [],
      },
      security: { folderTrust: { enabled: true }, environmentVariableRedaction: { allowed: [], blocked: [], enabled: false } },
    });
  });

  it('returns fresh objects each time', () => {
    const first = settingsDefaults() as { hooksConfig: { disabled: string[] } };
    first.hooksConfig.disabled.push('x');
    expect(settingsDefaults()).toMatchObject({ hooksConfig: { disabled: [] } });
  });
});

describe('JSON Schema', () => {
  it('can be generated, with descriptions and defaults', () => {
    const schema = z.toJSONSchema(geminiSettingsSchema) as any;
    const hooksConfig = schema.properties.hooksConfig;
    expect(hooksConfig.properties.enabled).toMatchObject({ type: 'boolean', default: true, description: expect.any(String) });
    expect(schema.properties.hooks.properties.BeforeTool).toMatchObject({ type: 'array', default: [] });
    expect(schema.properties.hooks.additionalProperties).toMatchObject({ type: 'array' });
  });
});
