#!/usr/bin/env python3
"""An agent loop in Python (standard library only) that knows no agent's hook protocol: it starts
`hookrun serve` once, asks it before each tool call, and acts on the answer's dialect-neutral `verdict`
alone, so the same loop guards the setup of any agent in dialects.json (Gemini CLI, Claude Code, Codex CLI,
Cursor, Copilot CLI, Kiro CLI, Antigravity CLI, Factory Droid, Augment Auggie, Qwen Code, VS Code). It does
what agent.sh does, line for line.

Usage: agent.py [DIALECT [CALLS_FILE]]   (HOOKRUN: how to start hookrun, default "hookrun")
"""
import json
import os
import shlex
import subprocess
import sys

# The pre-tool event and the shell tool's name, the only agent facts the loop needs (to ask), are in
# dialects.json, the table all three loops read.
HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "dialects.json"), encoding="utf-8") as table:
    ASK = json.load(table)
DEFAULT_CALLS = ["ls -la", "rm -rf /", "git status"]


def main() -> int:
    dialect = sys.argv[1] if len(sys.argv) > 1 else "gemini"
    if dialect not in ASK:
        print(f"agent: unknown dialect {dialect}", file=sys.stderr)
        return 1
    event, tool = ASK[dialect]["event"], ASK[dialect]["tool"]
    calls = DEFAULT_CALLS
    if len(sys.argv) > 2:
        with open(sys.argv[2], encoding="utf-8") as f:
            calls = f.read().splitlines()
    hookrun = shlex.split(os.environ.get("HOOKRUN", "hookrun"))
    server = subprocess.Popen(
        [*hookrun, "serve", "--dialect", dialect, "-C", os.path.join(HERE, "agents", dialect)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8",
    )
    counts = {"ran": 0, "blocked": 0, "asked": 0, "unguarded": 0}
    stopped = "no"
    n = 0
    for command in calls:
        if command == "" or command.startswith("#"):
            continue
        n += 1
        print(f"[{n}] {command}")
        request = {"jsonrpc": "2.0", "id": n, "method": "run",
                   "params": {"event": event, "input": {}, "options": {"tool": tool, "toolInput": json.dumps({"command": command})}}}
        server.stdin.write(json.dumps(request) + "\n")
        server.stdin.flush()
        answer = json.loads(server.stdout.readline() or "{}")
        if "result" not in answer:
            print(f"    ERROR    hookrun failed: {answer.get('error')}; aborting", file=sys.stderr)
            return 1
        verdict = answer["result"]["verdict"]
        # A guard that did not run is not a "proceed": name it, and run nothing unguarded.
        missing = [h for h in verdict["notRun"] if h["why"] != "disabled"]
        if missing:
            for h in missing:
                print(f'    UNGUARDED guard "{h["hook"]}" did not run ({h["why"]})')
            counts["unguarded"] += 1
            continue
        if verdict.get("additionalContext"):
            print(f"    CONTEXT  {verdict['additionalContext']}")
        outcome = verdict["outcome"]
        if outcome == "proceed":
            updated = verdict.get("updatedInput")
            if updated is not None:
                print(f"    REWRITE  {json.dumps(updated, separators=(',', ':'))}")
                command = updated.get("command", "")
            print(f"    RUN      {command}")
            counts["ran"] += 1
        elif outcome == "block":
            print(f"    BLOCKED  skipped; the model is told: {verdict.get('reason', '')}")
            counts["blocked"] += 1
        elif outcome == "ask":
            print(f"    ASK      {verdict.get('reason', '')}; no user to ask: not run")
            counts["asked"] += 1
        else:
            print(f"    STOP     {verdict.get('reason', '')}")
            stopped = "yes"
            break
    server.stdin.close()  # end of stdin: the server answers what is in flight and exits 0
    server.wait()
    print(f"agent: {counts['ran']} ran, {counts['blocked']} blocked, {counts['asked']} asked, "
          f"{counts['unguarded']} unguarded, stopped: {stopped}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
