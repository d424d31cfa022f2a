#!/usr/bin/env bash
# An agent loop in bash that knows no agent's hook protocol: before each tool call it asks
# `hookrun run --json` and acts on the report's dialect-neutral `verdict` alone, so the same loop
# guards the setup of any agent in dialects.json (Gemini CLI, Claude Code, Codex CLI, Cursor, Copilot CLI,
# Kiro CLI, Antigravity CLI, Factory Droid, Augment Auggie, Qwen Code, VS Code).
#
# Usage: agent.sh [DIALECT [CALLS_FILE]]
#   DIALECT     whose hooks guard the loop (default gemini); its workspace is agents/DIALECT
#   CALLS_FILE  one shell command per line (default: the list at the bottom)
#   HOOKRUN     how to start hookrun (default: hookrun), e.g. HOOKRUN="node /path/to/bin/hookrun.js"
# The workspace must be trusted (`hookrun trust --folder agents/DIALECT`, or HOOKRUN_TRUST_WORKSPACE=true
# for a demo): in an untrusted folder its guard does not run, the verdict says so, and this loop then
# runs nothing unguarded. Tools are simulated: run_tool only prints what would run.
set -u

here=$(cd "$(dirname "$0")" && pwd)
dialect=${1:-gemini}
read -r -a hookrun <<<"${HOOKRUN:-hookrun}"

# The pre-tool event and the shell tool's name, the only agent facts the loop needs (to ask), are in
# dialects.json, the table all three loops read.
ask=$(node -e '
  const table = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
  const row = Object.hasOwn(table, process.argv[2]) ? table[process.argv[2]] : undefined;
  if (row) process.stdout.write(`${row.event}\t${row.tool}`);' "$here/dialects.json" "$dialect")
if [ -z "$ask" ]; then echo "agent: unknown dialect $dialect" >&2; exit 1; fi
IFS=$'\t' read -r event tool <<<"$ask"

# verdict < report: the report's .verdict as NUL-separated fields, for `mapfile -d ''`: outcome, reason,
# updatedInput (JSON), the command it gives, additionalContext, then one "why<TAB>hook" per guard not run.
verdict() {
  node -e '
    let text = "";
    process.stdin.on("data", (d) => (text += d)).on("end", () => {
      const v = JSON.parse(text).verdict;
      const updated = v.updatedInput === undefined ? "" : JSON.stringify(v.updatedInput);
      const fields = [v.outcome, v.reason ?? "", updated, v.updatedInput?.command ?? "", v.additionalContext ?? ""];
      for (const h of v.notRun) fields.push(`${h.why}\t${h.hook}`);
      process.stdout.write(fields.map((f) => `${f}\0`).join(""));
    });'
}

run_tool() { echo "    RUN      $1"; }

default_calls() {
  cat <<'CALLS'
ls -la
rm -rf /
git status
CALLS
}
if [ -n "${2:-}" ]; then calls=$(cat "$2") || exit 1; else calls=$(default_calls); fi

ran=0 blocked=0 asked=0 unguarded=0 stopped=no n=0
while IFS= read -r command <&3; do
  case $command in '' | '#'*) continue ;; esac
  n=$((n + 1))
  echo "[$n] $command"
  input=$(node -e 'process.stdout.write(JSON.stringify({ command: process.argv[1] }))' "$command")
  report=$("${hookrun[@]}" run "$event" --dialect "$dialect" --tool "$tool" --tool-input "$input" -C "$here/agents/$dialect" --json --quiet)
  if [ $? -eq 1 ] || [ -z "$report" ]; then echo "    ERROR    hookrun failed; aborting" >&2; exit 1; fi
  mapfile -d '' -t v < <(verdict <<<"$report")
  outcome=${v[0]} reason=${v[1]} updated=${v[2]} updated_command=${v[3]} context=${v[4]}
  # A guard that did not run is not a "proceed": name it, and run nothing unguarded.
  missing=0
  for entry in "${v[@]:5}"; do
    case $entry in disabled$'\t'*) continue ;; esac # switched off by the user: not news
    echo "    UNGUARDED guard \"${entry#*$'\t'}\" did not run (${entry%%$'\t'*})"
    missing=1
  done
  if [ $missing = 1 ]; then unguarded=$((unguarded + 1)); continue; fi
  [ -n "$context" ] && echo "    CONTEXT  $context"
  case $outcome in
    proceed)
      if [ -n "$updated" ]; then
        echo "    REWRITE  $updated"
        command=$updated_command
      fi
      run_tool "$command"
      ran=$((ran + 1)) ;;
    block)
      echo "    BLOCKED  skipped; the model is told: $reason"
      blocked=$((blocked + 1)) ;;
    ask)
      echo "    ASK      $reason; no user to ask: not run"
      asked=$((asked + 1)) ;;
    stop)
      echo "    STOP     $reason"
      stopped=yes
      break ;;
  esac
done 3<<<"$calls"
echo "agent: $ran ran, $blocked blocked, $asked asked, $unguarded unguarded, stopped: $stopped"
