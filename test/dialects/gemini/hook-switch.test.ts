// Gemini CLI's /hooks feedback wording (hookUtils.ts renderHookActionFeedback), one row per branch.
import { describe, expect, test } from 'vitest';
import { hookActionMessage } from '../../../src/dialects/gemini/hook-switch.js';
import type { HookActionResult, ScopeFile } from '../../../src/dialects/gemini/settings/disabled.js';

const ws: ScopeFile = { scope: 'workspace', path: '/p/.gemini/settings.json' };
const user: ScopeFile = { scope: 'user', path: '/h/.gemini/settings.json' };
const result = (r: Partial<HookActionResult>): HookActionResult => ({
  status: 'success',
  action: 'enable',
  hookName: 'h',
  modifiedScopes: [],
  alreadyInStateScopes: [],
  ...r,
});

describe('hookActionMessage', () => {
  test.each([
    [
      'enable, two scopes',
      result({ modifiedScopes: [user, ws] }),
      'Hook "h" enabled by removing it from the disabled list in user (/h/.gemini/settings.json) and workspace (/p/.gemini/settings.json) settings.',
    ],
    [
      'enable names only the files it changed',
      result({ modifiedScopes: [user], alreadyInStateScopes: [ws] }),
      'Hook "h" enabled by removing it from the disabled list in user (/h/.gemini/settings.json) settings.',
    ],
    ['enable, one scope', result({ modifiedScopes: [user] }), 'Hook "h" enabled by removing it from the disabled list in user (/h/.gemini/settings.json) settings.'],
    [
      'disable, one scope',
      result({ action: 'disable', modifiedScopes: [ws] }),
      'Hook "h" disabled by adding it to the disabled list in workspace (/p/.gemini/settings.json) settings.',
    ],
    [
      'disable, both',
      result({ action: 'disable', modifiedScopes: [ws], alreadyInStateScopes: [user] }),
      'Hook "h" is now disabled in both workspace (/p/.gemini/settings.json) and user (/h/.gemini/settings.json) settings.',
    ],
    ['no-op enable', result({ status: 'no-op', alreadyInStateScopes: [ws, user] }), 'Hook "h" is already enabled.'],
    ['no-op disable', result({ status: 'no-op', action: 'disable', alreadyInStateScopes: [ws] }), 'Hook "h" is already disabled.'],
    ['error with text', result({ status: 'error', error: 'Failed to enable hook: boom' }), 'Failed to enable hook: boom'],
    ['error without text', result({ status: 'error', action: 'disable' }), 'An error occurred while attempting to disable hook "h".'],
    ['success without scopes', result({}), 'Hook "h" enabled.'],
  ])('%s', (_name, r, message) => {
    expect(hookActionMessage(r)).toBe(message);
  });
});
