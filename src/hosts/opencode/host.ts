// OpenCode (opencode-ai): plugins are ES modules its Bun runtime loads, with no config entry, from
// {plugin,plugins}/*.{js,ts} in .opencode/ (the project) and ~/.config/opencode/ ($XDG_CONFIG_HOME); every export
// is a plugin function returning hooks. Facts from https://opencode.ai/docs/plugins/ and the 1.18.33 binary
// (its strings, and runs of it); docs/bridge.md has them.
import path from 'node:path';
import { homeDir } from '../../pipeline/context.js';
import type { Host } from '../host.js';
import adapter from './plugin.js?raw';

export const opencode: Host = {
  name: 'opencode',
  label: 'OpenCode',
  package: 'opencode-ai',
  checked: '1.18.33',
  projectFolder: '.opencode/plugins',
  userFolder: (ctx) => path.join(ctx.env.XDG_CONFIG_HOME || path.join(homeDir(ctx), '.config'), 'opencode', 'plugins'),
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
