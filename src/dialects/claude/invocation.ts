// How Claude Code starts a command hook (docs/sources.md §B.2, §B.8, §B.10): shell form through `sh -c`
// (Git Bash or PowerShell on Windows), exec form when `args` is set; the full environment plus the
// variables Claude Code adds (docs/sources.md §C8); `timeout` in seconds with the version's
// default. An http hook becomes a POST of the event (§4, §5), sent by exec/http.ts.
import { quote } from 'shell-quote';
import { claudeEnvFile } from './env-file.js';
import { applyEnvPolicy, copyEnvironment } from '../../exec/env.js';
import type { Context } from '../../pipeline/context.js';
import type { HookInvocation } from '../dialect.js';
import type { JsonObject, PlannedHook, ResolvedConfig } from '../../pipeline/types.js';
import { eventRule, ON_FAILURE_IGNORED } from './events.js';
import { profileOf } from './plan.js';
import { isClaudeConfig } from './settings.js';
import { CHECKED_VERSION, has, type ClaudeProfile, type Generation } from './version.js';

/** Events whose hooks get CLAUDE_ENV_FILE ("Other hook types don't have access"). */
const ENV_FILE_EVENTS = new Set(['SessionStart', 'Setup', 'CwdChanged', 'FileChanged']);

/** A HookInvocation that also carries what `interpret` needs to read the result as this Claude Code version would. */
export interface ClaudeInvocation extends HookInvocation {
  claude: {
    generation: Generation;
    profile: ClaudeProfile;
    /** `async: true`: runs, but in Claude Code its result arrives after the decision, so it takes no part in it. */
    async: boolean;
    /** The event cannot be blocked for this input (ConfigChange from policy_settings). */
    unblockable: boolean;
    /** An http hook: its response is read as hooks reference §HTTP response handling says. */
    http: boolean;
    /** `onFailure: "block"` applies: a failure, a timeout or a hook that cannot start blocks as exit 2 does. */
    blockOnFailure?: boolean;
    /** The event's `tool_name`, for the checks that depend on the tool (an MCP tool's output shape). */
    tool?: string;
  };
}

export function isClaudeInvocation(invocation: HookInvocation): invocation is ClaudeInvocation {
  return typeof (invocation as Partial<ClaudeInvocation>).claude === 'object';
}

const CLASSIC_DEFAULT_SEC = 60;
export const CURRENT_DEFAULT_SEC = 600;
const SESSION_END_BUDGET_MS = 1500;
const SESSION_END_MAX_MS = 60_000;

export function claudeInvocation(hook: PlannedHook, input: JsonObject, config: ResolvedConfig, ctx: Context): ClaudeInvocation {
  const profile = profileOf(config);
  const c = hook.entry.config;
  const cwd = typeof input.cwd === 'string' && input.cwd !== '' ? input.cwd : ctx.cwd;
  const event = hook.entry.event;
  // Claude passes its whole environment; --clean-env / --env-allow narrow it as for every dialect.
  const env = applyEnvPolicy(config.envPolicy, ctx.env, () => copyEnvironment(ctx.env));
  if (profile.generation === 'current') addClaudeVariables(env, hook, input, profile, ctx);
  env.CLAUDE_PROJECT_DIR = ctx.cwd;
  const plugin = pluginOf(hook);
  if (plugin) {
    env.CLAUDE_PLUGIN_ROOT = plugin.root;
    env.CLAUDE_PLUGIN_DATA = plugin.data;
  }

  const async = c.async === true || c.asyncRewake === true;
  const claude: ClaudeInvocation['claude'] = {
    generation: profile.generation,
    profile,
    async,
    unblockable: event === 'ConfigChange' && input.source === 'policy_settings',
    http: c.type === 'http',
    blockOnFailure: c.onFailure === 'block' && !async && !ON_FAILURE_IGNORED.has(event) && has(profile, 'onFailure'),
  };
  if (typeof input.tool_name === 'string') claude.tool = input.tool_name;
  const stdin = JSON.stringify(input);
  const timeout = timeoutMs(hook, config, ctx, profile.generation);
  if (c.type === 'http') {
    const url = String(c.url);
    return {
      command: `POST ${url}`,
      file: '',
      args: [],
      cwd,
      env,
      stdin,
      timeoutMs: timeout,
      http: { url, headers: httpHeaders(c, config, ctx), allowedUrls: allowedUrls(config) },
      claude,
    };
  }

  // Plugin placeholders are substituted anywhere in the command (plugins reference), and exported too.
  const substitutePlugin = (text: string) => (plugin ? text.replaceAll('${CLAUDE_PLUGIN_ROOT}', plugin.root).replaceAll('${CLAUDE_PLUGIN_DATA}', plugin.data) : text);
  const command = substitutePlugin(c.command ?? '');
  const execForm = has(profile, 'execForm') && Array.isArray(c.args);
  let file: string;
  let args: string[];
  let shown: string;
  if (execForm) {
    // Exec form: placeholders are substituted as plain strings; no shell sees them.
    const substitute = (text: string) => substitutePlugin(text).replaceAll('${CLAUDE_PROJECT_DIR}', ctx.cwd);
    file = substitute(command);
    args = (c.args as string[]).map(substitute);
    shown = quote([file, ...args]);
  } else if (ctx.platform === 'win32') {
    const powershell = c.shell === 'powershell';
    file = powershell ? 'powershell.exe' : 'bash';
    args = powershell ? ['-NoProfile', '-NonInteractive', '-Command', command] : ['-c', command];
    shown = command;
  } else {
    file = '/bin/sh';
    args = ['-c', command];
    shown = command;
  }

  return { command: shown, file, args, cwd, env, stdin, timeoutMs: timeout, claude };
}

/** What Claude Code adds to (and takes from) the environment it passes on (env vars reference, hooks reference). */
function addClaudeVariables(env: Record<string, string>, hook: PlannedHook, input: JsonObject, profile: ClaudeProfile, ctx: Context): void {
  // Since 2.1.128 Claude Code drops OTEL_* from what its hooks inherit.
  if (has(profile, [2, 1, 128])) for (const key of Object.keys(env)) if (key.startsWith('OTEL_')) delete env[key];
  env.CLAUDECODE = '1';
  env.CLAUDE_CODE_CHILD_SESSION = '1';
  if (typeof input.session_id === 'string') env.CLAUDE_CODE_SESSION_ID = input.session_id;
  // hookrun stands in for the Claude Code process.
  if (has(profile, [2, 1, 214])) env.CLAUDE_PID = String(process.pid);
  if (ENV_FILE_EVENTS.has(hook.entry.event)) env.CLAUDE_ENV_FILE = claudeEnvFile(ctx, hook.index);
  if (has(profile, 'sdkEnvironment')) {
    // What a headless (-p) Claude Code 2.1.328 adds; a caller that runs hookrun inside a session keeps its own.
    env.AI_AGENT ??= `claude-code_${(profile.version ?? CHECKED_VERSION).join('-')}_harness`;
    env.CLAUDE_CODE_ENTRYPOINT ??= 'sdk-cli';
    env.CLAUDE_CODE_SESSION_ATTENDED ??= '0';
    // Set exactly where stdin carries `effort` (the tool events, Stop, PermissionRequest, PostToolBatch).
    const effort = input.effort;
    if (typeof effort === 'object' && effort !== null && typeof (effort as JsonObject).level === 'string') env.CLAUDE_EFFORT = (effort as JsonObject).level as string;
  }
}

interface PluginInfo {
  id: string;
  root: string;
  data: string;
}

function pluginOf(hook: PlannedHook): PluginInfo | undefined {
  const plugin = hook.entry.config.plugin as PluginInfo | undefined;
  return typeof plugin === 'object' && plugin !== null ? plugin : undefined;
}

const ENV_REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * Header values with `$VAR` / `${VAR}` resolved for the names the hook lists in `allowedEnvVars` (and the
 * settings' `httpHookAllowedEnvVars` allows, when set); every other reference becomes "".
 */
function httpHeaders(c: PlannedHook['entry']['config'], config: ResolvedConfig, ctx: Context): Record<string, string> {
  const headers: Record<string, string> = {};
  if (typeof c.headers !== 'object' || c.headers === null || Array.isArray(c.headers)) return headers;
  const own = Array.isArray(c.allowedEnvVars) ? c.allowedEnvVars.filter((v): v is string => typeof v === 'string') : [];
  const outer = isClaudeConfig(config) ? config.claude.httpEnvVars : undefined;
  const allowed = new Set(outer ? own.filter((name) => outer.includes(name)) : own);
  for (const [name, value] of Object.entries(c.headers as Record<string, unknown>)) {
    if (typeof value !== 'string') continue;
    headers[name] = value.replace(ENV_REFERENCE, (_all, braced: string | undefined, bare: string | undefined) => {
      const variable = (braced ?? bare)!;
      return allowed.has(variable) ? (ctx.env[variable] ?? '') : '';
    });
  }
  return headers;
}

function allowedUrls(config: ResolvedConfig): string[] | undefined {
  return isClaudeConfig(config) ? config.claude.httpUrls : undefined;
}

function timeoutMs(hook: PlannedHook, config: ResolvedConfig, ctx: Context, generation: Generation): number {
  const own = typeof hook.entry.config.timeout === 'number' ? hook.entry.config.timeout : undefined;
  const event = hook.entry.event;
  if (generation === 'current' && event === 'SessionEnd') {
    // SessionEnd hooks share one budget: 1.5 s, raised to the longest configured timeout up to 60 s.
    const fromEnv = Number(ctx.env.CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS);
    // Plugin hook timeouts do not raise the budget (hooks reference §SessionEnd).
    const longest = Math.max(
      0,
      ...config.entries.filter((e) => e.event === 'SessionEnd' && e.layer !== 'plugin' && typeof e.config.timeout === 'number').map((e) => e.config.timeout as number),
    );
    const budget = fromEnv > 0 ? fromEnv : Math.min(SESSION_END_MAX_MS, Math.max(SESSION_END_BUDGET_MS, longest));
    return own === undefined ? budget : Math.min(own, budget);
  }
  if (own !== undefined) return own;
  if (generation === 'classic') return CLASSIC_DEFAULT_SEC * 1000;
  return (eventRule(event)?.currentTimeoutSec ?? CURRENT_DEFAULT_SEC) * 1000;
}
