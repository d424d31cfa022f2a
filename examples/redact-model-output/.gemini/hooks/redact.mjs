#!/usr/bin/env node
// AfterModel hook: redact things that look like API keys or e-mail addresses in the model's reply.
// stdin: the hook event JSON (llm_request, llm_response). stdout: nothing when the chunk is clean,
// else {"hookSpecificOutput":{"llm_response":<the same response with redacted text parts>}}.
// Gemini CLI calls AfterModel once per streamed chunk, so a secret split across two chunks slips through.

const RULES = [
  ['api-key', /\bAIza[0-9A-Za-z_-]{35}\b/g], // Google API key
  ['api-key', /\b(AKIA|ASIA)[0-9A-Z]{16}\b/g], // AWS access key id
  ['api-key', /\bgh[pousr]_[A-Za-z0-9]{36,}\b/g], // GitHub token
  ['api-key', /\bgithub_pat_[A-Za-z0-9_]{22,}\b/g], // GitHub fine-grained token
  ['api-key', /\bsk-[A-Za-z0-9_-]{20,}/g], // OpenAI / Anthropic style secret key
  ['api-key', /\bxox[abpr]-[A-Za-z0-9-]{10,}/g], // Slack token
  ['email', /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/g],
];

async function readStdin() {
  if (process.stdin.isTTY) return '';
  let data = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) data += chunk;
  return data;
}

let redactions = 0;
function redact(text) {
  let out = text;
  for (const [label, pattern] of RULES) {
    out = out.replace(pattern, () => {
      redactions++;
      return `[REDACTED ${label}]`;
    });
  }
  return out;
}

let input;
try {
  input = JSON.parse(await readStdin());
} catch {
  process.exit(0); // not an AfterModel event we can read: no opinion
}
const response = input?.llm_response;
if (!response || !Array.isArray(response.candidates)) process.exit(0);

// Rewrite only text; keep finishReason, safetyRatings, usageMetadata and non-string parts as they are.
const candidates = response.candidates.map((candidate) => {
  const parts = candidate?.content?.parts;
  if (!Array.isArray(parts)) return candidate;
  return { ...candidate, content: { ...candidate.content, parts: parts.map((p) => (typeof p === 'string' ? redact(p) : p)) } };
});
const redacted = { ...response, candidates };
if (typeof response.text === 'string') redacted.text = redact(response.text);

if (redactions > 0) {
  process.stdout.write(
    JSON.stringify({
      hookSpecificOutput: { hookEventName: 'AfterModel', llm_response: redacted },
    }) + '\n',
  );
}
