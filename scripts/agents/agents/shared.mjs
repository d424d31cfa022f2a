// How the Claude-style agents (Claude Code, Codex) spell a hook's JSON answer and their settings groups.
// Shared because both read the same shapes; each agent's file says where the groups go.

/** The JSON a hook prints for an intent on one event (`tok` makes each text findable). */
export function claudeStyleAnswer(event, intent, tok) {
  const hso = (fields) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });
  switch (intent) {
    case 'deny':
      return event === 'PreToolUse' ? hso({ permissionDecision: 'deny', permissionDecisionReason: tok('rsn') }) : { decision: 'block', reason: tok('rsn') };
    case 'allow':
      return event === 'PreToolUse' ? hso({ permissionDecision: 'allow', permissionDecisionReason: tok('rsn') }) : { decision: 'approve', reason: tok('rsn') };
    case 'ask':
      return hso({ permissionDecision: 'ask', permissionDecisionReason: tok('rsn') });
    case 'block':
      return { decision: 'block', reason: tok('rsn') };
    case 'context':
      return hso({ additionalContext: tok('ctx') });
    case 'stop':
      return { continue: false, stopReason: tok('stop') };
    case 'system':
      return { systemMessage: tok('sys') };
    default:
      throw new Error(`unknown intent ${intent}`);
  }
}

/** `{Event: [{matcher?, hooks: [{type, command, timeout?}]}]}`, one group per hook so each keeps its matcher. */
export function claudeStyleGroups(groups) {
  const hooks = {};
  for (const group of groups) {
    hooks[group.event] = group.hooks.map((h) => ({
      ...(h.matcher === undefined ? {} : { matcher: h.matcher }),
      hooks: [{ type: 'command', command: h.command, ...(h.timeout === undefined ? {} : { timeout: h.timeout }) }],
    }));
  }
  return hooks;
}
