/**
 * The page being checked is probed with its chunks beyond the stored sample
 * too (DocumentSignature.unsampled): a paragraph quoted in a long page is
 * found even when its chunk is not among those the page keeps, its sample
 * (docs/decisions/0054-probe-unsampled-chunks.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareSignatures, judge, passageSampleSize, probedPassages, signDocument, FINGERPRINT_SCHEME, SKETCH_SCHEME, type DocumentSignature, type Fingerprint } from '../../src/core';
import { passageKey, passagesMatch } from '../../src/core/passages';

const fixture = (name: string): string => readFileSync(join(__dirname, '../fixtures/detection', `${name}.txt`), 'utf8');
const paragraphs = (text: string): string[] => text.split(/\n\s*\n/).filter((p) => p.trim().length > 0);
const withoutUnsampled = ({ unsampled: _dropped, ...signature }: DocumentSignature): DocumentSignature => signature;
const holds = (passages: readonly Fingerprint[], quote: DocumentSignature): boolean =>
  quote.passages.some((q) => passages.some((p) => passagesMatch(p, q, 3, 'sketch')));

/** The long page with `quote` put in the middle of its paragraphs. */
function quotedIn(host: string, quote: string): string {
  const around = paragraphs(host);
  const middle = Math.floor(around.length / 2);
  return [...around.slice(0, middle), quote, ...around.slice(middle)].join('\n\n');
}

describe('a checked page’s passages beyond its sample', () => {
  const sample = passageSampleSize(FINGERPRINT_SCHEME);

  it.each([
    ['a long article', ['cwc-ebe9df29'], sample, probedPassages(FINGERPRINT_SCHEME) - sample],
    ['two long articles one after the other', ['readability-dropbox-blog', 'readability-quanta-1'], sample, probedPassages(FINGERPRINT_SCHEME) - sample],
    ['an article within its sample', ['readability-mozilla-1'], undefined, 0],
  ])('%s: the sample, then the next chunks by key, never more than the probe allows', (_name, names, kept, most) => {
    const signature = signDocument(names.map(fixture).join('\n\n'));
    const unsampled = signature.unsampled ?? [];
    if (kept !== undefined) expect(signature.passages).toHaveLength(kept);
    expect(unsampled.length).toBeLessThanOrEqual(most);
    if (most > 0) expect(unsampled.length).toBeGreaterThan(0);
    const keys = [...signature.passages, ...unsampled].map(passageKey);
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
  });

  // In scheme 6, whose sample of 64 leaves half the probe to the next chunks: scheme 7's sample of 126 takes nearly all of it.
  describe('a paragraph of an article read before, quoted in a long page (scheme 6)', () => {
    const sign = (text: string): DocumentSignature => signDocument(text, {}, SKETCH_SCHEME);
    const source = fixture('readability-mozilla-2');
    const host = fixture('readability-dropbox-blog');
    const earlier = sign(source);
    // The first paragraph whose chunk the long page keeps out of its sample: the case the sample alone missed.
    const quoted = paragraphs(source)
      .map((quote) => ({ quote, page: sign(quotedIn(host, quote)), alone: sign(quote) }))
      .find(({ page, alone }) => holds(earlier.passages, alone) && !holds(page.passages, alone) && holds(page.unsampled ?? [], alone));

    it('exists in the fixtures', () => {
      expect(quoted).toBeDefined();
    });

    it('is labelled a quote through the unsampled chunk, and was missed without it', () => {
      const { page } = quoted!;
      expect(judge(earlier, page).verdict).toBe('quote');
      expect(judge(earlier, page).sharedPassages).toBeGreaterThan(0);
      expect(judge(earlier, withoutUnsampled(page)).verdict).toBe('different');
    });

    it('leaves the like-for-like coverage the copy rules weigh as the sample alone gives it', () => {
      const { page } = quoted!;
      const withThem = compareSignatures(earlier, page);
      const without = compareSignatures(earlier, withoutUnsampled(page));
      expect([withThem.earlier, withThem.current, withThem.partOfEarlier]).toEqual([without.earlier, without.current, without.partOfEarlier]);
    });

    it('counts the earlier page’s stored passages only: what the history holds of it', () => {
      const { page } = quoted!;
      const reversed = judge(page, sign(source));
      expect(reversed).toEqual(judge(withoutUnsampled(page), sign(source)));
    });
  });
});
