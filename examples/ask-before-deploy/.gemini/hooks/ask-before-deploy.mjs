#!/usr/bin/env node
// BeforeTool hook for run_shell_command: ask the user before anything that publishes or deploys.
// stdout: {"decision":"ask","systemMessage":...} for deploy-like commands, nothing otherwise.
// Gemini CLI then shows its confirmation dialog, even in YOLO mode; `hookrun run` exits 3.

const DEPLOY_PATTERNS = [
  [/\b(npm|pnpm|yarn)\s+publish\b/, 'publishes a package'],
  [/\bterraform\s+(apply|destroy)\b/, 'changes real infrastructure'],
  [/\b(kubectl\s+(apply|delete|rollout|scale)|helm\s+(install|upgrade|uninstall|rollback))\b/, 'changes a Kubernetes cluster'],
  [/\b(firebase|vercel|netlify|flyctl|fly|wrangler)\s+deploy\b/, 'deploys the app'],
  [/\bgcloud\b.*\bdeploy\b/, 'deploys to Google Cloud'],
  [/\bgit\s+push\b.*\b(prod|production)\b/, 'pushes to the production branch'],
  [/(^|[\s;&|/])deploy(\.sh)?(\s|$)/, 'runs the deploy script'],
];

async function readStdin() {
  if (process.stdin.isTTY) return '';
  let data = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) data += chunk;
  return data;
}

let input;
try {
  input = JSON.parse(await readStdin());
} catch {
  process.exit(0); // no command to look at: no opinion
}
const command = input?.tool_input?.command;
if (typeof command !== 'string') process.exit(0);
// A dry run changes nothing: no need to ask.
if (/(^|\s)--dry-run\b/.test(command)) process.exit(0);

const hit = DEPLOY_PATTERNS.find(([pattern]) => pattern.test(command));
if (hit) {
  process.stdout.write(
    JSON.stringify({
      decision: 'ask',
      reason: `\`${command}\` ${hit[1]}; the ask-before-deploy hook requires the user's confirmation.`,
      systemMessage: `ask-before-deploy: \`${command}\` ${hit[1]}. Run it?`,
    }) + '\n',
  );
}
