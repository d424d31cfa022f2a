// The names of the dialects, and nothing else: the one module low code (the event reader, the fixture
// schema, migrate's agent list) may import to name a dialect without loading the registry above it
// (index.ts), which loads dialects. A new agent is one name here and one line in index.ts.

export const DIALECT_NAMES = ['gemini', 'claude', 'kiro', 'antigravity', 'codex', 'cursor', 'copilot', 'droid', 'auggie', 'qwen', 'vscode'] as const;

export type DialectName = (typeof DIALECT_NAMES)[number];

/** The dialect a command follows when none is named: Gemini CLI, hookrun's reference. */
export const DEFAULT_DIALECT: DialectName = 'gemini';

/** The hooks a bridged host (`hookrun bridge`) runs when none is named: Claude Code's, the format most hook configs are in. */
export const DEFAULT_BRIDGE_DIALECT: DialectName = 'claude';

/** What `--dialect` accepts: a dialect, or `auto` (the one whose configuration exists, see detect.ts). */
export const DIALECT_CHOICES: readonly string[] = [...DIALECT_NAMES, 'auto'];

export function isDialectName(name: string): name is DialectName {
  return (DIALECT_NAMES as readonly string[]).includes(name);
}
