// Pi (@mariozechner/pi-coding-agent): extensions are TypeScript modules Pi loads in its own Node process (jiti),
// auto-discovered from .pi/extensions/*.ts (or .js) and ~/.pi/agent/extensions/ ($PI_CODING_AGENT_DIR/extensions),
// with no settings entry and no trust step. Facts from the package's own extensions.md (its docs folder) and dist/ at the checked
// version (docs/bridge.md has them, with the lines): bash's timeout is in seconds, Claude Code's in milliseconds.
import path from 'node:path';
import { homeDir } from '../../pipeline/context.js';
import type { Host } from '../host.js';
import adapter from './plugin.js?raw';

export const pi: Host = {
  name: 'pi',
  label: 'Pi',
  package: '@mariozechner/pi-coding-agent',
  checked: '0.73.1',
  projectFolder: '.pi/extensions',
  userFolder: (ctx) => path.join(ctx.env.PI_CODING_AGENT_DIR || path.join(homeDir(ctx), '.pi', 'agent'), 'extensions'),
  file: 'hookrun-bridge.ts',
  moments: {
    sessionStart: 'session_start (session_compact as source compact)',
    promptSubmit: 'input',
    toolBefore: 'tool_call',
    toolAfter: 'tool_result',
    sessionEnd: 'session_shutdown',
  },
  unmapped: [
    ['agent_end (Stop, SubagentStop)', 'an extension cannot keep the agent going once it has answered, so a Stop hook could not do what it does in Claude Code'],
    ['session_before_compact (PreCompact)', 'not forwarded: compaction hooks are outside the moments the bridge carries'],
    ['user_bash', "the user's own `!` commands, not the model's tool calls: Claude Code runs no hook for them either"],
    ['PermissionRequest, Notification, SubagentStart', 'Pi has no permission dialog, notification or subagent events'],
    ["edit's `edits` list", "goes to the hooks as Pi gives it (`edits: [{oldText, newText}]`, file_path renamed): Claude Code's Edit has one old_string/new_string"],
  ],
  tools: {
    bash: { canonical: 'shell', args: { timeout: { key: 'timeout', scale: 1000 } } },
    read: { canonical: 'read', args: { path: 'file_path' } },
    write: { canonical: 'write', args: { path: 'file_path' } },
    edit: { canonical: 'edit', args: { path: 'file_path' } },
    grep: { canonical: 'grep', args: { ignoreCase: '-i', context: '-C', limit: 'head_limit' } },
    find: { canonical: 'glob' },
    ls: { canonical: 'ls' },
  },
  adapter,
};
