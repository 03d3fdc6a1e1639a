/**
 * Every text of the practice set (the sources and all their edits: wraps,
 * truncations, a Japanese paragraph inserted into an English article…)
 * signs alike on the WebAssembly engine and on the JavaScript table, and a
 * fingerprint line's documentFingerprint is signDocument's fingerprint. The
 * two engines read Japanese-mode texts and cut paragraph chunks by
 * different code (features.ts, wasm/ascii-features.wat), so real texts of
 * every kind are where they must meet.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { documentFingerprint, signDocument } from '../../src/core';
import { foldText, isJapaneseText } from '../../src/core/tokenize';

const DOCS = resolve(import.meta.dirname, '../../../shared/data/neardup-practice/docs');
const PRACTICE: Array<[string, string]> = readdirSync(DOCS)
  .filter((name) => name.endsWith('.txt'))
  .sort()
  .map((name) => [name, readFileSync(resolve(DOCS, name), 'utf8')]);

describe('on every practice text', () => {
  test('the set holds Japanese-mode texts, which the engines read by their own paths', () => {
    expect(PRACTICE.filter(([, text]) => isJapaneseText(foldText(text))).length).toBeGreaterThan(0);
  });

  test('signDocument on the WebAssembly engine is signDocument on the JavaScript table, and documentFingerprint its fingerprint', () => {
    for (const [name, text] of PRACTICE) {
      const signed = signDocument(text);
      expect(signed, name).toEqual(signDocument(text, { webAssembly: undefined }));
      expect(documentFingerprint(text), name).toEqual(signed.fingerprint);
    }
  });
});
