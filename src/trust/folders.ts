// hookrun's own folder record, the one docs/safety.md "Trust in every dialect" names: the folder rules
// that `hookrun trust --folder` writes. By that rule the record IS Gemini CLI's trustedFolders.json
// (`<geminiHome>/.gemini/trustedFolders.json`, or GEMINI_CLI_TRUSTED_FOLDERS_PATH), in its format: a JSONC
// object of folder path → TRUST_FOLDER | TRUST_PARENT | DO_NOT_TRUST, where the longest rule key that
// contains the folder wins. So its reader is a shared mechanism: every dialect whose own trust record
// hookrun cannot read decides from it (trust/workspace.ts), and the Gemini dialect reads the same file
// as Gemini CLI's own record (the Gemini dialect's trust/folders.ts adds Gemini's order of checks). The
// writer is trust/folders-edit.ts, loaded only by the commands that write.
import path from 'node:path';
import { geminiHome, type Context } from '../pipeline/context.js';
import { formatLocation, HookrunError } from '../pipeline/errors.js';
import type { Location } from '../pipeline/types.js';
import { parseJsoncObject } from '../files/jsonc.js';
import { readParsed } from '../files/cache.js';
import { readIfExists } from '../files/atomic.js';
import * as observed from '../files/journal.js';

export const TRUST_LEVELS = ['TRUST_FOLDER', 'TRUST_PARENT', 'DO_NOT_TRUST'] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];

export interface TrustRule {
  /** The path exactly as written in the file (the key). */
  path: string;
  level: TrustLevel;
  location: Location;
}

export interface TrustFileProblem {
  message: string;
  location: Location;
}

export interface TrustedFolders {
  file: string;
  exists: boolean;
  rules: TrustRule[];
  /** Problems that make the file unusable (parse errors, bad levels, non-object): Gemini CLI then refuses to decide, and it vouches for no folder. */
  errors: TrustFileProblem[];
}

export function trustedFoldersPath(ctx: Context): string {
  const override = ctx.env.GEMINI_CLI_TRUSTED_FOLDERS_PATH;
  return override ? override : path.join(geminiHome(ctx), '.gemini', 'trustedFolders.json');
}

/** Reads trustedFolders.json (JSONC) without judging: problems are returned, not thrown. */
export function loadTrustedFolders(ctx: Context): TrustedFolders {
  const file = trustedFoldersPath(ctx);
  try {
    // Kept between the events of a server while the file is unchanged (src/files/cache.ts).
    return readParsed(file, parseTrustedFolders, readIfExists);
  } catch (error) {
    return { file, exists: true, rules: [], errors: [problemFrom(error, file)] };
  }
}

/** The rules and problems of trustedFolders.json text (undefined: the file does not exist). */
export function parseTrustedFolders(text: string | undefined, file: string): TrustedFolders {
  const result: TrustedFolders = { file, exists: text !== undefined, rules: [], errors: [] };
  if (text === undefined) return result;
  try {
    const doc = parseJsoncObject(text, file, 'Trusted folders file is not a valid JSON object.');
    for (const [rulePath, level] of Object.entries(doc.value)) {
      const location = doc.locate([rulePath], { key: true });
      if (isTrustLevel(level)) result.rules.push({ path: rulePath, level, location });
      else result.errors.push({ message: invalidLevelMessage(level, rulePath), location });
    }
  } catch (error) {
    result.errors.push(problemFrom(error, file));
  }
  return result;
}

/**
 * The key a rule for `target` is written under: absolute, symlinks resolved when the folder exists, no
 * trailing separator. That is the folder Gemini CLI's trust dialog records (its working directory, which
 * the OS reports with symlinks resolved), so hookrun and Gemini CLI write the same key for one folder.
 */
export function normalizeFolderKey(ctx: Context, target: string): string {
  let resolved = path.resolve(ctx.cwd, target);
  try {
    resolved = observed.realpath(resolved);
  } catch {
    // A folder that does not exist (yet) is recorded as written, absolute.
  }
  return resolved;
}

/** Longest rule key wins; `>` keeps the first of equally long keys. */
export function matchingRule(rules: TrustRule[], ctx: Context): TrustRule | undefined {
  const location = canonical(ctx.cwd, ctx);
  let winner: TrustRule | undefined;
  for (const rule of rules) {
    const effective = rule.level === 'TRUST_PARENT' ? path.dirname(rule.path) : rule.path;
    if (!isWithin(location, canonical(effective, ctx))) continue;
    if (!winner || rule.path.length > winner.path.length) winner = rule;
  }
  return winner;
}

export function isTrustLevel(value: unknown): value is TrustLevel {
  return typeof value === 'string' && (TRUST_LEVELS as readonly string[]).includes(value);
}

function invalidLevelMessage(level: unknown, rulePath: string): string {
  return `Invalid trust level "${String(level)}" for path "${rulePath}". Possible values are: ${TRUST_LEVELS.join(', ')}.`;
}

/** Realpath when the path exists (symlinks resolved), case-folded where the file system usually is. */
function canonical(target: string, ctx: Context): string {
  let resolved = path.resolve(ctx.cwd, target);
  try {
    resolved = observed.realpathNative(resolved);
  } catch {
    // A missing or unreadable path is compared as written, as Gemini does.
  }
  return ctx.platform === 'win32' || ctx.platform === 'darwin' ? resolved.toLowerCase() : resolved;
}

function isWithin(location: string, root: string): boolean {
  const rootWithSep = root.endsWith(path.sep) ? root : root + path.sep;
  return location === root || location.startsWith(rootWithSep);
}

function problemFrom(error: unknown, file: string): TrustFileProblem {
  if (error instanceof HookrunError) {
    return { message: error.message.replace(`Error in ${file}: `, ''), location: error.location ?? { file, line: 0, column: 0, path: [] } };
  }
  return { message: error instanceof Error ? error.message : String(error), location: { file, line: 0, column: 0, path: [] } };
}

/** Gemini CLI's "Error in <file>: <message>" lines, with the position added after the file name. */
export function trustProblemLines(folders: TrustedFolders): string[] {
  return folders.errors.map((problem) => {
    const where = formatLocation(problem.location);
    return `Error in ${where}: ${problem.message.replace(` in ${where}`, '')}`;
  });
}
