import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { FINGERPRINT_SCHEMES } from '../../src/core/scheme';
import { decodePacked, decodePage, encodePage } from '../../src/store/codec/stored-page';
import { ByteChunk, exportFileBytes, writePackedPageLine } from '../../src/store/export-bytes';
import { pageToExportRecord, serializeExport, serializeExportRecord } from '../../src/store/export-format';
import { PAGE_SOURCES, type NewPage } from '../../src/store/page';
import { collect } from './helpers';

/**
 * An export writes each page's line as bytes from its record with the
 * fingerprints left packed (writePackedPageLine), not through a record of hex
 * strings: the line must be the one serializeExportRecord writes, character
 * for character, for every page the store can hold.
 */
const hex16 = fc.stringMatching(/^[0-9a-f]{16}$/);
const text = fc.string({ unit: 'grapheme', maxLength: 40 });
const count = fc.nat(100_000_000);
const time = fc.integer({ min: Date.UTC(1991, 0, 1), max: Date.UTC(2090, 0, 1) });

const page: fc.Arbitrary<NewPage> = fc
  .record({
    url: fc.webUrl(), title: text, site: fc.domain(), excerpt: text, textLength: count, cjkChars: count, words: count,
    fingerprint: hex16, passages: fc.array(hex16, { maxLength: 126 }), scheme: fc.constantFrom(...FINGERPRINT_SCHEMES),
    firstVisit: time, span: fc.nat(10 ** 10), visitCount: fc.integer({ min: 1, max: 1_000_000 }), source: fc.constantFrom(...PAGE_SOURCES),
    canonicalUrl: fc.option(fc.webUrl(), { nil: undefined }), language: fc.option(fc.constantFrom('en', 'zh-CN', 'pt-BR'), { nil: undefined }),
    proseTotal: fc.option(count, { nil: undefined }), heads: fc.option(fc.array(hex16, { minLength: 1, maxLength: 126 }), { nil: undefined }),
    publishedAt: fc.option(time, { nil: undefined }),
  })
  .map(({ span, firstVisit, canonicalUrl, language, proseTotal, heads, publishedAt, ...rest }) => {
    const p: NewPage = { ...rest, firstVisit, lastVisit: firstVisit + span };
    if (canonicalUrl !== undefined) p.canonicalUrl = canonicalUrl;
    if (language !== undefined) p.language = language;
    if (proseTotal !== undefined) p.proseTotal = proseTotal;
    if (heads !== undefined) p.heads = heads;
    if (publishedAt !== undefined) p.publishedAt = publishedAt;
    return p;
  });

/** The line writePackedPageLine writes of the stored page, as text. */
function packedLine(stored: ReturnType<typeof encodePage>, key: number): string {
  const out = new ByteChunk();
  writePackedPageLine(decodePacked(stored, key), '', out);
  return new TextDecoder().decode(out.take());
}

describe('an exported page written from its packed record', () => {
  test('is the line serializeExportRecord writes of the decoded page', () => {
    fc.assert(fc.property(page, fc.integer({ min: 1, max: 2 ** 27 }), (p, key) => {
      const stored = encodePage(p);
      expect(packedLine(stored, key)).toBe(serializeExportRecord(pageToExportRecord(decodePage(stored, key))));
    }), { numRuns: 300, seed: 5 });
  });

  test.each([
    ['no passages and no heads', { passages: [], heads: undefined }],
    ['a title and excerpt that JSON must escape', { title: 'A "quoted" \\ title\u2028', excerpt: 'line\nbreak\ttab \u0001' }],
  ])('%s', (_name, overrides) => {
    const p = { url: 'https://example.com/a', title: 'T', site: 'example.com', excerpt: 'E', textLength: 10, cjkChars: 0, words: 2, fingerprint: '0123456789abcdef', passages: ['fedcba9876543210'], scheme: 7, firstVisit: 1.7e12, lastVisit: 1.7e12, visitCount: 1, source: 'visit', ...overrides } as NewPage;
    const stored = encodePage(p);
    expect(packedLine(stored, 3)).toBe(serializeExportRecord(pageToExportRecord(decodePage(stored, 3))));
  });

  test('the whole file, over many chunks, is the one serializeExport writes of the decoded pages', async () => {
    const pages = fc.sample(page, { numRuns: 400, seed: 9 });
    const stored = pages.map((p) => encodePage(p));
    const exportedAt = new Date(Date.UTC(2026, 11, 2));
    async function* batches() {
      for (let i = 0; i < stored.length; i += 150) yield stored.slice(i, i + 150).map((s, j) => decodePacked(s, i + j + 1));
    }
    const records = stored.map((s, i) => pageToExportRecord(decodePage(s, i + 1)));
    const chunks: Uint8Array[] = [];
    for await (const chunk of exportFileBytes(batches(), exportedAt)) chunks.push(chunk.slice());
    expect(chunks.length).toBeGreaterThan(3);
    expect(await collect(chunks)).toBe(await collect(serializeExport(records, exportedAt)));
  });
});
