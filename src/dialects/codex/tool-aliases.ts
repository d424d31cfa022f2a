// The other names Codex matches a tool call under: an apply_patch call is matched as `apply_patch`, `Write`
// and `Edit`, each name on its own (so `^Edit$` and `Wri.*` fire too), while the payload keeps
// `tool_name: "apply_patch"`. Claude Code policies written for Edit and Write thus fire on Codex's file
// edits. Seen with the real Codex CLI 0.169.0 on PreToolUse and PostToolUse; `edit` and `MultiEdit` do not
// match. Imports nothing: the planner and the migrate vocabulary both read it.
export const CODEX_MATCHER_ALIASES: Readonly<Record<string, readonly string[]>> = {
  apply_patch: ['Write', 'Edit'],
};
