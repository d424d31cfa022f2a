// Which Claude Code behaviour to follow. Claude Code's hook contract changed over its versions
// (docs/sources.md §B.5, §B.6, §B.8); `--claude-version` (or HOOKRUN_CLAUDE_VERSION) picks one.
import { usageError } from '../../pipeline/errors.js';

export type Generation = 'classic' | 'current';

export interface ClaudeProfile {
  /** What was asked for, as reports show it. */
  label: string;
  /**
   * classic: JSON read on exit 0 only, 60 s default timeout, no `if`/`args`/`defer`.
   * current: JSON read on every exit code, 600 s default (30 s UserPromptSubmit), `if`, `args`, `defer`,
   * PreCompact blockable, PermissionRequest exit 2 not honoured.
   */
  generation: Generation;
  /** Exact-list matchers accept `,` and spaces (v2.1.191). */
  listCommas: boolean;
  /** Exact-list matchers accept `-` (v2.1.195); before, a hyphenated name is a regex. */
  listHyphens: boolean;
  /** The version asked for; undefined: classic (below 2.1.3) or current (everything hookrun knows: the 2.1.328 binary). */
  version?: readonly number[];
}

export type Version = readonly [number, number, number];

/** The newest Claude Code whose binary hookrun was checked against; `current` stands for it. */
export const CHECKED_VERSION: Version = [2, 1, 328];
const OBSERVED = CHECKED_VERSION;

/**
 * Behaviours the changelog and the docs date one by one (docs/sources.md §C1): each is
 * on from its version; `current` has them all, classic none.
 */
export const SINCE = {
  /** CL 2.1.85: the handler `if` field. */
  ifField: [2, 1, 85],
  /** CL 2.1.89: permissionDecision "defer". */
  defer: [2, 1, 89],
  /** CL 2.1.101: an unknown event name no longer makes the whole settings file ignored. */
  unknownEventSkipped: [2, 1, 101],
  /** CL 2.1.105: PreCompact can block (exit 2 or decision "block"). */
  preCompactBlocks: [2, 1, 105],
  /** CL 2.1.122: a malformed hooks entry no longer invalidates the entire file. */
  malformedEntrySkipped: [2, 1, 122],
  /** CL 2.1.139: exec form (`args`). */
  execForm: [2, 1, 139],
  /** CL 2.1.158 / plugins reference: skills-directory plugins. */
  skillsDirPlugins: [2, 1, 158],
  /** CL 2.1.214: exit 2 blocks even when the stdout JSON fails validation. */
  exit2InvalidJsonBlocks: [2, 1, 214],
  /** CL 2.1.214: `if` "Edit(src/**)" is anchored at cwd (before: a directory named src at any depth). */
  ifDirAnchored: [2, 1, 214],
  // The rest were first seen in the real 2.1.328 binary (docs/claude.md, "Checked against"): the docs of
  // 2.1.240 do not have them and no changelog dates them, so they are on from the version that showed them.
  /** The handler field `onFailure: "block"`: a hook that fails, times out or cannot start blocks. */
  onFailure: OBSERVED,
  /** Stop's `hookSpecificOutput.additionalContext` keeps the turn going, as a block does. */
  stopContextContinues: OBSERVED,
  /** PermissionRequest `deny` with `interrupt: true` aborts the whole turn. */
  interruptStops: OBSERVED,
  /** SessionStart `continue: false` has no effect in a headless (`-p`) session. */
  sessionStartContinueIgnored: OBSERVED,
  /** The hook environment's AI_AGENT, CLAUDE_CODE_ENTRYPOINT, CLAUDE_EFFORT; stdin's `prompt_id`. */
  sdkEnvironment: OBSERVED,
} satisfies Record<string, Version>;

export type Feature = keyof typeof SINCE;

/** Is this behaviour on in the profile's Claude Code? */
export function has(profile: ClaudeProfile, feature: Feature | Version): boolean {
  const since = typeof feature === 'string' ? SINCE[feature] : feature;
  if (profile.version) return atLeast(profile.version, since);
  return profile.generation === 'current';
}

/** The environment variable that selects the version when `--claude-version` is not given. */
const VERSION_ENV = 'HOOKRUN_CLAUDE_VERSION';

/** Changelog 2.1.3: "Changed tool hook execution timeout from 60 seconds to 10 minutes". */
const CURRENT_SINCE = [2, 1, 3] as const;
const COMMAS_SINCE = [2, 1, 191] as const;
const HYPHENS_SINCE = [2, 1, 195] as const;

export const DEFAULT_PROFILE: ClaudeProfile = {
  label: 'classic (default)',
  generation: 'classic',
  listCommas: false,
  listHyphens: false,
};

function atLeast(version: readonly number[], since: readonly number[]): boolean {
  for (let i = 0; i < since.length; i++) {
    const a = version[i] ?? 0;
    if (a !== since[i]) return a > since[i]!;
  }
  return true;
}

/** `classic`, `current` (or `latest`), or a version number such as `2.1.3`; undefined = classic. */
export function parseClaudeVersion(value: string | undefined, origin = '--claude-version'): ClaudeProfile {
  if (value === undefined || value === '') return DEFAULT_PROFILE;
  const word = value.trim().toLowerCase();
  if (word === 'classic') return { ...DEFAULT_PROFILE, label: 'classic' };
  if (word === 'current' || word === 'latest') {
    return { label: 'current', generation: 'current', listCommas: true, listHyphens: true };
  }
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(word);
  if (!match) {
    throw usageError(`${origin} must be "classic", "current" or a Claude Code version such as 2.1.3, got "${value}"`);
  }
  const version = [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
  return {
    label: version.join('.'),
    version,
    generation: atLeast(version, CURRENT_SINCE) ? 'current' : 'classic',
    listCommas: atLeast(version, COMMAS_SINCE),
    listHyphens: atLeast(version, HYPHENS_SINCE),
  };
}

/** The flag wins over the environment variable. */
export function resolveClaudeProfile(flag: string | undefined, env: Readonly<Record<string, string | undefined>>): ClaudeProfile {
  if (flag !== undefined) return parseClaudeVersion(flag);
  return parseClaudeVersion(env[VERSION_ENV], VERSION_ENV);
}
