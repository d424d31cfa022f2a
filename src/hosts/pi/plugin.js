// Pi's adapter (@mariozechner/pi-coding-agent 0.73.1): a pi extension, i.e. a module whose default export is a
// factory called with pi's ExtensionAPI (docs/extensions.md "Writing an Extension"). Pi loads it through jiti
// in its own Node process, from .pi/extensions/*.js or ~/.pi/agent/extensions/*.js (dist/core/extensions/loader.js).
// A session switch (/new, /resume, /fork, /reload) tears this instance down (session_shutdown) and loads a fresh
// one (session_start), so each instance bridges one session.
import { CONFIG, startBridge } from '../../bridge/runtime/client.js';

export default function hookrunBridge(pi) {
  let bridge;
  let lastCtx;
  let broken;
  const pending = []; // session-start / prompt context, handed to the model with the next prompt

  // ctx.ui.notify is a no-op without a UI (print -p and json modes, docs/extensions.md "Mode Behavior"), so
  // there the message goes to stderr, which pi's print mode keeps off stdout (dist/core/output-guard.js).
  const notify = (message, level = 'info') => {
    if (lastCtx?.hasUI) lastCtx.ui.notify(`hookrun: ${message}`, level === 'warning' || level === 'error' ? level : 'info');
    else console.error(`hookrun ${level}: ${message}`);
  };

  const get = (ctx) => {
    lastCtx = ctx;
    if (!bridge && !broken) {
      try {
        bridge = startBridge(CONFIG, { notify, cwd: ctx.cwd });
      } catch (error) {
        broken = `hookrun bridge (${CONFIG.label}) could not start: ${error?.message ?? error}`;
        notify(broken, 'error');
      }
    }
    return bridge;
  };
  const sessionId = (ctx) => ctx.sessionManager.getSessionId();

  // Pi's session_start reasons (docs/extensions.md "session_start") as Claude's SessionStart sources.
  const SOURCE = { startup: 'startup', reload: 'resume', new: 'clear', resume: 'resume', fork: 'resume' };
  pi.on('session_start', async (event, ctx) => {
    const answer = await get(ctx)?.sessionStart({ sessionId: sessionId(ctx), source: SOURCE[event.reason] ?? 'startup' });
    if (answer?.context) pending.push(answer.context);
  });
  pi.on('session_compact', async (_event, ctx) => {
    const answer = await get(ctx)?.sessionStart({ sessionId: sessionId(ctx), source: 'compact' });
    if (answer?.context) pending.push(answer.context);
  });

  // input: the user's prompt before expansion; { action: 'handled' } drops it without calling the model
  // (docs/extensions.md "input"). Prompts an extension sends (source 'extension') are not the user's.
  pi.on('input', async (event, ctx) => {
    if (event.source === 'extension') return;
    const answer = await get(ctx)?.promptSubmit({ sessionId: sessionId(ctx), prompt: event.text });
    if (answer?.block) {
      notify(answer.block, 'warning');
      return { action: 'handled' };
    }
    if (answer?.context) pending.push(answer.context);
  });
  // before_agent_start may add a message that is stored and sent to the model as user content
  // (docs/extensions.md "before_agent_start"; dist/core/messages.js turns role 'custom' into 'user').
  pi.on('before_agent_start', () => {
    if (pending.length === 0) return;
    const content = pending.splice(0).join('\n');
    return { message: { customType: 'hookrun', content, display: false } };
  });

  // tool_call: { block: true, reason } ends the call with reason as the tool's error result the model reads;
  // event.input is the arguments object the tool runs with, mutated in place (docs/extensions.md "tool_call";
  // pi-agent-core dist/agent-loop.js prepareToolCall). A throw here also blocks (pi fails safe).
  pi.on('tool_call', async (event, ctx) => {
    const b = get(ctx);
    if (!b) return CONFIG.failClosed ? { block: true, reason: `${broken}; the bridge fails closed` } : undefined;
    const answer = await b.toolBefore({ sessionId: sessionId(ctx), tool: event.toolName, args: event.input });
    if (answer.block) {
      // an ask: pi's own confirm dialog where there is a UI (interactive, RPC), else a block
      if (answer.ask && ctx.hasUI && (await ctx.ui.confirm('hookrun: allow this tool call?', answer.block))) return;
      return { block: true, reason: answer.block };
    }
    if (answer.args) {
      for (const key of Object.keys(event.input)) if (!(key in answer.args)) delete event.input[key];
      Object.assign(event.input, answer.args);
    }
  });

  // tool_result: returning { content } replaces what the model sees as the tool's result (docs/extensions.md
  // "tool_result"); the hooks' context is appended to it as one more text part.
  pi.on('tool_result', async (event, ctx) => {
    const output = (event.content ?? [])
      .filter((part) => part.type === 'text')
      .map((part) => part.text)
      .join('');
    const answer = await get(ctx)?.toolAfter({ sessionId: sessionId(ctx), tool: event.toolName, args: event.input, output });
    if (answer?.context) return { content: [...(event.content ?? []), { type: 'text', text: answer.context }] };
  });

  // session_shutdown: fired on quit (print mode's end too, and SIGTERM/SIGHUP) and before a session switch
  // (docs/extensions.md "session_shutdown"; dist/modes/print-mode.js). Pi awaits it, then this instance is gone.
  const END = { quit: 'prompt_input_exit', new: 'clear' };
  pi.on('session_shutdown', async (event, ctx) => {
    if (!bridge) return;
    await bridge.sessionEnd({ sessionId: sessionId(ctx), reason: ctx.hasUI ? (END[event.reason] ?? 'other') : 'other' });
    bridge.stopAll();
  });
}
