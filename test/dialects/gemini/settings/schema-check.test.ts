// The run path checks settings with schema-check.ts (the whole of Gemini's schema, as data); the
// documented schema is schema.ts (full zod, the keys hookrun reads). They must agree on every file
// made of those keys: same verdict, same cast data (the key order of the top two levels included, it
// is the merge order), same issues with the same paths and messages.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settingsDefaults, TOP_LEVEL_KEYS, validateSettings } from '../../../../src/dialects/gemini/settings/schema-check.js';
import { geminiSettingsSchema, schemaDefaults } from '../../../../src/dialects/gemini/settings/schema.js';
import { HOOK_EVENTS } from '../../../../src/dialects/gemini/events.js';
import { GEMINI_SETTINGS_SCHEMA } from '../../../../src/dialects/gemini/settings/gemini-schema.js';

function documented(settings: Record<string, unknown>) {
  const result = geminiSettingsSchema.safeParse(settings);
  if (result.success) return { valid: true, data: result.data, issues: [] };
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map((part) => (typeof part === 'number' ? part : String(part))),
    message: issue.message,
  }));
  return { valid: false, data: settings, issues };
}

/** The keys of an object and of each object in it: the order the merge follows, which toEqual ignores. */
const keyOrder = (value: unknown) =>
  value !== null && typeof value === 'object'
    ? Object.entries(value).map(([key, item]) => [key, item !== null && typeof item === 'object' && !Array.isArray(item) ? Object.keys(item) : []])
    : value;
const sameWithOrder = (a: unknown, b: unknown) => {
  expect(a).toEqual(b);
  expect(keyOrder(a)).toEqual(keyOrder(b));
};

const scalar = fc.oneof(
  fc.constantFrom('300', ' 12 ', '', '  ', 'soon', 'true', ' TRUE ', 'False', 'yes', '0x10', '1e3', 'Infinity', '1e999', '-Infinity', 'command'),
  fc.string({ maxLength: 6 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
);
const anyJson = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 4 }), scalar, { maxKeys: 3 }));
/** Mostly the expected shape, sometimes anything: both verdicts get exercised. */
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: arb, weight: 12 }, { arbitrary: anyJson, weight: 1 });
const text = maybe(fc.string({ maxLength: 6 }));
const numeric = maybe(fc.oneof(fc.integer(), fc.constantFrom('300', ' 12 ', '1e3', '0x10', 'Infinity', '1e999')));
const boolish = maybe(fc.oneof(fc.boolean(), fc.constantFrom('true', ' TRUE ', 'False', 'FALSE')));

const hook = maybe(
  fc.record(
    {
      type: maybe(fc.constantFrom('command', 'Command', 'plugin')),
      command: maybe(fc.constantFrom('true', 'echo hi')),
      name: text,
      description: text,
      timeout: numeric,
      env: anyJson,
      extra: anyJson,
    },
    { requiredKeys: [] },
  ),
);
const definition = maybe(fc.record({ matcher: text, sequential: anyJson, hooks: maybe(fc.array(hook, { maxLength: 3 })), other: anyJson }, { requiredKeys: [] }));
const hooks = maybe(
  fc.dictionary(fc.constantFrom(...HOOK_EVENTS, 'enabled', 'disabled', 'beforetool', 'Custom'), maybe(fc.array(definition, { maxLength: 3 })), {
    maxKeys: 4,
  }),
);
const strings = maybe(fc.array(maybe(fc.string({ maxLength: 4 })), { maxLength: 3 }));
/** The keys documented by their type only, with a value of some other type (what lies below them is Gemini's schema). */
const wrongTypeOnly = fc.dictionary(
  fc.constantFrom(...Object.keys(TOP_LEVEL_KEYS).filter((key) => TOP_LEVEL_KEYS[key as keyof typeof TOP_LEVEL_KEYS] !== 'deep')),
  fc.oneof(fc.constant(null), fc.constant(7), fc.constant('x')),
  { maxKeys: 2 },
);
const fields = fc.record(
  {
    hooksConfig: maybe(fc.record({ enabled: boolish, disabled: strings, notifications: boolish, extra: anyJson }, { requiredKeys: [] })),
    hooks,
    security: maybe(
      fc.record(
        {
          folderTrust: maybe(fc.record({ enabled: boolish }, { requiredKeys: [] })),
          environmentVariableRedaction: maybe(fc.record({ allowed: strings, blocked: strings, enabled: boolish }, { requiredKeys: [] })),
        },
        { requiredKeys: [] },
      ),
    ),
    unknownKey: anyJson,
    other: anyJson,
  },
  { requiredKeys: [] },
);
const withTypeOnly = fc.tuple(fields, fc.option(wrongTypeOnly, { nil: undefined })).map(([record, extra]) => ({ ...record, ...extra }));
/** In any key order: the cast data's order (known keys in Gemini's order, then the rest) must not depend on it. */
const settings = withTypeOnly.chain((record) => {
  const entries = Object.entries(record);
  return fc.shuffledSubarray(entries, { minLength: entries.length, maxLength: entries.length }).map((shuffled) => Object.fromEntries(shuffled));
});

describe('schema-check agrees with the documented schema', () => {
  it('on generated settings: verdict, cast data and issues', () => {
    fc.assert(
      fc.property(settings, (input) => {
        const expected = documented(input);
        const actual = validateSettings(input);
        expect(actual.valid).toBe(expected.valid);
        expect(actual.issues).toEqual(expected.issues);
        sameWithOrder(actual.data, expected.data);
        if (!actual.valid) expect(actual.data).toBe(input);
      }),
      { numRuns: 400 },
    );
  });

  it.each([
    ['casts', { hooksConfig: { enabled: ' TRUE ' }, hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'x', timeout: '300' }] }] } }],
    ['a non-numeric timeout', { hooks: { BeforeTool: [{ hooks: [{ timeout: 'soon' }] }] } }],
    ['unknown hooks keys after events', { hooks: { Custom: [1], AfterTool: [], BeforeTool: [] }, other: 1 }],
    ['a non-array unknown hooks key', { hooks: { enabled: true } }],
    ['a null definition', { hooks: { AfterTool: [null] } }],
    ['top-level keys of the wrong type', { general: 'x', mcpServers: 5, ui: [], model: null, telemetry: 'x', policyPaths: 'p' }],
    ['a cast telemetry boolean, keys in Gemini order', { zz: 1, hooks: {}, telemetry: 'FALSE', useWriteTodos: 'true', general: {} }],
    ['a __proto__ key (JSON.parse makes it an own key)', JSON.parse('{"__proto__": {"x": 1}, "general": {"__proto__": 2}, "hooks": {}}')],
    // fast-check found it in CI (seed -107724645): zod says "received -Infinity", not "received number".
    ['numbers that are not finite where an array belongs', { security: { environmentVariableRedaction: { blocked: -Infinity, allowed: Number.NaN } } }],
  ])('on %s', (_name, input) => {
    const expected = documented(input);
    const actual = validateSettings(input);
    expect(actual.issues).toEqual(expected.issues);
    sameWithOrder(actual.data, expected.data);
  });

  it('has the defaults the documented schema declares', () => {
    expect(settingsDefaults()).toEqual(schemaDefaults());
    sameWithOrder(settingsDefaults(), schemaDefaults());
  });
});

describe('TOP_LEVEL_KEYS', () => {
  it("are the top-level keys of Gemini's schema, in its order", () => {
    const schema = GEMINI_SETTINGS_SCHEMA as { object: Record<string, unknown> };
    expect(Object.keys(TOP_LEVEL_KEYS)).toEqual(Object.keys(schema.object));
  });
});
