// The committed JSON Schemas are exactly what the zod schemas generate (run `npm run schema` to update).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEMAS, schemaText, type SchemaName } from '../../src/cli/commands/schema.js';
import { hookrun, REPO } from '../helpers/cli.js';

const committed = (name: SchemaName) => fs.readFileSync(path.join(REPO, 'schema', `${name}.schema.json`), 'utf8');

describe('hookrun schema', () => {
  it.each(Object.keys(SCHEMAS) as SchemaName[])('schema/%s.schema.json is up to date (npm run schema regenerates it)', async (name) => {
    expect(await schemaText(name)).toBe(committed(name));
  });

  it('is a JSON Schema (2020-12) with a description on every property', () => {
    for (const name of Object.keys(SCHEMAS) as SchemaName[]) {
      const schema = JSON.parse(committed(name));
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(schema.title).toEqual(expect.any(String));
    }
    const undocumented: string[] = [];
    const visit = (node: any, where: string) => {
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries<any>(node.properties ?? {})) {
        if (!value.description && !value.$ref) undocumented.push(`${where}.${key}`);
        visit(value, `${where}.${key}`);
        visit(value.items, `${where}.${key}[]`);
      }
      for (const [key, value] of Object.entries<any>(node.$defs ?? {})) visit(value, key);
    };
    visit(JSON.parse(committed('settings')), 'settings');
    visit(JSON.parse(committed('verdict')), 'verdict');
    expect(undocumented).toEqual([]);
  });

  it('prints the settings schema by default, and the report and fixture schemas on request', async () => {
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', NO_COLOR: '1' };
    const byDefault = await hookrun(['schema'], { env });
    expect(byDefault.exitCode).toBe(0);
    expect(byDefault.stdout).toBe(committed('settings'));
    expect((await hookrun(['schema', 'report'], { env })).stdout).toBe(committed('report'));
    expect((await hookrun(['schema', 'fixture'], { env })).stdout).toBe(committed('fixture'));
    expect((await hookrun(['schema', 'verdict'], { env })).stdout).toBe(committed('verdict'));
    const unknown = await hookrun(['schema', 'fixtures'], { env });
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toContain('Allowed choices are settings, report, fixture, verdict');
  });
});
