#!/bin/sh
# An Antigravity CLI PreToolUse guard for run_command. agy reads only stdout, and a PreToolUse hook
# that prints no valid decision denies the tool, so every path below prints one.
# agy runs this from the folder holding hooks.json (.agents/), with the event on stdin.
exec node -e '
let text = "";
process.stdin.on("data", (chunk) => (text += chunk));
process.stdin.on("end", () => {
  let line = "";
  try { line = String(JSON.parse(text).toolCall?.args?.CommandLine ?? ""); } catch {}
  const answer = (decision, reason) => console.log(JSON.stringify(reason ? { decision, reason } : { decision }));
  if (/\brm\s+-[a-z]*r[a-z]*f?[a-z]*\s+\/(\s|$)/.test(line)) return answer("deny", "refusing to delete the whole filesystem");
  if (/\bgit\s+push\b.*(--force|-f\b)/.test(line)) return answer("ask", "a force push rewrites shared history: confirm it");
  answer("allow");
});'
