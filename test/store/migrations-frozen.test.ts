/**
 * Each upgrade step is a frozen copy of what its version did: it imports idb
 * and other migration files only, never the live codec or block index, whose
 * changes would otherwise change what an old upgrade does
 * (docs/decisions/0017-store-layers.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';

const MIGRATIONS = new URL('../../src/store/migrations/', import.meta.url);
const IMPORT = /^import\s[^'"]*['"]([^'"]+)['"]/gm;

function importsOf(file: string): string[] {
  return [...readFileSync(new URL(file, MIGRATIONS), 'utf8').matchAll(IMPORT)].map((match) => match[1] as string);
}

describe('frozen migrations', () => {
  const files = readdirSync(MIGRATIONS).filter((name) => name.endsWith('.ts'));

  test('there is a step file for every version', () => {
    expect(files).toEqual(expect.arrayContaining(['v1.ts', 'v2.ts', 'v3.ts', 'v4.ts', 'v5.ts']));
  });

  test.each(files)('%s imports only idb and sibling migration files', (file) => {
    expect(importsOf(file).filter((path) => path !== 'idb' && !/^\.\/[\w-]+$/.test(path))).toEqual([]);
  });
});
