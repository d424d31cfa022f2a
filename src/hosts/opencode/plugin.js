// OpenCode's adapter, and Kilo CLI's: Kilo CLI 7.x is a fork of OpenCode with the same plugin API (checked in
// the @kilocode/cli 7.7.7 binary and by running it), in its own folders (src/hosts/kilo/host.ts). Facts pinned on
// opencode-ai 1.18.33 (its compiled Bun binary; the plugin API is at https://opencode.ai/docs/plugins/ and in
// sst/opencode packages/plugin/src/index.ts):
// - a file in `{plugin,plugins}/*.{js,ts}` of a config folder (`.opencode/`, `~/.config/opencode/`; Kilo's
//   `.kilo/`, `~/.config/kilo/`) is imported by Bun, and every export must be a function `(ctx) => hooks` (else
//   "Plugin export is not a function"); ctx has `client` (the SDK), `directory`, `worktree`, `project`, `$`.
//   Hooks are awaited one after the other with (input, output).
// - `tool.execute.before` (input {tool, sessionID, callID}, output {args}): the tool then runs with that same
//   args object, so a rewrite is made in place; an Error thrown here fails the call and its message is the
//   tool result the model reads.
// - `tool.execute.after` (input {tool, sessionID, callID, args}, output {title, output, metadata}): the model
//   reads output.output afterwards (an MCP tool's output is {content: [...]}).
// - `chat.message` (input {sessionID, ...}, output {message, parts}) runs before the user's message is saved:
//   parts pushed there are saved with it; an Error thrown there refuses the prompt (the run prints an
//   "Unexpected server error", so the reason goes through notify too).
// - `experimental.chat.system.transform` (input {sessionID, model}, output {system: string[]}) runs before
//   every model request of the session.
// - `event` ({event: {type, properties}}) is fired and not awaited: session.created carries info.parentID
//   (set for a subagent's session), session.deleted info.id. `dispose` is awaited when the instance closes,
//   `opencode run` included; a signal (SIGINT/SIGTERM/SIGHUP) kills `opencode run` without it.
import { CONFIG, startBridge } from '../../bridge/runtime/client.js';

export const HookrunBridge = async ({ client, directory }) => {
  // `opencode run` and `kilo run` (argv [bun, script, 'run', ...]) have no UI but stderr; elsewhere a TUI toast.
  // Each call goes to the host's log too (~/.local/share/opencode/log/, ~/.local/share/kilo/log/). Nothing is
  // awaited: a client call made while plugins load waits on them.
  const oneShot = process.argv[2] === 'run';
  const notify = (message, level = 'info') => {
    const line = message.startsWith('hookrun') ? message : `hookrun bridge: ${message}`;
    client?.app?.log?.({ body: { service: 'hookrun-bridge', level: level === 'warning' ? 'warn' : level, message } })?.catch?.(() => {});
    if (oneShot) process.stderr.write(`${line}\n`);
    else client?.tui?.showToast?.({ body: { title: 'hookrun', message, variant: level } })?.catch?.(() => {});
  };

  let bridge;
  try {
    bridge = startBridge(CONFIG, { notify, cwd: directory });
  } catch (error) {
    notify(`could not start: ${error?.message ?? error}`, 'error');
    if (!CONFIG.failClosed) return {};
    return {
      'tool.execute.before': async () => {
        throw new Error(`hookrun bridge could not start (${error?.message ?? error}); the bridge fails closed`);
      },
    };
  }

  // One hookrun session per top-level session: a subagent's session (parentID) is its root's.
  const rootOf = new Map();
  const root = (sessionId) => rootOf.get(sessionId) ?? sessionId;
  const created = new Set();
  const started = new Map(); // root session → promise of its SessionStart context
  const startContext = new Map();
  const start = (sessionId) => {
    if (!started.has(sessionId)) {
      const source = created.has(sessionId) ? 'startup' : 'resume';
      started.set(
        sessionId,
        bridge.sessionStart({ sessionId, source }).then(({ context }) => {
          if (context) startContext.set(sessionId, context);
        }),
      );
    }
    return started.get(sessionId);
  };
  const end = async (sessionId) => {
    if (!started.has(sessionId)) return;
    started.delete(sessionId);
    startContext.delete(sessionId);
    await bridge.sessionEnd({ sessionId, reason: 'other' });
  };

  // A signal ends `opencode run` without `dispose` or an 'exit' event: SessionEnd gets a second, every serve is
  // stopped, then the signal does what it would have done had no one listened (a listener of OpenCode's own
  // keeps it from ending here).
  const onSignal = {};
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    onSignal[signal] = async () => {
      await Promise.race([Promise.all([...started.keys()].map(end)), new Promise((resolve) => setTimeout(resolve, 1000))]);
      bridge.stopAll();
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    };
    process.once(signal, onSignal[signal]);
  }

  // OpenCode's part ids are "prt_" + 12 hex digits of time + 14 base62 letters (Identifier.ascending).
  let partCount = 0;
  const partId = () => {
    const time = ((BigInt(Date.now()) * 4096n + BigInt(++partCount % 4096)) & 0xffffffffffffn).toString(16).padStart(12, '0');
    const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    return `prt_${time}${Array.from({ length: 14 }, () => abc[Math.floor(Math.random() * 62)]).join('')}`;
  };

  return {
    event: async ({ event }) => {
      const info = event.properties?.info;
      if (event.type === 'session.created' && info?.id) {
        if (info.parentID) rootOf.set(info.id, root(info.parentID));
        else {
          created.add(info.id);
          start(info.id);
        }
      }
      if (event.type === 'session.deleted' && info?.id && !info.parentID) await end(info.id);
    },

    'chat.message': async (input, output) => {
      if (rootOf.has(input.sessionID)) return; // a subagent's prompt is not the user's
      const sessionId = input.sessionID;
      await start(sessionId);
      const prompt = output.parts
        .filter((part) => part.type === 'text' && !part.synthetic)
        .map((part) => part.text)
        .join('\n');
      const { block, context } = await bridge.promptSubmit({ sessionId, prompt });
      if (block) {
        notify(`prompt blocked: ${block}`, 'error');
        throw new Error(block);
      }
      if (context) output.parts.push({ id: partId(), messageID: output.message.id, sessionID: sessionId, type: 'text', text: context, synthetic: true });
    },

    'experimental.chat.system.transform': async (input, output) => {
      const context = input.sessionID && startContext.get(root(input.sessionID));
      if (context) output.system.push(context);
    },

    'tool.execute.before': async (input, output) => {
      const { block, args } = await bridge.toolBefore({ sessionId: root(input.sessionID), tool: input.tool, args: output.args });
      if (block) throw new Error(block);
      if (args) {
        for (const key of Object.keys(output.args)) delete output.args[key];
        Object.assign(output.args, args);
      }
    },

    'tool.execute.after': async (input, output) => {
      if (!output) return;
      const text = typeof output.output === 'string' ? output.output : JSON.stringify(output.content ?? '');
      const { context } = await bridge.toolAfter({ sessionId: root(input.sessionID), tool: input.tool, args: input.args, output: text });
      if (!context) return;
      if (typeof output.output === 'string') output.output = `${output.output}\n\n${context}`;
      else if (Array.isArray(output.content)) output.content.push({ type: 'text', text: context });
    },

    dispose: async () => {
      await Promise.all([...started.keys()].map(end));
      bridge.stopAll();
      // An instance OpenCode reloads gets a new plugin: this one's listeners go with it.
      for (const [signal, listener] of Object.entries(onSignal)) process.off(signal, listener);
    },
  };
};
