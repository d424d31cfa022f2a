#!/usr/bin/env bash
# BeforeToolSelection hook: read-only mode. The model may only call the tools listed below.
# `touch .gemini/allow-writes` in the workspace lifts the restriction (the hook then says nothing).
# stdout: {"hookSpecificOutput":{"toolConfig":{"mode":"ANY","allowedFunctionNames":[...]}}}
set -u

# The event (with llm_request) is not needed; drain it so the caller never blocks on a full pipe.
[ -t 0 ] || cat >/dev/null

[ -e "${GEMINI_PROJECT_DIR:-$PWD}/.gemini/allow-writes" ] && exit 0

cat <<'JSON'
{"hookSpecificOutput":{"hookEventName":"BeforeToolSelection","toolConfig":{"mode":"ANY","allowedFunctionNames":["read_file","glob","grep_search","list_directory"]}}}
JSON
