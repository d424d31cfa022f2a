// How Claude Code starts a command hook (kiro-claude-hooks.md B.2, B.8, B.10): shell form through `sh -c`
// (Git Bash or PowerShell on Windows), exec form when `args` is set; the full environment plus
// CLAUDE_PROJECT_DIR; `timeout` in seconds with the version's default.
import { quote } from 'shell-quote';
import { inheritedEnvironment } from '../gemini/env.js';
import type { Context } from '../../context.js';
import type { HookInvocation } from '../dialect.js';
import type { JsonObject, PlannedHook, ResolvedConfig } from '../../types.js';
import { eventRule } from './events.js';
import { profileOf } from './plan.js';
import type { Generation } from './version.js';

/** A HookInvocation that also carries what `interpret` needs to read the result as this Claude Code version would. */
export interface ClaudeInvocation extends HookInvocation {
  claude: {
    generation: Generation;
    /** `async: true`: runs, but in Claude Code its result arrives after the decision, so it takes no part in it. */
    async: boolean;
  };
}

export function isClaudeInvocation(invocation: HookInvocation): invocation is ClaudeInvocation {
  return typeof (invocation as Partial<ClaudeInvocation>).claude === 'object';
}

const CLASSIC_DEFAULT_SEC = 60;
const CURRENT_DEFAULT_SEC = 600;
const SESSION_END_BUDGET_MS = 1500;
const SESSION_END_MAX_MS = 60_000;

export function claudeInvocation(hook: PlannedHook, input: JsonObject, config: ResolvedConfig, ctx: Context): ClaudeInvocation {
  const profile = profileOf(config);
  const c = hook.entry.config;
  const cwd = typeof input.cwd === 'string' && input.cwd !== '' ? input.cwd : ctx.cwd;
  // Claude passes its whole environment; --clean-env / --env-allow narrow it as for every dialect.
  const env: Record<string, string> = config.envPolicy ? inheritedEnvironment(ctx.env, undefined, config.envPolicy) : {};
  if (!config.envPolicy) for (const [key, value] of Object.entries(ctx.env)) if (value !== undefined) env[key] = value;
  env.CLAUDE_PROJECT_DIR = ctx.cwd;

  const command = c.command ?? '';
  const execForm = profile.generation === 'current' && Array.isArray(c.args);
  let file: string;
  let args: string[];
  let shown: string;
  if (execForm) {
    // Exec form: placeholders are substituted as plain strings; no shell sees them.
    const substitute = (text: string) => text.replaceAll('${CLAUDE_PROJECT_DIR}', ctx.cwd);
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

  return {
    command: shown,
    file,
    args,
    cwd,
    env,
    stdin: JSON.stringify(input),
    timeoutMs: timeoutMs(hook, config, ctx, profile.generation),
    claude: { generation: profile.generation, async: c.async === true || c.asyncRewake === true },
  };
}

function timeoutMs(hook: PlannedHook, config: ResolvedConfig, ctx: Context, generation: Generation): number {
  const own = typeof hook.entry.config.timeout === 'number' ? hook.entry.config.timeout : undefined;
  const event = hook.entry.event;
  if (generation === 'current' && event === 'SessionEnd') {
    // SessionEnd hooks share one budget: 1.5 s, raised to the longest configured timeout up to 60 s.
    const fromEnv = Number(ctx.env.CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS);
    const longest = Math.max(
      0,
      ...config.entries.filter((e) => e.event === 'SessionEnd' && typeof e.config.timeout === 'number').map((e) => e.config.timeout as number),
    );
    const budget = fromEnv > 0 ? fromEnv : Math.min(SESSION_END_MAX_MS, Math.max(SESSION_END_BUDGET_MS, longest));
    return own === undefined ? budget : Math.min(own, budget);
  }
  if (own !== undefined) return own;
  if (generation === 'classic') return CLASSIC_DEFAULT_SEC * 1000;
  return (eventRule(event)?.currentTimeoutSec ?? CURRENT_DEFAULT_SEC) * 1000;
}
