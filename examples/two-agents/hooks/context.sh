#!/bin/sh
# SessionStart context for Claude Code and Codex CLI: both add plain stdout of an exit-0 SessionStart
# hook to the model's context.
echo 'Project rules: run the tests before you stop; never commit to main directly.'
