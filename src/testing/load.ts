// Fixture files in: read → parse (YAML, or JSON with comments) keeping positions → validate with the
// schema. A problem is data with file:line:column, so a bad fixture is reported where it is wrong
// (and annotated there on GitHub), and no case runs until every file is good.
import path from 'node:path';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node as YamlNode } from 'yaml';
import type { z } from 'zod';
import { HookrunError, formatJsonPath } from '../pipeline/errors.js';
import { parseJsonc } from '../files/jsonc.js';
import { type FixtureCaseInput, type FixtureFileInput, fixtureFileSchema } from './schema.js';
import { readInputFileAsync } from '../files/read-input.js';
import { depthOverflow, tooDeepMessage } from '../files/json-depth.js';
import { lineColumn } from '../pipeline/event/json.js';

export interface Position {
  line: number;
  column: number;
}

/** Something wrong with a fixture file: it makes `hookrun test` exit 2 before anything runs. */
export interface FixtureProblem {
  file: string;
  line: number;
  column: number;
  message: string;
}

export interface FixtureCase extends FixtureCaseInput {
  /** 0-based index in the file's `cases`. */
  index: number;
  /** Position of the case in its file (the start of its mapping). */
  position: Position;
  /** Locates a key path inside the case (for problems found later, e.g. a bad event field). */
  locate(subPath: (string | number)[]): Position;
}

export interface FixtureFile {
  /** Absolute path. */
  file: string;
  defaults: NonNullable<FixtureFileInput['defaults']>;
  cases: FixtureCase[];
}

export type LoadResult = { ok: true; fixture: FixtureFile } | { ok: false; problems: FixtureProblem[] };

type Locator = (p: (string | number)[], options?: { key?: boolean }) => Position;

export interface Parsed {
  value: unknown;
  locate: Locator;
}

const FIXTURE_EXTENSIONS = ['.yaml', '.yml', '.json'] as const;

export function isFixtureExtension(file: string): boolean {
  return (FIXTURE_EXTENSIONS as readonly string[]).includes(path.extname(file).toLowerCase());
}

export async function loadFixture(file: string): Promise<LoadResult> {
  let text: string;
  try {
    text = await readInputFileAsync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return problem(file, { line: 0, column: 0 }, `cannot read the fixture file (${code ?? (error as Error).message})`);
  }
  const parsed = path.extname(file).toLowerCase() === '.json' ? parseJsonText(text, file) : parseYamlText(text, file);
  if ('problems' in parsed) return { ok: false, problems: parsed.problems };

  const checked = fixtureFileSchema.safeParse(parsed.value);
  if (!checked.success) {
    const problems = checked.error.issues.map((issue) => issueProblem(file, parsed, issue));
    return { ok: false, problems: problems.sort((a, b) => a.line - b.line || a.column - b.column) };
  }
  const data = checked.data;
  const cases = data.cases.map((c, index): FixtureCase => {
    const base = ['cases', index];
    return {
      ...c,
      index,
      position: parsed.locate(base),
      locate: (sub) => nearest(parsed.locate, [...base, ...sub]),
    };
  });
  return { ok: true, fixture: { file, defaults: data.defaults ?? {}, cases } };
}

function problem(file: string, at: Position, message: string): LoadResult {
  return { ok: false, problems: [{ file, ...at, message }] };
}

export function parseJsonText(text: string, file: string): Parsed | { problems: FixtureProblem[] } {
  try {
    const doc = parseJsonc(text, file);
    return {
      value: doc.value,
      locate: (p, options) => {
        const at = doc.locate(p, options);
        return { line: at.line, column: at.column };
      },
    };
  } catch (error) {
    if (!(error instanceof HookrunError)) throw error;
    const at = error.location ?? { line: 0, column: 0 };
    const message = error.message.replace(/ in \S+:\d+:\d+$/, '');
    return { problems: [{ file, line: at.line, column: at.column, message: `invalid JSON: ${message}` }] };
  }
}

export function parseYamlText(text: string, file: string): Parsed | { problems: FixtureProblem[] } {
  const lineCounter = new LineCounter();
  // Flow collections (`[[[…`) nest without indentation; YAML's parser and every walk after it recurse.
  const deep = depthOverflow(text);
  if (deep !== -1) {
    const message = `invalid YAML: ${tooDeepMessage(deep).replace(/ in JSON at position \d+$/, '')}`;
    return { problems: [{ file, ...lineColumn(text, deep), message }] };
  }
  // `merge`: `<<: *template` lets cases share a block of settings, as YAML users expect.
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, merge: true });
  if (doc.errors.length > 0) {
    return {
      problems: doc.errors.map((error) => {
        const at = lineCounter.linePos(error.pos[0]);
        return { file, line: at.line, column: at.col, message: `invalid YAML: ${error.message.split('\n')[0]}` };
      }),
    };
  }
  const position = (offset: number): Position => {
    const at = lineCounter.linePos(offset);
    return { line: at.line, column: at.col };
  };
  return {
    value: doc.toJS(),
    locate: (p, options) => {
      const node = yamlNodeAt(doc, p, options?.key ?? false);
      return node?.range ? position(node.range[0]) : { line: 0, column: 0 };
    },
  };
}

/** The YAML node at a path (with `key`, the key node that holds it). */
function yamlNodeAt(doc: Document, p: (string | number)[], key: boolean): YamlNode | undefined {
  let node: unknown = doc.contents;
  for (let i = 0; i < p.length; i++) {
    const part = p[i];
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(part));
      if (!pair) return undefined;
      if (key && i === p.length - 1) return pair.key as YamlNode;
      node = pair.value;
    } else if (isSeq(node) && typeof part === 'number') {
      node = node.items[part];
    } else {
      return undefined;
    }
  }
  return node as YamlNode | undefined;
}

/** The closest located position for a path: a missing key is reported where its parent is. */
function nearest(locate: Locator, p: (string | number)[], options?: { key?: boolean }): Position {
  for (let n = p.length; n >= 0; n--) {
    const at = locate(p.slice(0, n), n === p.length ? options : undefined);
    if (at.line > 0) return at;
  }
  return { line: 1, column: 1 };
}

const FORMS: Readonly<Record<string, string>> = {
  reason: 'a string (exact text), null (absent), {equals: text}, {contains: text} or {matches: regex}',
  systemMessage: 'a string (exact text), null (absent), {equals: text}, {contains: text} or {matches: regex}',
  additionalContext: 'a string (exact text), null (absent), {equals: text}, {contains: text} or {matches: regex}',
  stopReason: 'a string (exact text), null (absent), {equals: text}, {contains: text} or {matches: regex}',
  toolInput: '{equals: value}, {subset: object} or null (absent)',
  toolConfig: '{equals: value}, {subset: object} or null (absent)',
  llmRequest: '{equals: value}, {subset: object} or null (absent)',
  llmResponse: '{equals: value}, {subset: object} or null (absent)',
  output: '{equals: value}, {subset: object} or null (absent)',
  skip: 'true, false or a reason (string)',
  env: 'a string, number or boolean',
  output_stub: 'an object (written as JSON) or a string',
};

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value} ${JSON.stringify(value)}`;
}

function valueAt(root: unknown, p: readonly PropertyKey[]): unknown {
  let value = root;
  for (const part of p) value = (value as Record<PropertyKey, unknown> | undefined)?.[part];
  return value;
}

function issueProblem(file: string, parsed: Parsed, issue: z.core.$ZodIssue): FixtureProblem {
  const p = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
  const where = formatJsonPath(p) || '(top level)';
  let message: string;
  let at: Position;
  switch (issue.code) {
    case 'unrecognized_keys': {
      const [first] = issue.keys;
      at = nearest(parsed.locate, first === undefined ? p : [...p, first], { key: true });
      const keys = issue.keys.map((k) => `"${k}"`).join(', ');
      message = `${where}: unknown key${issue.keys.length > 1 ? 's' : ''} ${keys}${allowedKeysHint(p)}`;
      break;
    }
    case 'invalid_union': {
      at = nearest(parsed.locate, p);
      const last = p[p.length - 1];
      const parent = p[p.length - 2];
      const form = parent === 'env' ? FORMS.env : typeof last === 'string' ? (p.includes('stub') && last === 'output' ? FORMS.output_stub : FORMS[last]) : undefined;
      const inner = bestUnionIssue(issue);
      message = inner
        ? `${where}${inner.path.length > 0 ? `.${formatJsonPath(inner.path.filter((x): x is string | number => typeof x !== 'symbol'))}` : ''}: ${inner.message}`
        : `${where}: must be ${form ?? 'one of the allowed forms'}, got ${describeValue(valueAt(parsed.value, p))}`;
      break;
    }
    case 'invalid_type': {
      at = nearest(parsed.locate, p);
      const got = valueAt(parsed.value, p);
      message =
        got === undefined
          ? `${where}: required key is missing (expected ${issue.expected})`
          : `${where}: must be ${issue.expected === 'record' ? 'a mapping' : issue.expected === 'array' ? 'a list' : `a ${issue.expected}`}, got ${describeValue(got)}`;
      break;
    }
    case 'invalid_value': {
      at = nearest(parsed.locate, p);
      const allowed = issue.values.map((v) => JSON.stringify(v)).join(', ');
      message = `${where}: must be one of ${allowed}, got ${describeValue(valueAt(parsed.value, p))}`;
      break;
    }
    default:
      at = nearest(parsed.locate, p);
      message = `${where}: ${issue.message}`;
  }
  return { file, line: at.line, column: at.column, message };
}

/**
 * In a union, the branch that got furthest says what is really wrong (e.g. a bad regex inside
 * {matches}); when every branch failed at the top, the caller says which forms are allowed.
 */
function bestUnionIssue(issue: z.core.$ZodIssueInvalidUnion): z.core.$ZodIssue | undefined {
  for (const branch of issue.errors) {
    const deep = branch.find((i) => i.code !== 'invalid_type' && i.code !== 'unrecognized_keys' && i.code !== 'invalid_union');
    if (deep) return deep;
  }
  return undefined;
}

const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  top: ['$schema', 'defaults', 'cases'],
  defaults: ['cwd', 'env', 'dialect', 'trust', 'timeout'],
  case: ['name', 'event', 'input', 'eventFile', 'tool', 'toolInput', 'prompt', 'source', 'trigger', 'cwd', 'env', 'dialect', 'trust', 'timeout', 'skip', 'stub', 'expect'],
  expect: [
    'outcome',
    'exitCode',
    'decision',
    'reason',
    'systemMessage',
    'additionalContext',
    'stopReason',
    'toolInput',
    'toolConfig',
    'llmRequest',
    'llmResponse',
    'output',
    'fired',
    'notFired',
    'hooks',
    'stderrContains',
    'verdict',
  ],
  hook: ['fired', 'exitCode', 'timedOut', 'stderrContains', 'stdoutContains'],
  stub: ['output', 'stdout', 'stderr', 'exitCode', 'timedOut', 'durationMs'],
};

function allowedKeysHint(p: readonly (string | number)[]): string {
  let kind: string | undefined;
  if (p.length === 0) kind = 'top';
  else if (p.length === 1 && p[0] === 'defaults') kind = 'defaults';
  else if (p.length === 2 && p[0] === 'cases') kind = 'case';
  else if (p.length === 3 && p[2] === 'expect') kind = 'expect';
  else if (p.length === 5 && p[2] === 'expect' && p[3] === 'hooks') kind = 'hook';
  else if (p.length === 4 && p[2] === 'stub') kind = 'stub';
  const keys = kind ? ALLOWED[kind] : undefined;
  return keys ? ` (allowed: ${keys.join(', ')})` : '';
}
