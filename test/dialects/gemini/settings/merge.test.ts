import { describe, expect, it } from 'vitest';
import type { Layer, Location } from '../../../../src/pipeline/types.js';
import { mergeHookSlots, mergeSettings } from '../../../../src/dialects/gemini/settings/merge.js';
import type { Locator } from '../../../../src/dialects/gemini/settings/registry.js';

describe('mergeSettings', () => {
  it('concatenates hook event arrays in merge order', () => {
    const merged = mergeSettings({ hooks: { BeforeTool: [] } }, { hooks: { BeforeTool: ['a'] } }, { hooks: { BeforeTool: ['b', 'c'] } });
    expect(merged.hooks).toEqual({ BeforeTool: ['a', 'b', 'c'] });
  });

  it('wraps a non-array event value before concatenating (Gemini quirk)', () => {
    const merged = mergeSettings({ hooks: { BeforeTool: [] } }, { hooks: { BeforeTool: { hooks: [] } } });
    expect(merged.hooks).toEqual({ BeforeTool: [{ hooks: [] }] });
  });

  it('replaces unknown hooks keys instead of concatenating them', () => {
    const merged = mergeSettings({ hooks: { Custom: ['a'] } }, { hooks: { Custom: ['b'] } });
    expect(merged.hooks).toEqual({ Custom: ['b'] });
  });

  it('unions hooksConfig.disabled without duplicates', () => {
    const merged = mergeSettings({ hooksConfig: { disabled: [] } }, { hooksConfig: { disabled: ['a', 'b'] } }, { hooksConfig: { disabled: ['b', 'c'] } });
    expect(merged.hooksConfig).toEqual({ disabled: ['a', 'b', 'c'] });
  });

  it('lets later sources win for scalars and merges objects key by key', () => {
    const merged = mergeSettings({ hooksConfig: { enabled: true, notifications: true } }, { hooksConfig: { enabled: false } }, { hooksConfig: { enabled: true } });
    expect(merged.hooksConfig).toEqual({ enabled: true, notifications: true });
  });

  it('replaces ordinary arrays', () => {
    const merged = mergeSettings({ security: { environmentVariableRedaction: { allowed: ['A'] } } }, { security: { environmentVariableRedaction: { allowed: ['B'] } } });
    expect(merged.security).toEqual({ environmentVariableRedaction: { allowed: ['B'] } });
  });

  it('does not modify its sources and skips __proto__', () => {
    const first = { hooksConfig: { enabled: true }, hooks: { BeforeTool: ['a'] } };
    const second = JSON.parse('{"__proto__": {"polluted": true}, "hooksConfig": {"enabled": false}, "hooks": {"BeforeTool": ["b"]}}');
    const merged = mergeSettings(first, second);
    expect(first).toEqual({ hooksConfig: { enabled: true }, hooks: { BeforeTool: ['a'] } });
    expect(merged).toEqual({ hooksConfig: { enabled: false }, hooks: { BeforeTool: ['a', 'b'] } });
    expect((merged as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('mergeHookSlots', () => {
  const locator =
    (file: string): Locator =>
    (sub: (string | number)[]) =>
      ({ file, line: 1, column: 1, path: sub }) as Location;
  const layer = (name: Layer, hooks: unknown) => ({ layer: name, hooks, locate: locator(`${name}.json`) });

  it('seeds the eleven events first, then other keys in first-seen order', () => {
    const slots = mergeHookSlots([layer('user', { Custom: [], AfterTool: [] }), layer('system', { Other: 1, Custom: ['x'] })]);
    expect(slots.map((slot) => slot.key)).toEqual([
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
      'Custom',
      'Other',
    ]);
  });

  it('keeps each definition with its layer and path', () => {
    const slots = mergeHookSlots([layer('user', { BeforeTool: ['u0'] }), layer('workspace', { BeforeTool: { hooks: [] } }), layer('system', { BeforeTool: ['s0', 's1'] })]);
    const items = slots[0]!.items!;
    expect(items.map((item) => [item.layer, item.value, item.locate([])?.file, item.locate(['hooks', 0])?.path])).toEqual([
      ['user', 'u0', 'user.json', ['BeforeTool', 0, 'hooks', 0]],
      ['workspace', { hooks: [] }, 'workspace.json', ['BeforeTool', 'hooks', 0]],
      ['system', 's0', 'system.json', ['BeforeTool', 0, 'hooks', 0]],
      ['system', 's1', 'system.json', ['BeforeTool', 1, 'hooks', 0]],
    ]);
  });

  it('treats a replaced unknown key as its last value', () => {
    const slots = mergeHookSlots([layer('user', { Custom: ['a'] }), layer('workspace', { Custom: 'b' })]);
    const custom = slots.find((slot) => slot.key === 'Custom')!;
    expect(custom.items).toBeUndefined();
    expect(custom.value).toBe('b');
  });

  it('starts over without defaults after a file replaced hooks with a non-object', () => {
    const slots = mergeHookSlots([layer('user', 'oops'), layer('workspace', { BeforeTool: { hooks: [] } })]);
    expect(slots).toEqual([{ key: 'BeforeTool', value: { hooks: [] }, keyLocation: expect.any(Object) }]);
  });
});
