// Pi (@mariozechner/pi-coding-agent): a bridged host. Extensions are .ts/.js modules auto-loaded (through
// jiti, in pi's own Node process) from <project>/.pi/extensions/ and ~/.pi/agent/extensions/ (docs/extensions.md
// "Extension Locations"; dist/core/extensions/loader.js discoverAndLoadExtensions). Custom OpenAI-compatible
// providers live in ~/.pi/agent/models.json (docs/models.md); `pi -p` runs one prompt and exits (dist/cli/args.js).
import path from 'node:path';

export default {
  name: 'pi',
  label: 'Pi',
  package: '@mariozechner/pi-coding-agent',
  version: '0.73.1',
  bin: (dir) => path.join(dir, 'node_modules/@mariozechner/pi-coding-agent/dist/cli.js'),
  setup({ port }) {
    // The fake model as the only provider: chat completions, no developer role or reasoning_effort
    // (docs/models.md "Minimal Example"); apiKey is a literal value, not an env name.
    const models = {
      providers: {
        fake: {
          baseUrl: `http://127.0.0.1:${port}/v1`,
          api: 'openai-completions',
          apiKey: 'sk-fake',
          compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
          models: [{ id: 'fake-model', name: 'fake-model', reasoning: false, input: ['text'], contextWindow: 128000, maxTokens: 4096 }],
        },
      },
    };
    const settings = {
      defaultProvider: 'fake',
      defaultModel: 'fake-model',
      // the install ping to pi.dev/api/report-install (docs/settings.md "Telemetry and update checks")
      enableInstallTelemetry: false,
      quietStartup: true,
      // one model call per request: no agent-level or SDK retries against the fake server
      retry: { enabled: false, provider: { maxRetries: 0 } },
      compaction: { enabled: false },
    };
    return {
      env: {
        // PI_OFFLINE=1 (same as --offline): no version check (pi.dev/api/latest-version), no package update
        // checks, no install telemetry, no fd/rg downloads from GitHub by the find/grep tools
        // (dist/main.js:322, dist/utils/tools-manager.js, dist/modes/interactive/interactive-mode.js:554,638).
        PI_OFFLINE: '1',
        // belt and braces for the two pings (dist/utils/version-check.js:44, dist/core/telemetry.js:6)
        PI_SKIP_VERSION_CHECK: '1',
        PI_TELEMETRY: '0',
      },
      files: {},
      homeFiles: {
        '.pi/agent/models.json': `${JSON.stringify(models, null, 2)}\n`,
        '.pi/agent/settings.json': `${JSON.stringify(settings, null, 2)}\n`,
      },
    };
  },
  // -p: "Non-interactive mode: process prompt and exit"; --offline as well as PI_OFFLINE (dist/cli/args.js).
  command: ({ prompt }) => ['-p', '--offline', '--provider', 'fake', '--model', 'fake-model', prompt],
  // Built-in bash tool: { command: string, timeout?: number /* seconds */ } (dist/core/tools/bash.js:14).
  shellCall: (command) => ({ name: 'bash', args: { command } }),
  // <cwd>/.pi/extensions/*.js and ~/.pi/agent/extensions/*.js, no settings entry needed (loader.js:365,470).
  pluginDirs: { project: '.pi/extensions', user: '.pi/agent/extensions' },
  // An extension with the bridge's handlers that do nothing: what any such extension costs in Pi (latency.mjs).
  noopPlugin: {
    file: '.pi/extensions/noop.ts',
    text: "export default function (pi) { for (const e of ['session_start', 'input', 'before_agent_start', 'tool_call', 'tool_result', 'session_shutdown']) pi.on(e, async () => {}); }\n",
  },
};
