#!/bin/sh
# PreToolUse guard for Claude Code and Codex CLI: both send the shell call as tool_name "Bash" with
# tool_input.command, and both read exit 2 with a reason on stderr as "block this call".
input=$(cat)
case "$input" in
  *'"command":"rm -rf /'* | *'"command": "rm -rf /'*)
    echo 'rm -rf on an absolute path is blocked by two-agents/hooks/guard.sh' >&2
    exit 2 ;;
  *'git push --force'* | *'git push -f'*)
    echo 'force pushes are blocked: push a branch and open a pull request' >&2
    exit 2 ;;
esac
exit 0
