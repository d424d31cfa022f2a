// `hookrun run` is paid on every tool call of an agent, so what it loads is part of its contract:
// the modules its import graph reaches must not include full zod (its locales alone are ~360 KB of
// code to parse and evaluate), cosmiconfig or execa. Checked on the real import graph, via esbuild.
import { build } from 'esbuild';
import { expect, test } from 'vitest';

test.each([
  ['the run command and the Gemini dialect', ['src/commands/run.ts', 'src/dialects/gemini.ts']],
  // validate is what CI runs on every change of a settings tree; trust is run by hand but reads the same files.
  ['validate', ['src/commands/validate.ts']],
  ['trust', ['src/commands/trust.ts']],
])('%s load neither full zod, cosmiconfig nor execa', async (_name, entryPoints) => {
  const result = await build({
    entryPoints,
    bundle: true,
    write: false,
    outdir: 'out',
    format: 'esm',
    splitting: true,
    platform: 'node',
    packages: 'bundle',
    mainFields: ['module', 'main'],
    metafile: true,
    logLevel: 'silent',
  });
  // What ends up in the output (metafile.inputs also lists modules that were visited, then tree-shaken).
  const inputs = Object.values(result.metafile.outputs).flatMap((output) =>
    Object.entries(output.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([file]) => file),
  );
  expect(inputs.some((file) => file.includes('src/settings/schema-check.ts'))).toBe(true);
  const heavy = inputs.filter(
    (file) =>
      file.includes('zod/v4/classic/') ||
      (file.includes('zod/v4/locales/') && !file.endsWith('/en.js')) ||
      file.includes('node_modules/cosmiconfig/') ||
      file.includes('node_modules/execa/'),
  );
  expect(heavy).toEqual([]);
});
