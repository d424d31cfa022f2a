// SARIF artifact URIs through the real bin: a workspace under folders whose names need escaping must
// still give valid relative URI references that decode back to the file.
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../../../helpers/cli.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await makeSandbox();
});
afterAll(() => sb.cleanup());

// Only unreserved characters, sub-delimiters, ':' and '@' (RFC 3986 pchar), '/' and %XX escapes.
const URI_PATH = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-F]{2})*$/;

test.each([['sp ace'], ['we,ird:d%ir'], ['hash#and?query'], ['ünï cødé']])('sarif: the relative uri of a file under %j is escaped and round-trips', async (folder) => {
  const ws = path.join(sb.root, folder, 'ws');
  await sb.write(path.join(ws, '.gemini', 'settings.json'), JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'true' }] }] } }));
  const r = await hookrun(['validate', '-C', ws, '--format', 'sarif'], { env: sb.env, cwd: sb.root });
  expect(r.exitCode).toBe(1);
  const sarif = JSON.parse(r.stdout) as { runs: { results: { locations?: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string } } }[] }[] }[] };
  const uris = sarif.runs[0]!.results.flatMap((result) => result.locations ?? []).map((l) => l.physicalLocation.artifactLocation);
  const relative = uris.filter((a) => a.uriBaseId === 'SRCROOT').map((a) => a.uri);
  expect(relative.length).toBeGreaterThan(0);
  for (const uri of relative) {
    expect(uri).toMatch(URI_PATH);
    // The first segment must not look like a scheme ("we,ird:…" would).
    expect(uri.split('/')[0]).not.toContain(':');
    expect(uri.split('/').map(decodeURIComponent).join('/')).toBe(`${folder}/ws/.gemini/settings.json`);
  }
});
