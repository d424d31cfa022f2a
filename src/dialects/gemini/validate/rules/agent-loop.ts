// Traps in Gemini CLI's agent loop, around the hook engine whose decisions hookrun reproduces: seen end to
// end with the real 0.61.0 binary (docs/sources.md §G11). Each rule finds a hook that falls into one: by its
// event and matcher, and by what its command (or the script the command starts) says.
import { matchEntry } from '../../plan.js';
import { RESTRICTED_MODE } from '../../trust/folders.js';
import type { Definition } from '../model.js';
import { scriptTextOf } from './commands.js';
import { hooksOf, isObjectLike, type Report, type Rule } from './types.js';
import type { Context } from '../../../../pipeline/context.js';

/** `decision` set to `ask`, as JSON, a JSON string inside a shell string, or a Python or JS literal writes it. */
const ASKS = /\bdecision\\?["']?\s*[:=]\s*\\?["']ask\\?["']/;
const READS_PROMPT_RESPONSE = /\bprompt_response\b/;

export const agentLoopRules: Rule = (model, report) => {
  for (const definition of model.definitions) {
    if (definition.event === 'PreCompress') preCompressRule(definition, report);
    if (definition.event !== 'BeforeTool' && definition.event !== 'AfterAgent') continue;
    const registered = new Set(definition.entries.map((entry) => entry.location?.path.at(-1)));
    hooksOf(definition.value).forEach((hook, index) => {
      if (!isObjectLike(hook) || typeof hook.command !== 'string' || !registered.has(index) || hook.type === 'runtime') return;
      const location = definition.locate(['hooks', index, 'command']);
      const says = (pattern: RegExp) => pattern.test(hook.command as string) || pattern.test(scriptOf(hook.command as string, model.ctx));
      if (definition.event === 'BeforeTool' && says(ASKS)) {
        report(
          'ask-hangs-headless',
          'This BeforeTool hook can answer "decision": "ask". Interactively Gemini CLI then asks the user to confirm the tool call; in a headless run (`gemini -p … --yolo`) nobody can answer and Gemini CLI waits forever (the confirmation has no timeout; Notification fires just before). Without --yolo, `-p` never offers a tool that needs confirmation, so the hook does not fire for it.',
          location,
          'For headless runs answer "deny" with a reason (or "allow") instead of "ask"; keep "ask" for interactive sessions.',
        );
      }
      if (definition.event === 'AfterAgent' && says(READS_PROMPT_RESPONSE)) {
        report(
          'prompt-response-repeats',
          'This AfterAgent hook reads prompt_response, in which Gemini CLI repeats streamed text: a reply streamed as "All " and "done." arrives as "All done. done." (the chunks are joined after the first has already grown by the later ones; turns after a retry are joined with a newline).',
          location,
          'Do not compare prompt_response exactly or rely on its length; look for what you need in it (or in the transcript at transcript_path).',
        );
      }
    });
  }
  skipTrustRule(model.layers, model.trust, report);
};

function scriptOf(command: string, ctx: Context): string {
  return scriptTextOf(command, ctx) ?? '';
}

/** A PreCompress hook that runs for `trigger: "auto"` runs before every model request, compression or not. */
function preCompressRule(definition: Definition, report: Report): void {
  if (definition.entries.length === 0) return;
  const matcher = isObjectLike(definition.value) ? definition.value.matcher : undefined;
  const verdict = matchEntry(matcher, { kind: 'exact', field: 'trigger', value: 'auto' });
  if (!('matches' in verdict) || !verdict.matches) return;
  report(
    'precompress-every-request',
    'This PreCompress hook runs for trigger "auto", which Gemini CLI fires before every model request, whether it then compresses the chat or not (it fires before the threshold test; google-gemini/gemini-cli#18083): many times per prompt, not once per compression.',
    definition.locate(matcher ? ['matcher'] : []),
    'Keep the hook cheap and idempotent (it cannot tell a real compression from the rest), or give it the matcher "manual" to run only for /compress.',
  );
}

/** Workspace hooks in an untrusted folder: `gemini --skip-trust` does not make them run. */
function skipTrustRule(layers: Parameters<Rule>[0]['layers'], trust: Parameters<Rule>[0]['trust'], report: Report): void {
  // Restricted mode wins over any trust; its own finding (untrusted-folder) says how to undo it.
  if (!trust || trust.trusted || trust.detail === RESTRICTED_MODE) return;
  const workspace = layers.find((layer) => layer.layer === 'workspace');
  if (!workspace?.doc || workspace.skipped || !isObjectLike(workspace.settings.hooks) || Object.keys(workspace.settings.hooks).length === 0) return;
  report(
    'skip-trust-workspace-hooks',
    'The folder is not trusted, so Gemini CLI does not load these workspace hooks, and `gemini --skip-trust` does not change that: Gemini CLI reads its settings before the flag takes effect, so it then runs the user hooks but not the workspace ones.',
    workspace.doc.locate(['hooks'], { key: true }),
    "Trust the folder (Gemini CLI's trust dialog, or `hookrun trust --folder`), or start Gemini CLI with GEMINI_CLI_TRUST_WORKSPACE=true.",
  );
}
