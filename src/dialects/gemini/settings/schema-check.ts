// The settings check every run makes, as Gemini CLI makes it: each file against the whole of Gemini's
// settings schema (gemini-schema.ts, restated as data) with the rules of the zod 3 schema Gemini builds
// from it, so a wrong type anywhere (`general.vimMode: "yes"`, `billing: 5`) makes the file invalid and
// Gemini uses it uncast. schema.ts documents the keys hookrun reads in full zod (and generates JSON
// Schema); test/settings/schema-check.test.ts holds the two to the same results on those keys.
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import type { JsonObject } from '../../../pipeline/types.js';
import { HOOK_EVENTS } from '../events.js';
import { GEMINI_SCHEMA_DEFINITIONS, GEMINI_SETTINGS_SCHEMA, type SchemaNode } from './gemini-schema.js';

// zod/mini ships without messages: install full zod's English ones, process-wide (event input errors
// read them); the settings check below speaks the same English.
z.config(en());

/** Where a number is expected, a string that spells one is cast ("300" → 300, "1e999" → Infinity), as Gemini does. */
export function castNumber(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const number = Number(value);
  return Number.isNaN(number) ? value : number;
}

/** Where a boolean is expected, "true"/"false" in any case are cast; Gemini lowercases but does not trim (" true " stays a string). */
export function castBoolean(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const word = value.toLowerCase();
  return word === 'true' ? true : word === 'false' ? false : value;
}

/** zod 3's number, which Gemini uses: any JSON number, and ±Infinity from a cast string (zod 4 refuses those). */
function isZod3Number(value: unknown): value is number {
  return typeof value === 'number' && !Number.isNaN(value);
}

/**
 * The schema defaults Gemini seeds the merge with (schema.ts's `default` metadata, as data), as a fresh
 * settings object, like Gemini's getDefaultsFromSchema (in its key order), for the keys hookrun reads.
 */
export function settingsDefaults(): JsonObject {
  return {
    security: { folderTrust: { enabled: true }, environmentVariableRedaction: { allowed: [], blocked: [], enabled: false } },
    hooksConfig: { enabled: true, disabled: [], notifications: true },
    hooks: Object.fromEntries(HOOK_EVENTS.map((event) => [event, []])),
  };
}

/** What zod's messages call a JSON value's type ("received array"). */
export function jsonTypeName(value: unknown): string {
  if (value === null) return 'null';
  // zod names a number that is not finite by its value (NaN, -Infinity); JSON cannot hold one, a caller can.
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return Array.isArray(value) ? 'array' : typeof value;
}

/** Telemetry is a boolean (cast like any other) or an object; one message says both. */
export function telemetryError(issue: { input?: unknown }): string {
  return `Invalid input: expected boolean or object, received ${jsonTypeName(issue.input)}`;
}

/**
 * Every top-level key of Gemini CLI's settings schema, in its order, and how schema.ts documents it:
 * `deep` for the three keys hooks depend on (described key by key), otherwise the type of the key
 * itself (`object`, `strings`, `boolean`, `telemetry`: a boolean or an object). What lies below is
 * checked all the same, by GEMINI_SETTINGS_SCHEMA; a test holds these keys to that schema's.
 */
export const TOP_LEVEL_KEYS = {
  mcpServers: 'object',
  policyPaths: 'strings',
  adminPolicyPaths: 'strings',
  general: 'object',
  output: 'object',
  ui: 'object',
  ide: 'object',
  privacy: 'object',
  telemetry: 'telemetry',
  billing: 'object',
  model: 'object',
  modelConfigs: 'object',
  agents: 'object',
  context: 'object',
  tools: 'object',
  mcp: 'object',
  useWriteTodos: 'boolean',
  security: 'deep',
  advanced: 'object',
  experimental: 'object',
  extensions: 'object',
  skills: 'object',
  hooksConfig: 'deep',
  hooks: 'deep',
  contextManagement: 'object',
  admin: 'object',
} as const;

export type TopLevelType = (typeof TOP_LEVEL_KEYS)[keyof typeof TOP_LEVEL_KEYS];

export interface SettingsIssue {
  path: (string | number)[];
  message: string;
}

export interface SettingsValidation {
  valid: boolean;
  /** The cast data when the file validates, otherwise the input unchanged. */
  data: JsonObject;
  issues: SettingsIssue[];
}

/** Checks one settings file. Gemini uses the cast values only when the whole file validates. */
export function validateSettings(settings: JsonObject): SettingsValidation {
  const issues: SettingsIssue[] = [];
  const data = check(GEMINI_SETTINGS_SCHEMA, settings, [], issues);
  if (issues.length > 0) return { valid: false, data: settings, issues };
  return { valid: true, data: data as JsonObject, issues };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a node expects, in a message's words. */
function expected(node: SchemaNode): string {
  if (typeof node === 'string') return node;
  if ('ref' in node) return expected(GEMINI_SCHEMA_DEFINITIONS[node.ref] ?? 'unknown');
  if ('array' in node) return 'array';
  if ('anyOf' in node) return [...new Set(node.anyOf.map(expected))].join(' or ');
  if ('enum' in node) return node.enum.map((value) => JSON.stringify(value)).join('|');
  return 'object';
}

/**
 * `value` checked against `node` as Gemini's zod 3 schema checks it: every issue pushed (none means
 * valid) and the cast value returned. Objects put their schema keys first, in schema order, then the
 * others in file order, and drop `__proto__`, as zod 3 does.
 */
function check(node: SchemaNode, value: unknown, path: (string | number)[], issues: SettingsIssue[]): unknown {
  const fail = (message: string) => {
    issues.push({ path, message });
    return value;
  };
  const wrongType = () => fail(`Invalid input: expected ${expected(node)}, received ${jsonTypeName(value)}`);
  if (typeof node === 'string') {
    switch (node) {
      case 'unknown':
        return value;
      case 'string':
        return typeof value === 'string' ? value : wrongType();
      case 'number': {
        const cast = castNumber(value);
        return isZod3Number(cast) ? cast : wrongType();
      }
      case 'boolean': {
        const cast = castBoolean(value);
        return typeof cast === 'boolean' ? cast : wrongType();
      }
    }
  }
  if ('ref' in node) return check(GEMINI_SCHEMA_DEFINITIONS[node.ref] ?? 'unknown', value, path, issues);
  if ('enum' in node) return node.enum.includes(value as string) ? value : fail(`Invalid option: expected one of ${expected(node)}`);
  if ('anyOf' in node) {
    for (const option of node.anyOf) {
      const attempt: SettingsIssue[] = [];
      const cast = check(option, value, path, attempt);
      if (attempt.length === 0) return cast;
    }
    return wrongType();
  }
  if ('array' in node) {
    if (!Array.isArray(value)) return wrongType();
    return value.map((item, index) => check(node.array, item, [...path, index], issues));
  }
  if (!isObject(value)) return wrongType();
  const out: Record<string, unknown> = {};
  const keep = (key: string, cast: unknown) => {
    if (key !== '__proto__') Object.defineProperty(out, key, { value: cast, enumerable: true, writable: true, configurable: true });
  };
  if ('record' in node) {
    for (const [key, item] of Object.entries(value)) keep(key, check(node.record, item, [...path, key], issues));
    return out;
  }
  const shape = node.object;
  for (const key of Object.keys(shape)) {
    if (Object.hasOwn(value, key)) keep(key, check(shape[key]!, value[key], [...path, key], issues));
    else if (node.required?.includes(key)) issues.push({ path: [...path, key], message: `Invalid input: expected ${expected(shape[key]!)}, received undefined` });
  }
  const others = Object.keys(value).filter((key) => !Object.hasOwn(shape, key));
  if (node.rest === 'strict') {
    if (others.length > 0) fail(`Unrecognized key${others.length > 1 ? 's' : ''}: ${others.map((key) => JSON.stringify(key)).join(', ')}`);
    return out;
  }
  if (node.rest === 'strip') return out;
  for (const key of others) keep(key, node.rest === undefined ? value[key] : check(node.rest, value[key], [...path, key], issues));
  return out;
}
