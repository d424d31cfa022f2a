// OpenCode (opencode-ai): plugins are ES modules its Bun runtime loads, with no config entry, from
// {plugin,plugins}/*.{js,ts} in .opencode/ (the project) and ~/.config/opencode/ ($XDG_CONFIG_HOME); every export
// is a plugin function returning hooks. Facts from https://opencode.ai/docs/plugins/ and the 1.18.33 binary
// (its strings, and runs of it); docs/bridge.md has them.
import path from 'node:path';
import { homeDir } from '../../pipeline/context.js';
import type { Host } from '../host.js';
import adapter from './plugin.js?raw';

/** Where OpenCode (and Kilo CLI) carry each moment (src/hosts/opencode/plugin.js, which both use). */
export const OPENCODE_MOMENTS: Host['moments'] = {
  sessionStart: 'session.created event (source resume for a session from an earlier run), context via experimental.chat.system.transform',
  promptSubmit: 'chat.message',
  toolBefore: 'tool.execute.before',
  toolAfter: 'tool.execute.after',
  sessionEnd: 'dispose, session.deleted event, or SIGINT/SIGTERM/SIGHUP',
};

/** OpenCode's built-in tools (Kilo CLI's too): the shell's timeout is in milliseconds, as Claude Code's. */
export const OPENCODE_TOOLS: Host['tools'] = {
  bash: { canonical: 'shell' },
  read: { canonical: 'read', args: { filePath: 'file_path' } },
  write: { canonical: 'write', args: { filePath: 'file_path' } },
  edit: { canonical: 'edit', args: { filePath: 'file_path', oldString: 'old_string', newString: 'new_string', replaceAll: 'replace_all' } },
  glob: { canonical: 'glob' },
  grep: { canonical: 'grep', args: { include: 'glob' } },
  webfetch: { canonical: 'web_fetch' },
  websearch: { canonical: 'web_search' },
  todowrite: { canonical: 'todo' },
  task: { canonical: 'task' },
  skill: { canonical: 'skill' },
};

/** What OpenCode (and Kilo CLI) give plugins that the bridge does not carry, and why. */
export const OPENCODE_UNMAPPED: Host['unmapped'] = [
  ['session.idle event (Stop)', 'fired after the turn and not awaited: a Stop hook could not keep the agent going'],
  ['session.compacted event, experimental.session.compacting (PreCompact)', 'not forwarded: compaction hooks are outside the moments the bridge carries'],
  ['permission.ask (PermissionRequest)', "not forwarded: an ask verdict blocks instead, since tool.execute.before cannot open OpenCode's permission prompt"],
  ['a subagent session (task)', "its tool calls go to its root session's hooks; it has no prompt or session start of its own (no SubagentStart/SubagentStop)"],
  ['apply_patch, question, lsp, plan_exit tools', 'no Claude Code counterpart: they reach the hooks under their own names and arguments'],
  ["bash's tool_response", "the output text as OpenCode gives it, not Claude Code's {stdout, stderr, interrupted}"],
  ['chat.params, chat.headers, shell.env, command.execute.before, tool.definition', 'model and shell settings, not hook moments'],
];

export const opencode: Host = {
  name: 'opencode',
  label: 'OpenCode',
  package: 'opencode-ai',
  checked: '1.18.33',
  projectFolder: '.opencode/plugins',
  userFolder: (ctx) => path.join(ctx.env.XDG_CONFIG_HOME || path.join(homeDir(ctx), '.config'), 'opencode', 'plugins'),
  file: 'hookrun-bridge.js',
  moments: OPENCODE_MOMENTS,
  unmapped: OPENCODE_UNMAPPED,
  tools: OPENCODE_TOOLS,
  adapter,
};
