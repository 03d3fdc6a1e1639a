import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

const CORE = join(__dirname, '../../src/core');
const ALLOWED_PACKAGES = new Set<string>();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('src/core is a pure engine', () => {
  test.each(sourceFiles(CORE).map((f) => [relative(CORE, f), f]))('%s imports only core modules', (_name, file) => {
    const source = readFileSync(file, 'utf8');
    for (const [, spec] of source.matchAll(/\bfrom\s+['"]([^'"]+)['"]/g)) {
      if (spec!.startsWith('.')) {
        expect(join(file, '..', spec!).startsWith(CORE)).toBe(true);
      } else {
        expect(ALLOWED_PACKAGES).toContain(spec);
      }
    }
  });
});
