// Kilo CLI (@kilocode/cli): plugins are ES modules its Bun runtime loads from .opencode/plugin/ in the project and
// ~/.config/opencode/plugin/ ($XDG_CONFIG_HOME), each export a plugin function returning hooks. Facts from
// opencode.ai/docs/plugins and the binary at the checked version; docs/bridge.md has them.
import path from 'node:path';
import { homeDir } from '../../pipeline/context.js';
import type { Host } from '../host.js';
import adapter from './plugin.js?raw';

export const kilo: Host = {
  name: 'kilo',
  label: 'Kilo CLI',
  package: '@kilocode/cli',
  checked: '7.7.7',
  projectFolder: '.kilo/plugin',
  userFolder: (ctx) => path.join(ctx.env.XDG_CONFIG_HOME || path.join(homeDir(ctx), '.config'), 'kilo', 'plugin'),
  file: 'hookrun-bridge.js',
  moments: {
    sessionStart: 'event session.created',
    promptSubmit: 'chat.message',
    toolBefore: 'tool.execute.before',
    toolAfter: 'tool.execute.after',
    sessionEnd: 'event session.deleted',
  },
  unmapped: [],
  tools: {
    bash: { canonical: 'shell' },
    read: { canonical: 'read', args: { filePath: 'file_path' } },
    write: { canonical: 'write', args: { filePath: 'file_path' } },
    edit: { canonical: 'edit', args: { filePath: 'file_path', oldString: 'old_string', newString: 'new_string', replaceAll: 'replace_all' } },
    glob: { canonical: 'glob' },
    grep: { canonical: 'grep', args: { include: 'glob' } },
    list: { canonical: 'ls' },
    webfetch: { canonical: 'web_fetch' },
    todowrite: { canonical: 'todo' },
    task: { canonical: 'task' },
  },
  adapter,
};
