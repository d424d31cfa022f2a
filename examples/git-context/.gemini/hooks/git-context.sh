#!/usr/bin/env bash
# SessionStart / BeforeAgent hook: inject the git branch and last commit as additionalContext.
# Usage (from settings.json): bash git-context.sh <SessionStart|BeforeAgent>
# Always exits 0 with JSON on stdout, also when git is missing or the folder is not a repository.
set -u

event=${1:-SessionStart}
# The event JSON is not needed; drain it so the caller never blocks on a full pipe.
[ -t 0 ] || cat >/dev/null

# Print $1 as a JSON string (quotes, backslashes and control characters escaped). Pure bash
# (works with macOS's bash 3.2), so the hook only needs bash and git.
json_string() {
  local s=$1
  s=${s//\\/\\\\}
  s=${s//\"/\\\"}
  s=${s//$'\n'/\\n}
  s=${s//$'\r'/\\r}
  s=${s//$'\t'/\\t}
  s=${s//[[:cntrl:]]/}
  printf '"%s"' "$s"
}

describe_repo() {
  if ! command -v git >/dev/null 2>&1; then
    echo "Git context: git is not installed, so branch and commit information is unavailable."
    return
  fi
  if [ "$(git rev-parse --is-inside-work-tree 2>/dev/null)" != "true" ]; then
    echo "Git context: this workspace is not a git repository (no branch or commit information)."
    return
  fi

  local branch head dirty=0 _line
  if branch=$(git symbolic-ref --quiet --short HEAD 2>/dev/null); then
    branch="branch $branch"
  else
    branch="detached HEAD"
  fi
  if head=$(git log -1 --format='%h "%s" (%an, %cr)' 2>/dev/null) && [ -n "$head" ]; then
    head="last commit $head"
  else
    head="no commits yet"
  fi
  while IFS= read -r _line; do dirty=$((dirty + 1)); done < <(git status --porcelain 2>/dev/null)
  if [ "$dirty" = "0" ]; then dirty="working tree clean"; else dirty="$dirty uncommitted change(s)"; fi

  if [ "$event" = "SessionStart" ]; then
    local recent
    recent=$(git log -5 --format='  %h %s' 2>/dev/null)
    printf 'Git context: on %s, %s; %s.' "$branch" "$head" "$dirty"
    [ -n "$recent" ] && printf '\nRecent commits:\n%s' "$recent"
    printf '\n'
  else
    printf 'Git context: on %s; %s.\n' "$branch" "$dirty"
  fi
}

cd "${GEMINI_PROJECT_DIR:-$PWD}" 2>/dev/null || true
context=$(describe_repo)
printf '{"hookSpecificOutput":{"hookEventName":%s,"additionalContext":%s}}\n' \
  "$(json_string "$event")" "$(json_string "$context")"
