// The environment a hook runs with (docs/sources.md §G3.4): the agent's environment (for Gemini CLI, hookrun's plus
// the .env file it loads at start-up: dialects/gemini/settings/env-file.ts) after Gemini CLI's redaction rules, the
// injected GEMINI_* variables, then the hook's own `env`. Also where GEMINI_PLANS_DIR points by default.
import path from 'node:path';
import { applyEnvPolicy, type Env } from '../../exec/env.js';
import type { EnvPolicy, JsonObject } from '../../pipeline/types.js';
import { readInputFile } from '../../files/read-input.js';
import { parseJsonBounded } from '../../files/json-depth.js';
import * as observed from '../../files/journal.js';

/**
 * `security.environmentVariableRedaction` in Gemini settings, as Gemini CLI hands it to its sanitizer:
 * the merged values as they are (a file that fails validation keeps its strings uncast), tested for
 * truthiness (`enabled`) and mapped with toUpperCase (the lists).
 */
export interface RedactionSettings {
  enabled: unknown;
  allowed: unknown;
  blocked: unknown;
}

const DEFAULT_REDACTION: RedactionSettings = { enabled: false, allowed: [], blocked: [] };

/**
 * Gemini CLI's sanitizer throws on a redaction list that is not a list of strings (`allowed: "X"` has
 * no map, `[5]` no toUpperCase): every command hook then fails without running. The message says so.
 */
export class RedactionListError extends Error {}

export const ALWAYS_ALLOWED_VARIABLES: ReadonlySet<string> = new Set([
  'PATH',
  'SYSTEMROOT',
  'COMSPEC',
  'PATHEXT',
  'WINDIR',
  'TEMP',
  'TMP',
  'USERPROFILE',
  'SYSTEMDRIVE',
  'HOME',
  'LANG',
  'SHELL',
  'TMPDIR',
  'USER',
  'LOGNAME',
  'TERM',
  'COLORTERM',
  // Inputs of Gemini's GitHub Actions workflows.
  'ADDITIONAL_CONTEXT',
  'AVAILABLE_LABELS',
  'BRANCH_NAME',
  'DESCRIPTION',
  'EVENT_NAME',
  'GITHUB_ENV',
  'IS_PULL_REQUEST',
  'ISSUES_TO_TRIAGE',
  'ISSUE_BODY',
  'ISSUE_NUMBER',
  'ISSUE_TITLE',
  'PULL_REQUEST_NUMBER',
  'REPOSITORY',
  'TITLE',
  'TRIGGERING_ACTOR',
]);

export const NEVER_ALLOWED_VARIABLES: ReadonlySet<string> = new Set([
  'CLIENT_ID',
  'DB_URI',
  'CONNECTION_STRING',
  'AWS_DEFAULT_REGION',
  'AZURE_CLIENT_ID',
  'AZURE_TENANT_ID',
  'SLACK_WEBHOOK_URL',
  'TWILIO_ACCOUNT_SID',
  'DATABASE_URL',
  'GOOGLE_CLOUD_PROJECT',
  'GOOGLE_CLOUD_ACCOUNT',
  'FIREBASE_PROJECT_ID',
]);

const SECRET_NAME_PATTERN = /TOKEN|SECRET|PASSWORD|PASSWD|KEY|AUTH|CREDENTIAL|CREDS|PRIVATE|CERT/i;

/** Values that look like secrets, as Gemini CLI's NEVER_ALLOWED_VALUE_PATTERNS (matched case-insensitively). */
const SECRET_VALUE_PATTERNS: readonly RegExp[] = [
  /-----BEGIN (RSA|OPENSSH|EC|PGP) PRIVATE KEY-----/i,
  /-----BEGIN CERTIFICATE-----/i,
  /(https?|ftp|smtp):\/\/[^:]+:[^@]+@/i,
  /(ghp|gho|ghu|ghs|ghr|github_pat)_[a-zA-Z0-9_]{36,}/i,
  // The class admits a backslash too: Gemini's source writes `\\-` inside a regex literal.
  /AIzaSy[a-zA-Z0-9_\\-]{33}/i,
  /AKIA[A-Z0-9]{16}/i,
  /eyJ[a-zA-Z0-9_-]*\.[a-zA-Z0-9_-]*\.[a-zA-Z0-9_-]*/i,
  /(s|r)k_(live|test)_[0-9a-zA-Z]{24}/i,
  /xox[abpr]-[a-zA-Z0-9-]+/i,
];

/** Redaction applies even when disabled inside GitHub Actions (or when Gemini says it runs there). */
export function isStrictSanitization(env: Env): boolean {
  return !!env['GITHUB_SHA'] || env['SURFACE'] === 'Github';
}

/** `security.environmentVariableRedaction` of the merged settings, read as Gemini CLI reads it (`?.`, then `?? default`). */
export function redactionSettingsFrom(merged: JsonObject): RedactionSettings {
  const redaction = asObject(asObject(merged['security'])?.['environmentVariableRedaction']);
  return {
    enabled: redaction?.['enabled'] ?? false,
    allowed: redaction?.['allowed'] ?? [],
    blocked: redaction?.['blocked'] ?? [],
  };
}

/** A redaction list upper-cased, as `(list || []).map((k) => k.toUpperCase())`; throws where that throws. */
function upperCased(list: unknown, key: 'allowed' | 'blocked'): Set<string> {
  const names = list || [];
  const where = `security.environmentVariableRedaction.${key}`;
  const fails = "so Gemini CLI's redaction throws (TypeError) and every command hook fails without running";
  if (!Array.isArray(names)) throw new RedactionListError(`${where} is ${JSON.stringify(list)}, not a list of names, ${fails}`);
  return new Set(
    names.map((name: unknown) => {
      if (typeof name !== 'string') throw new RedactionListError(`${where} holds ${JSON.stringify(name)}, not a name, ${fails}`);
      return name.toUpperCase();
    }),
  );
}

/**
 * Gemini CLI's `sanitizeEnvironment`. Off (a full copy) unless `enabled` is truthy or strict mode applies;
 * on, it throws a RedactionListError where Gemini's throws.
 * Otherwise each variable, name and value compared upper-cased, is kept or dropped by the first rule that
 * matches: GEMINI_CLI_* keep; secret-looking value drop; GIT_CONFIG_* keep; `allowed` keep; `blocked` drop;
 * always-allowed keep; never-allowed drop; strict mode drop; secret-looking name drop; else keep.
 */
export function sanitizeEnvironment(env: Env, settings: RedactionSettings = DEFAULT_REDACTION): Record<string, string> {
  const strict = isStrictSanitization(env);
  const result: Record<string, string> = {};
  if (!settings.enabled && !strict) {
    for (const [key, value] of Object.entries(env)) if (value !== undefined) result[key] = value;
    return result;
  }
  const allowed = upperCased(settings.allowed, 'allowed');
  const blocked = upperCased(settings.blocked, 'blocked');
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (!shouldRedact(key.toUpperCase(), value.toUpperCase(), allowed, blocked, strict)) result[key] = value;
  }
  return result;
}

function shouldRedact(key: string, value: string, allowed: Set<string>, blocked: Set<string>, strict: boolean) {
  if (key.startsWith('GEMINI_CLI_')) return false;
  if (value && SECRET_VALUE_PATTERNS.some((pattern) => pattern.test(value))) return true;
  if (key.startsWith('GIT_CONFIG_')) return false;
  if (allowed.has(key)) return false;
  if (blocked.has(key)) return true;
  if (ALWAYS_ALLOWED_VARIABLES.has(key)) return false;
  if (NEVER_ALLOWED_VARIABLES.has(key)) return true;
  if (strict) return true;
  return SECRET_NAME_PATTERN.test(key);
}

/** A variable whose value hookrun never prints: Gemini CLI's redaction rules would hide it. */
export interface SecretVariable {
  name: string;
  value: string;
}

/** Shorter values are not masked: they would match ordinary text ("1", "true", a port number). */
const MIN_SECRET_LENGTH = 6;

/**
 * The variables of `env` that Gemini CLI's redaction rules hide for what they are, not merely because
 * strict mode (CI) hides everything: a secret-looking name or value, the never-allowed list, `blocked`
 * (unless `allowed` names them). Longest value first, so a value that contains another is masked whole.
 * Lists that are not lists of names count as empty here (the run reports them).
 */
export function secretVariables(env: Env, settings: Pick<RedactionSettings, 'allowed' | 'blocked'> = DEFAULT_REDACTION): SecretVariable[] {
  const names = (list: unknown) => new Set(Array.isArray(list) ? list.filter((n): n is string => typeof n === 'string').map((n) => n.toUpperCase()) : []);
  const allowed = names(settings.allowed);
  const blocked = names(settings.blocked);
  const found: SecretVariable[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || value.trim().length < MIN_SECRET_LENGTH) continue;
    if (shouldRedact(name.toUpperCase(), value.toUpperCase(), allowed, blocked, false)) found.push({ name, value });
  }
  return found.sort((a, b) => b.value.length - a.value.length);
}

/**
 * The part of the hook environment taken from Gemini CLI's: its redaction rules applied to `agentEnv`
 * (its process environment once started: hookrun's own plus the .env file it loads; by default
 * hookrun's own), narrowed by hookrun's `--clean-env` / `--env-allow` (exec/env.ts).
 */
export function inheritedEnvironment(processEnv: Env, redaction: RedactionSettings | undefined, policy?: EnvPolicy, agentEnv: Env = processEnv): Record<string, string> {
  return applyEnvPolicy(policy, processEnv, () => sanitizeEnvironment(agentEnv, redaction), agentEnv);
}

export interface HookEnvironmentInput {
  /** What the hook inherits from hookrun's environment: inheritedEnvironment(), the same for every hook of a run. */
  inherited: Readonly<Record<string, string>>;
  /** The event's `cwd`: Gemini sets GEMINI_PROJECT_DIR, GEMINI_CWD and CLAUDE_PROJECT_DIR all to it. */
  cwd: string;
  plansDir: string;
  sessionId: string;
  /** The hook's own `env`, applied last: it may override the injected variables. */
  hookEnv?: Readonly<Record<string, unknown>>;
}

export function buildHookEnvironment(input: HookEnvironmentInput): Record<string, string> {
  const env: Record<string, string> = {
    ...input.inherited,
    GEMINI_PROJECT_DIR: input.cwd,
    GEMINI_PLANS_DIR: input.plansDir,
    GEMINI_CWD: input.cwd,
    GEMINI_SESSION_ID: input.sessionId,
    CLAUDE_PROJECT_DIR: input.cwd,
  };
  // Node's spawn skips undefined values and stringifies the rest; do the same so the env is plain strings.
  // A value that cannot become text (`{"toString": false}`) stays as it is: spawn then throws on it, and
  // the hook fails without starting, as in Gemini CLI.
  for (const [key, value] of Object.entries(input.hookEnv ?? {})) {
    if (value === undefined) continue;
    try {
      env[key] = String(value);
    } catch {
      env[key] = value as string;
    }
  }
  return env;
}

export interface PlansDirInput {
  /** Gemini's home: `~/.gemini` lives below it (see `geminiHome` in context.ts). */
  geminiHome: string;
  /** The workspace Gemini CLI would run in (its `targetDir`). */
  projectRoot: string;
  sessionId: string;
  /** A configured custom plans directory, relative to the project root (Gemini's plan settings `directory`). */
  customPlansDir?: string;
}

export interface PlansDirResult {
  plansDir: string;
  /** Set when the custom directory was refused and the default used instead. */
  warning?: string;
}

/**
 * GEMINI_PLANS_DIR: `<projectRoot>/<custom>` when a custom plans directory is configured and resolves (after
 * symlinks) inside the project root; else `<geminiHome>/.gemini/tmp/<projectId>/<sessionId>/plans`. Gemini's
 * Storage throws for a custom directory outside the root, and its Config falls back to the default with a
 * warning; hookrun does the latter.
 */
export function resolvePlansDir(input: PlansDirInput): PlansDirResult {
  const root = path.resolve(input.projectRoot);
  if (input.customPlansDir) {
    const resolved = path.resolve(root, input.customPlansDir);
    const realRoot = realPathOf(root);
    const realResolved = realPathOf(resolved);
    if (isSubpath(realRoot, realResolved)) return { plansDir: resolved };
    const warning =
      `Custom plans directory '${input.customPlansDir}' resolves to '${realResolved}', which is outside the ` +
      `project root '${realRoot}'. Falling back to the default plans directory.`;
    return { plansDir: defaultPlansDir(input), warning };
  }
  return { plansDir: defaultPlansDir(input) };
}

function defaultPlansDir(input: PlansDirInput): string {
  const geminiDir = path.join(input.geminiHome, '.gemini');
  return path.join(geminiDir, 'tmp', resolveProjectId(geminiDir, input.projectRoot), input.sessionId, 'plans');
}

/** The part of the filesystem the project-id lookup reads; injected by tests. */
export interface ProjectIdFs {
  readFile(file: string): string | undefined;
  readDir(dir: string): string[];
}

// Every event that runs a hook asks, and on most machines these files and folders are not there: a stat
// that returns nothing first, because a failed open throws, and building that error (its stack trace
// included) cost more than the rest of the lookup (docs/perf.md, Seventh round).
const realFs: ProjectIdFs = {
  readFile(file) {
    try {
      return observed.statOf(file) ? readInputFile(file, 'utf8') : undefined;
    } catch {
      return undefined;
    }
  },
  readDir(dir) {
    try {
      return observed.statOf(dir) ? observed.listDir(dir) : [];
    } catch {
      return [];
    }
  },
};

/**
 * The short project id Gemini CLI's ProjectRegistry would give `projectRoot`, computed read-only (hookrun never
 * writes Gemini's state). Gemini: the mapping in `<geminiDir>/projects.json`, if the `.project_root` ownership
 * markers in `<geminiDir>/tmp/<id>` and `<geminiDir>/history/<id>` don't name another project; else a directory
 * there whose marker names this project; else it claims the slug of the root's basename (lower-case, runs of
 * other than [a-z0-9] → `-`, trimmed, `project` if empty), then `<slug>-1`, `<slug>-2`, … skipping ids mapped
 * to other projects or owned on disk by one. Gemini then writes the mapping and markers; hookrun only predicts
 * it. (Older Gemini versions used the sha256 hex of the root path instead.)
 */
export function resolveProjectId(geminiDir: string, projectRoot: string, fsApi: ProjectIdFs = realFs): string {
  const target = path.resolve(projectRoot);
  const baseDirs = [path.join(geminiDir, 'tmp'), path.join(geminiDir, 'history')];
  const projects = readRegistry(fsApi.readFile(path.join(geminiDir, 'projects.json')));

  /** The project a slug's ownership marker in one base dir names, if there is one. */
  const ownerIn = (baseDir: string, slug: string): string | undefined => {
    const text = fsApi.readFile(path.join(baseDir, slug, '.project_root'));
    return text === undefined ? undefined : path.resolve(text.trim());
  };
  const ownedByOther = (slug: string): boolean =>
    baseDirs.some((base) => {
      const owner = ownerIn(base, slug);
      return owner !== undefined && owner !== target;
    });

  const mapped = projects[target];
  if (mapped && !ownedByOther(mapped)) return mapped;
  delete projects[target];

  for (const base of baseDirs) {
    for (const candidate of fsApi.readDir(base)) {
      if (ownerIn(base, candidate) === target) return candidate;
    }
  }

  const slug = slugify(path.basename(target) || 'project');
  const taken = new Set(Object.values(projects));
  for (let counter = 0; ; counter++) {
    const candidate = counter === 0 ? slug : `${slug}-${counter}`;
    if (!taken.has(candidate) && !ownedByOther(candidate)) return candidate;
  }
}

function readRegistry(text: string | undefined): Record<string, string> {
  if (text === undefined) return {};
  try {
    const data: unknown = parseJsonBounded(text);
    const projects = asObject(asObject(data)?.['projects']);
    const result: Record<string, string> = {};
    for (const [key, value] of Object.entries(projects ?? {})) if (typeof value === 'string') result[key] = value;
    return result;
  } catch {
    return {};
  }
}

function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '') || 'project'
  );
}

/** realpath, tolerating a path that doesn't exist yet (the nearest existing ancestor is resolved). */
function realPathOf(p: string): string {
  try {
    return observed.realpathNative(p);
  } catch {
    const parent = path.dirname(p);
    return parent === p ? p : path.join(realPathOf(parent), path.basename(p));
  }
}

function isSubpath(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
