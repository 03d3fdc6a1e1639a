import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { generate, TARGET } from '../../scripts/build-wasm';

test('the checked-in WebAssembly bytes are what ascii-features.wat assembles to (npm run build:wasm)', async () => {
  expect(readFileSync(TARGET, 'utf8')).toBe(await generate());
});
