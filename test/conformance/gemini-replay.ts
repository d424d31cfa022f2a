// Replays one Gemini conformance case black-box through `hookrun run`, as
// shared/conformance/README.md describes; gemini.test.ts and gemini-r2.test.ts share it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { hookrun, makeSandbox, type Sandbox, stdoutJson } from '../helpers/cli.js';

export interface GeminiCase {
  id: string;
  about: string;
  event: string;
  input: Record<string, unknown>;
  settings: { workspace?: unknown; user?: unknown; system?: unknown };
  /** Files under `<ws>/hooks/`; a name may climb out of it (`../.env` is the workspace's .env). */
  scripts?: Record<string, string>;
  output: unknown;
  exit: number;
}

/**
 * The release the older corpora (gemini-cases.json, gemini-cases-r2.json) describe: their expected outputs came
 * from Gemini CLI's own code at commit 5411f113ca, a 0.56.0 nightly. They replay under `--gemini-version 0.56.0`,
 * which reads a system settings file wherever it is; 0.60.0 and later skip the one these replays write under
 * the temp dir, so hookrun's default (0.61.0) would not give those cases' answers. The real-binary cases
 * (real-gemini-cases.json) replay under the default.
 */
export const SNAPSHOT_RELEASE = '0.56.0';

export function loadCases(file: string): GeminiCase[] {
  return JSON.parse(readFileSync(path.join(import.meta.dirname, file), 'utf8')) as GeminiCase[];
}

/** Below this a hook's timeout races a loaded box: a `bash` that starts in 5 ms idle took over 300 ms in CI. */
const TIMED_BELOW_MS = 2000;

/**
 * Whether the case gives some hook a timeout short enough that its expected output depends on how busy the
 * machine is. Such cases replay in gemini-timed.alone.test.ts, after the rest, where nothing else runs.
 * The test reads every number-like text the way Gemini's Number() cast would, and over-includes where unsure.
 */
export function isTimed(c: GeminiCase): boolean {
  let timed = false;
  JSON.stringify(c.settings, (key, value: unknown) => {
    if (key === 'timeout' && (typeof value === 'number' || typeof value === 'string')) {
      const ms = typeof value === 'number' ? value : Number(/0x[\da-f]+|[\d.]+(?:e\d+)?/i.exec(value)?.[0]);
      if (ms > 0 && ms < TIMED_BELOW_MS) timed = true;
    }
    return value;
  });
  return timed;
}

/**
 * Where hookrun's safety rules, stricter than Gemini CLI's on purpose (docs/safety.md), change a case's
 * answer: the corpus keeps what Gemini CLI answers, this table what hookrun answers and why.
 */
const HOOKRUN_DIFFERS: Readonly<Record<string, { why: string; output: unknown }>> = {
  'r2-dotenv-031': {
    why: 'MY_SECRET from the project .env is a secret by the redaction rules, and hookrun prints no secret it knows (class 6)',
    output: {
      continue: true,
      suppressOutput: false,
      systemMessage: '[["DV_A","single quoted"],["HOME","<home>"],["MY_SECRET","${MY_SECRET}"],["NO_COLOR","1"]]',
      decision: 'allow',
    },
  },
  'r2-redact-030': {
    why: 'DV_A from the project .env holds an AWS key, a secret by its value, and hookrun prints no secret it knows (class 6)',
    output: { continue: true, suppressOutput: false, systemMessage: 'NO_COLOR=1 LANG=C.UTF-8 PATH=set MY_TOKEN=x DV_A=${DV_A} GEMINI_PROJECT_DIR=set', decision: 'allow' },
  },
  'r2-dotenv-059': {
    why: 'GEMINI_CLI_IDE_SERVER_STDIO_COMMAND names a program Gemini CLI starts: from a project .env it is withheld from hooks (class 3)',
    output: { continue: true, suppressOutput: false, systemMessage: '[["DV_A","indented"],["HOME","<home>"],["NO_COLOR","1"]]', decision: 'allow' },
  },
};

/**
 * Runs the case in a fresh sandbox (added to `sandboxes` for cleanup) and asserts its output and exit code;
 * `geminiVersion`: the release to follow (`--gemini-version`), else hookrun's default.
 */
export async function replayCase(c: GeminiCase, sandboxes: Sandbox[], geminiVersion?: string): Promise<void> {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  const { workspace, user, system } = c.settings;
  if (workspace !== undefined) await sb.write(path.join(sb.ws, '.gemini/settings.json'), JSON.stringify(workspace));
  if (user !== undefined) await sb.write(path.join(sb.home, '.gemini/settings.json'), JSON.stringify(user));
  if (system !== undefined) await sb.write(sb.env.GEMINI_CLI_SYSTEM_SETTINGS_PATH!, JSON.stringify(system));
  for (const [name, content] of Object.entries(c.scripts ?? {})) {
    await sb.write(path.join(sb.ws, 'hooks', name), content, 0o755);
  }
  const version = geminiVersion === undefined ? [] : ['--gemini-version', geminiVersion];
  const result = await hookrun(['run', c.event, '--event', JSON.stringify(c.input), '--cwd', sb.ws, '--quiet', ...version], {
    env: { ...sb.env, GEMINI_CLI_TRUST_WORKSPACE: 'true' },
  });
  // The cases compare stdout and the exit code (shared/conformance/README.md). Under --quiet stderr may
  // carry only the contract's news that a guard did not run: a hook held back or one that could not start,
  // or a system file Gemini CLI skips (with every hook in it).
  const news = [
    /^hookrun: warning: \S+ hook ".*" \(\w+\) (could not start: |held back, not run)/,
    /^hookrun: warning: \S+: \d+ guard\(s\) did not run: /,
    /^hookrun: warning: .* \[system-file-insecure\]$/,
  ];
  expect(
    result.stderr.split('\n').filter((line) => line !== '' && !news.some((n) => n.test(line))),
    c.about,
  ).toEqual([]);
  const differs = HOOKRUN_DIFFERS[c.id];
  expect(stdoutJson(result), differs ? `${c.about} (hookrun differs: ${differs.why})` : c.about).toEqual(differs ? differs.output : c.output);
  expect(result.exitCode, c.about).toBe(c.exit);
}
