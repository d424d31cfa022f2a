// Kilo CLI (@kilocode/cli, a fork of OpenCode): plugins are ES modules its Bun runtime loads, with no config entry,
// from {plugin,plugins}/*.{js,ts} in .kilo/ (or legacy .kilocode/) in the project and ~/.config/kilo/
// ($XDG_CONFIG_HOME), also ~/.kilo/ and ~/.kilocode/; .opencode/ is not loaded. The plugin API is OpenCode's.
// Facts from the 7.7.7 binary (its strings, its embedded kilo-config skill, and runs of it); docs/bridge.md has them.
import path from 'node:path';
import { homeDir } from '../../pipeline/context.js';
import type { Host } from '../host.js';
import { OPENCODE_MOMENTS, OPENCODE_TOOLS, OPENCODE_UNMAPPED } from '../opencode/host.js';
// Kilo's plugin API is OpenCode's (the same hooks, the same module shape, checked in the 7.7.7 binary and by
// running it): one adapter serves both.
import adapter from '../opencode/plugin.js?raw';

export const kilo: Host = {
  name: 'kilo',
  label: 'Kilo CLI',
  package: '@kilocode/cli',
  checked: '7.7.7',
  projectFolder: '.kilo/plugins',
  userFolder: (ctx) => path.join(ctx.env.XDG_CONFIG_HOME || path.join(homeDir(ctx), '.config'), 'kilo', 'plugins'),
  file: 'hookrun-bridge.js',
  moments: OPENCODE_MOMENTS,
  unmapped: [
    ...OPENCODE_UNMAPPED,
    ['board_post, board_read, schedule_wakeup, cancel_wakeup, kilo_local_recall tools', 'Kilo-only, no Claude Code counterpart: their own names and arguments'],
  ],
  // OpenCode's tools (7.7.7 has no `list` tool: read reads a directory; websearch only with KILO_ENABLE_EXA), and
  // background_process, which starts shell commands: as Bash, so that a Bash guard is not walked around.
  tools: { ...OPENCODE_TOOLS, background_process: { canonical: 'shell' } },
  adapter,
};
