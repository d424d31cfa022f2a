// The capture hook in a settings file, as text edits (jsonc-parser's modify/applyEdits), so the
// user's comments and layout survive: insert one definition per event, and later remove exactly
// the definitions (or hook entries) that are hookrun's. Pure: text in, text out.
import { applyEdits, findNodeAtLocation, modify, type Node, parseTree } from 'jsonc-parser';
import { configError } from '../pipeline/errors.js';
import { isPlainObject, parseJsoncObject } from '../files/jsonc.js';

export const CAPTURE_HOOK_NAME = 'hookrun-capture';
/** The capture script, copied into the workspace so the hook keeps working wherever hookrun came from. */
export const CAPTURE_SCRIPT = '.hookrun/capture.mjs';
export const CAPTURE_DIR = '.hookrun/captures';
export const RECORD_STATE = '.hookrun/record.json';
// Unquoted on purpose: Gemini CLI replaces $GEMINI_PROJECT_DIR with the shell-escaped workspace path,
// and inside quotes that escaping would break a path with spaces.
const CAPTURE_COMMAND = 'node $GEMINI_PROJECT_DIR/.hookrun/capture.mjs';

export type JsonPath = (string | number)[];

function captureDefinition(): Record<string, unknown> {
  return {
    hooks: [
      {
        type: 'command',
        name: CAPTURE_HOOK_NAME,
        command: CAPTURE_COMMAND,
        description: 'hookrun record: saves each event payload to .hookrun/captures/ and prints nothing (remove with hookrun record --stop)',
        timeout: 10000,
      },
    ],
  };
}

function isCaptureHook(hook: unknown): boolean {
  return isPlainObject(hook) && hook.name === CAPTURE_HOOK_NAME && typeof hook.command === 'string' && hook.command.includes('.hookrun/capture');
}

/** The line end the file already uses. */
export function detectEol(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

export interface Installed {
  text: string;
  /** Keys that did not exist before (removed again by --stop when they end up empty). */
  created: JsonPath[];
}

/** Adds the capture hook to every event; `text` undefined means the file does not exist yet. */
export function installCaptureHooks(text: string | undefined, file: string, events: readonly string[]): Installed {
  if (text === undefined) {
    const hooks = Object.fromEntries(events.map((e) => [e, [captureDefinition()]]));
    return { text: `${JSON.stringify({ hooks }, null, 2)}\n`, created: [['hooks'], ...events.map((e) => ['hooks', e])] };
  }
  // Gemini CLI refuses a settings file that does not parse; so does hookrun, before touching it.
  const doc = parseJsoncObject(text, file, 'Settings file is not a valid JSON object.');
  const eol = detectEol(text);
  const created: JsonPath[] = [];
  let out = text;
  // No formatter runs over the edits: it would re-lay the user's neighbouring lines, and removing the
  // entries again would then not give their text back. The inserted JSON is compact instead.
  const edit = (path: JsonPath, value: unknown) => {
    out = applyEdits(out, modify(out, path, value, {}));
  };
  const lineIndent = (offset: number): string | undefined => {
    const before = out.slice(out.lastIndexOf('\n', offset - 1) + 1, offset);
    return /^[ \t]*$/.test(before) ? before : undefined;
  };
  // A new key goes after the object's last property, on its own line when that one has its own line.
  const addProperty = (objectPath: JsonPath, key: string, value: unknown) => {
    const root = parseTree(out, [], { allowTrailingComma: false })!;
    const last = (objectPath.length > 0 ? findNodeAtLocation(root, objectPath) : root)?.children?.at(-1);
    if (!last) {
      edit([...objectPath, key], value);
      return;
    }
    const end = last.offset + last.length;
    const indent = lineIndent(last.offset);
    const separator = indent === undefined ? ', ' : `,${eol}${indent}`;
    out = `${out.slice(0, end)}${separator}${JSON.stringify(key)}: ${JSON.stringify(value)}${out.slice(end)}`;
  };
  const prepend = (path: JsonPath, value: unknown) => {
    const list = findNodeAtLocation(parseTree(out, [], { allowTrailingComma: false })!, path);
    const first = list?.children?.[0];
    if (!first) {
      out = applyEdits(out, modify(out, [...path, 0], value, { isArrayInsertion: true }));
      return;
    }
    // On its own line when the first element starts one, so the capture entry reads as one line.
    const indent = lineIndent(first.offset);
    const separator = indent === undefined ? ', ' : `,${eol}${indent}`;
    out = `${out.slice(0, first.offset)}${JSON.stringify(value)}${separator}${out.slice(first.offset)}`;
  };
  const hooks = doc.value.hooks;
  if (hooks !== undefined && !isPlainObject(hooks)) {
    throw configError(`${file}: "hooks" is not an object, so hookrun cannot add its capture hook; fix the file first`, doc.locate(['hooks']));
  }
  if (hooks === undefined) {
    addProperty([], 'hooks', Object.fromEntries(events.map((e) => [e, [captureDefinition()]])));
    created.push(['hooks'], ...events.map((e) => ['hooks', e]));
    return { text: out, created };
  }
  for (const event of events) {
    const list = hooks[event];
    if (list === undefined) {
      addProperty(['hooks'], event, [captureDefinition()]);
      created.push(['hooks', event]);
    } else if (!Array.isArray(list)) {
      throw configError(
        `${file}: hooks.${event} is not a list, so hookrun cannot add its capture hook there; fix it or leave ${event} out with --events`,
        doc.locate(['hooks', event]),
      );
    } else if (list.some((def) => isPlainObject(def) && Array.isArray(def.hooks) && def.hooks.some(isCaptureHook))) {
      throw configError(`${file}: hooks.${event} already has hookrun's capture hook; run \`hookrun record --stop\` first`, doc.locate(['hooks', event]));
    } else {
      // First in the list: in a sequential chain the capture then sees the payload before any hook changes it.
      prepend(['hooks', event], captureDefinition());
    }
  }
  return { text: out, created };
}

function childAt(node: Node | undefined, key: string | number): Node | undefined {
  if (!node) return undefined;
  if (node.type === 'array' && typeof key === 'number') return node.children?.[key];
  if (node.type === 'object') return node.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1];
  return undefined;
}

function nodeValue(node: Node | undefined): unknown {
  if (!node) return undefined;
  if (node.type === 'object') return Object.fromEntries((node.children ?? []).map((p) => [p.children?.[0]?.value, nodeValue(p.children?.[1])]));
  if (node.type === 'array') return (node.children ?? []).map(nodeValue);
  return node.value;
}

/** The next hookrun entry to remove: a whole definition when it holds only capture hooks, else the hook. */
function nextCapturePath(root: Node): JsonPath | undefined {
  const hooks = childAt(root, 'hooks');
  if (hooks?.type !== 'object') return undefined;
  for (const property of hooks.children ?? []) {
    const event = property.children?.[0]?.value as string;
    const list = property.children?.[1];
    if (list?.type !== 'array') continue;
    for (const [i, def] of (list.children ?? []).entries()) {
      const inner = childAt(def, 'hooks');
      if (inner?.type !== 'array') continue;
      const entries = (inner.children ?? []).map(nodeValue);
      const mine = entries.map(isCaptureHook);
      if (mine.length > 0 && mine.every(Boolean)) return ['hooks', event, i];
      const j = mine.indexOf(true);
      if (j >= 0) return ['hooks', event, i, 'hooks', j];
    }
  }
  return undefined;
}

/**
 * Cuts one array element with its separator: up to the next element, or from the previous one when
 * it is the last, exactly undoing an insertion. (jsonc-parser's own removal of a last element assumes
 * a line break before the bracket and cuts into the element before it when there is none.)
 */
function removeArrayElement(text: string, root: Node, path: JsonPath): string {
  const element = findNodeAtLocation(root, path)!;
  const siblings = element.parent!.children!;
  const i = siblings.indexOf(element);
  const end = element.offset + element.length;
  if (i < siblings.length - 1) return text.slice(0, element.offset) + text.slice(siblings[i + 1]!.offset);
  if (i > 0) {
    const previous = siblings[i - 1]!;
    return text.slice(0, previous.offset + previous.length) + text.slice(end);
  }
  return text.slice(0, element.offset) + text.slice(end);
}

export interface Removal {
  text: string;
  removed: number;
}

/**
 * Removes every hookrun capture entry, then the keys hookrun created if they are empty. Edits carry
 * no formatting, so the user's lines around them stay as they are. Throws when the text does not parse.
 */
export function removeCaptureHooks(text: string, file: string, created: readonly JsonPath[]): Removal {
  parseJsoncObject(text, file, 'Settings file is not a valid JSON object.');
  let out = text;
  let removed = 0;
  for (;;) {
    const root = parseTree(out, [], { allowTrailingComma: false });
    const next = root ? nextCapturePath(root) : undefined;
    if (!next) break;
    out = removeArrayElement(out, root!, next);
    removed++;
  }
  const deepestFirst = [...created].filter((p) => p.length > 0).sort((a, b) => b.length - a.length);
  for (const p of deepestFirst) {
    const root = parseTree(out, [], { allowTrailingComma: false });
    let node: Node | undefined = root;
    for (const key of p) node = childAt(node, key);
    const empty = node && (node.type === 'array' || node.type === 'object') && (node.children ?? []).length === 0;
    if (empty) out = applyEdits(out, modify(out, p, undefined, {}));
  }
  return { text: out, removed };
}

/** Does the text hold any hookrun capture entry? (false when it does not parse) */
export function hasCaptureHooks(text: string): boolean {
  const root = parseTree(text, [], { allowTrailingComma: false });
  return root !== undefined && nextCapturePath(root) !== undefined;
}
