// Gemini CLI's folder trust decision (trustedFolders.ts), checked in this order:
// 1. `--trust-workspace` (hookrun's flag, the same as GEMINI_CLI_TRUST_WORKSPACE=true for one run);
// 2. GEMINI_CLI_TRUST_WORKSPACE exactly "true" → trusted, exactly "false" → untrusted; then hookrun's
//    HOOKRUN_TRUST_WORKSPACE=true (every dialect's one-run trust) → trusted;
// 3. `security.folderTrust.enabled` falsy → the trust feature is off, every folder is trusted.
//    The caller passes settings merged WITHOUT the workspace file: a workspace cannot vouch for itself;
// 4. trustedFolders.json: the rule with the longest path key that contains the workspace wins
//    (ties: the first in the file); no rule → untrusted.
// (Gemini also asks a connected IDE before reading the file; hookrun has no IDE.)
import fs from 'node:fs';
import path from 'node:path';
import { geminiHome, type Context } from '../../../context.js';
import { configError, formatLocation, HookrunError } from '../../../errors.js';
import type { JsonObject, Location, TrustDecision } from '../../../types.js';
import { isPlainObject, parseJsoncObject } from '../../../settings/jsonc.js';
import { readParsed } from '../../../files/cache.js';
import { readIfExists } from '../../../files/atomic.js';

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
  /** Problems that make Gemini refuse to evaluate trust (parse errors, bad levels, non-object). */
  errors: TrustFileProblem[];
}

export interface TrustOptions {
  /** `--trust-workspace`. */
  trustWorkspace?: boolean;
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
    resolved = fs.realpathSync(resolved);
  } catch {
    // A folder that does not exist (yet) is recorded as written, absolute.
  }
  return resolved;
}

/** The trust decision for ctx.cwd. `settings` must be merged from system defaults, user and system only. */
export function decideFolderTrust(ctx: Context, settings: JsonObject, options: TrustOptions = {}): TrustDecision {
  if (options.trustWorkspace) return { trusted: true, by: 'flag', detail: '--trust-workspace' };
  const fromEnv = ctx.env.GEMINI_CLI_TRUST_WORKSPACE;
  if (fromEnv === 'true' || fromEnv === 'false') {
    return { trusted: fromEnv === 'true', by: 'env', detail: `GEMINI_CLI_TRUST_WORKSPACE=${fromEnv}` };
  }
  // hookrun's variable for one run, the same in every dialect (contract: trust in every dialect).
  if (ctx.env.HOOKRUN_TRUST_WORKSPACE === 'true') return { trusted: true, by: 'env', detail: 'HOOKRUN_TRUST_WORKSPACE=true' };
  if (!folderTrustEnabled(settings)) {
    return { trusted: true, by: 'feature-disabled', detail: 'security.folderTrust.enabled is false' };
  }
  const folders = loadTrustedFolders(ctx);
  if (folders.errors.length > 0) throw trustFileError(folders);
  const winner = matchingRule(folders.rules, ctx);
  if (!winner) return { trusted: false, by: 'no-rule', detail: `no rule in ${folders.file} covers ${ctx.cwd}` };
  return {
    trusted: winner.level !== 'DO_NOT_TRUST',
    by: 'file',
    // Worked out when read: the rule's line and column need trustedFolders.json's syntax tree, and
    // most runs never print the detail.
    get detail() {
      return `${winner.level} "${winner.path}" (${formatLocation(winner.location)})`;
    },
  };
}

/** `security.folderTrust.enabled ?? true`, read with Gemini's truthiness. */
export function folderTrustEnabled(settings: JsonObject): boolean {
  const security = isPlainObject(settings.security) ? settings.security : {};
  const folderTrust = isPlainObject(security.folderTrust) ? security.folderTrust : {};
  return Boolean(folderTrust.enabled ?? true);
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
    resolved = fs.realpathSync.native(resolved);
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

function trustFileError(folders: TrustedFolders): HookrunError {
  return configError(`${trustProblemLines(folders).join('\n')}\nPlease fix the configuration file and try again.`, folders.errors[0]!.location);
}
