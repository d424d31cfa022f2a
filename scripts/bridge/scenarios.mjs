// What the bridge must do in each real host, as scenarios: Claude Code hooks in `.claude/settings.json`, a model
// script (the fake model on 127.0.0.1 asks for the host's shell tool), and the check on what happened. `@ROOT@`
// is the run's temp root. Run by run-host.mjs; the table in docs/bridge.md is their result per host.

const deny = (reason) => JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } });
const context = (event, text) => JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: text } });
const hook = (command) => ({ hooks: [{ type: 'command', command }] });
/** A hook that marks that it ran, then answers `json` (a case pattern on its stdin picks when). */
const marked = (name, body) => `touch @ROOT@/fired-${name}; ${body}`;

const GUARD = {
  PreToolUse: [
    {
      matcher: 'Bash',
      ...hook(marked('guard', `input=$(cat); case "$input" in *'rm -rf'*) echo '${deny('BRIDGE-BLOCK: rm -rf is not allowed here')}';; esac`)),
    },
  ],
};

export const SCENARIOS = [
  {
    name: 'guard-blocks-rm-rf',
    says: 'a Claude-format PreToolUse guard blocks `rm -rf`: the tool does not run and its reason reaches the model',
    settings: { hooks: GUARD },
    setup: { 'victim/keep.txt': 'still here\n' },
    steps: ['rm -rf @ROOT@/ws/victim'],
    check: (o) => [
      ['the guard ran', o.exists('fired-guard')],
      ['the folder survived', o.exists('ws/victim/keep.txt')],
      ['the model saw the reason', o.modelSaw('BRIDGE-BLOCK')],
    ],
  },
  {
    name: 'rewrite-applies',
    says: "a PreToolUse hook's updatedInput replaces the command: the rewritten one runs, the original does not",
    settings: {
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            ...hook(
              `input=$(cat); case "$input" in *original*) echo '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: 'echo rewritten > @ROOT@/rewritten' } } })}';; esac`,
            ),
          },
        ],
      },
    },
    steps: ['echo original > @ROOT@/original'],
    check: (o) => [
      ['the rewritten command ran', o.exists('rewritten')],
      ['the original did not', !o.exists('original')],
    ],
  },
  {
    name: 'context-reaches-model',
    says: "a PostToolUse hook's additionalContext reaches the model with the tool's result",
    settings: { hooks: { PostToolUse: [{ matcher: 'Bash', ...hook(marked('after', `echo '${context('PostToolUse', 'BRIDGE-CTX-AFTER')}'`)) }] } },
    steps: ['echo hi'],
    check: (o) => [
      ['the hook ran', o.exists('fired-after')],
      ['the model saw the context', o.modelSaw('BRIDGE-CTX-AFTER')],
    ],
  },
  {
    name: 'session-and-prompt',
    says: 'SessionStart and UserPromptSubmit context reach the model; SessionEnd runs when the host ends',
    settings: {
      hooks: {
        SessionStart: [hook(marked('start', `echo '${context('SessionStart', 'BRIDGE-CTX-START')}'`))],
        UserPromptSubmit: [hook(marked('prompt', `echo '${context('UserPromptSubmit', 'BRIDGE-CTX-PROMPT')}'`))],
        SessionEnd: [hook(marked('end', 'cat > @ROOT@/session-end.json'))],
      },
    },
    steps: ['echo hi'],
    check: (o) => [
      ['SessionStart ran', o.exists('fired-start')],
      ['its context reached the model', o.modelSaw('BRIDGE-CTX-START')],
      ['UserPromptSubmit ran', o.exists('fired-prompt')],
      ['its context reached the model', o.modelSaw('BRIDGE-CTX-PROMPT')],
      ['SessionEnd ran', o.exists('fired-end')],
    ],
  },
  {
    name: 'untrusted-project',
    says: "an untrusted project's hooks do not run (the host is told why), as the agent would not load them",
    trusted: false,
    settings: { hooks: GUARD },
    setup: { 'victim/keep.txt': 'still here\n' },
    steps: ['rm -rf @ROOT@/ws/victim'],
    check: (o) => [
      ['the guard did not run', !o.exists('fired-guard')],
      ['the host was told', o.hostSaid('is not a trusted folder')],
    ],
  },
  {
    name: 'fail-closed-without-hookrun',
    says: 'with --fail-closed and hookrun missing, nothing runs unchecked (the prompt or the tool call is blocked) and the host says why',
    bridgeArgs: ['--fail-closed'],
    env: { HOOKRUN_BIN: '@ROOT@/no-such-hookrun' },
    settings: { hooks: GUARD },
    steps: ['touch @ROOT@/ran'],
    check: (o) => [
      ['the tool did not run', !o.exists('ran')],
      ['the host (or the model) was told why', o.hostSaid('the bridge fails closed') || o.modelSaw('the bridge fails closed')],
      ['the host said hookrun is missing', o.hostSaid('hookrun was not found')],
    ],
  },
  {
    name: 'fail-open-without-hookrun',
    says: 'without --fail-closed and hookrun missing, the tool runs and the host says hookrun is missing',
    env: { HOOKRUN_BIN: '@ROOT@/no-such-hookrun' },
    settings: { hooks: GUARD },
    steps: ['touch @ROOT@/ran'],
    check: (o) => [
      ['the tool ran', o.exists('ran')],
      ['the host said hookrun is missing', o.hostSaid('hookrun was not found')],
    ],
  },
];
