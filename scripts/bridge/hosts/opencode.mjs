// OpenCode (opencode-ai, a compiled Bun executable) driven offline against the fake model on 127.0.0.1.
// Facts pinned on 1.18.33 from its binary (`strings`) and runs of it; the plugin API is at
// https://opencode.ai/docs/plugins/ and the config at https://opencode.ai/docs/config/.
import path from 'node:path';
import { fakeModelConfig, homeEnv, noopPlugin, seeded } from './opencode-family.mjs';

export default {
  name: 'opencode',
  label: 'OpenCode',
  package: 'opencode-ai',
  version: '1.18.33',
  // A Bun executable: with BUN_BE_BUN=1 it runs a script as `bun` would (latency.mjs measures the runtime there).
  bun: true,
  // The package's bin (bin/opencode.exe) is the compiled executable for this platform, copied in by postinstall.
  bin(dir) {
    return path.join(dir, 'node_modules', 'opencode-ai', 'bin', 'opencode.exe');
  },
  setup({ port, home }) {
    const config = {
      $schema: 'https://opencode.ai/config.json',
      ...fakeModelConfig(port),
      permission: { '*': 'allow' }, // `opencode run` cannot answer a permission prompt
    };
    return {
      env: {
        ...homeEnv(home),
        OPENCODE_DISABLE_MODELS_FETCH: '1', // no models.dev catalogue fetch (the bundled snapshot is used)
        OPENCODE_DISABLE_AUTOUPDATE: '1', // no update check
        OPENCODE_DISABLE_SHARE: '1', // no session sharing
        OPENCODE_DISABLE_LSP_DOWNLOAD: '1', // no language server downloads
        OPENCODE_DISABLE_CLAUDE_CODE: '1', // does not read ~/.claude or .claude (CLAUDE.md, skills): the hooks' files stay hookrun's
        OPENCODE_DISABLE_DEFAULT_PLUGINS: '1', // no built-in auth plugins (Copilot, Codex, GitLab...)
        OPENCODE_DISABLE_EXTERNAL_SKILLS: '1',
      },
      files: { 'opencode.json': `${JSON.stringify(config, null, 2)}\n`, ...seeded('.opencode', '@opencode-ai/plugin') },
      homeFiles: seeded('.config/opencode', '@opencode-ai/plugin'),
    };
  },
  // `opencode run <message>` runs one prompt and exits once the session is idle.
  command({ prompt }) {
    return ['run', prompt];
  },
  // The shell tool is `bash` {command, timeout (ms), workdir}.
  shellCall(command) {
    return { name: 'bash', args: { command } };
  },
  // Plugins load from {plugin,plugins}/*.{js,ts} in each config folder: .opencode upward from the project and
  // ~/.config/opencode ($XDG_CONFIG_HOME/opencode).
  pluginDirs: { project: '.opencode/plugins', user: '.config/opencode/plugins' },
  noopPlugin: noopPlugin('.opencode/plugins'),
};
