// Which Gemini CLI release to follow. hookrun's Gemini rules were read from the source at commit
// 5411f113ca (a 0.56.0 nightly) and checked against the published 0.61.0 binary; the releases between
// changed two things that decide whether hooks run (docs/sources.md §G10). `--gemini-version` (or
// HOOKRUN_GEMINI_VERSION) picks the release; the default is the newest one checked.
import { usageError } from '../../pipeline/errors.js';

export type GeminiVersion = readonly [number, number, number];

/** The newest release hookrun was checked against, and the default. */
export const CHECKED_VERSION: GeminiVersion = [0, 61, 0];

/** Each change from the first release whose published bundle has it (docs/sources.md §G10). */
export const SINCE = {
  /** GEMINI_RESTRICTED_MODE=true makes every folder untrusted (absent from 0.58.0's bundle). */
  restrictedMode: [0, 59, 0],
  /** System settings and system defaults files are read only when root-owned and locked down (absent from 0.59.0's bundle). */
  secureSystemFiles: [0, 60, 0],
} satisfies Record<string, GeminiVersion>;

export type GeminiFeature = keyof typeof SINCE;

export interface GeminiProfile {
  /** What was asked for, as messages show it. */
  label: string;
  version: GeminiVersion;
}

export const DEFAULT_GEMINI_PROFILE: GeminiProfile = { label: `${CHECKED_VERSION.join('.')} (default)`, version: CHECKED_VERSION };

/** The environment variable that selects the release when `--gemini-version` is not given. */
export const GEMINI_VERSION_ENV = 'HOOKRUN_GEMINI_VERSION';

/** Is this behaviour in the profile's release? */
export function geminiHas(profile: GeminiProfile, feature: GeminiFeature): boolean {
  const since = SINCE[feature];
  for (let i = 0; i < since.length; i++) {
    if (profile.version[i] !== since[i]) return profile.version[i]! > since[i]!;
  }
  return true;
}

/**
 * `latest`, or a release such as `0.56.0` (`v`, a missing minor or patch, and a pre-release suffix such as
 * `-nightly.20260822.g5411f113c` or `-preview.0` are accepted; a pre-release counts as its release).
 * Undefined or empty: the default.
 */
export function parseGeminiVersion(value: string | undefined, origin = '--gemini-version'): GeminiProfile {
  if (value === undefined || value === '') return DEFAULT_GEMINI_PROFILE;
  const word = value.trim().toLowerCase();
  if (word === 'latest') return { label: 'latest', version: CHECKED_VERSION };
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-[0-9a-z.-]+)?$/.exec(word);
  if (!match) throw usageError(`${origin} must be "latest" or a Gemini CLI release such as 0.56.0 or 0.61.0, got "${value}"`);
  return { label: value.trim(), version: [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)] };
}

/** The flag wins over the environment variable. */
export function resolveGeminiProfile(flag: string | undefined, env: Readonly<Record<string, string | undefined>>): GeminiProfile {
  if (flag !== undefined) return parseGeminiVersion(flag);
  return parseGeminiVersion(env[GEMINI_VERSION_ENV], GEMINI_VERSION_ENV);
}
