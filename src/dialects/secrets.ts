// The values nothing hookrun prints may show (docs/safety.md "Secrets hookrun knows about"), for every
// command and every dialect: the redaction rules of the default dialect decide which (Gemini CLI's,
// hookrun's reference; DEFAULT_DIALECT in index.ts). Unlike the dialects, imported statically: the mask asks
// synchronously, at the first write that could hold an environment value, so it cannot wait for an import.
import type { Context } from '../pipeline/context.js';
import type { Secret } from '../render/mask.js';
import { geminiSecrets } from './gemini/secrets.js';

/** The secrets of the environment in `ctx`, by the default dialect's redaction rules and its user's settings files. */
export function knownSecrets(ctx: Context): readonly Secret[] {
  return geminiSecrets(ctx);
}
