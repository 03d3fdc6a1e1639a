/**
 * Whole fingerprints within k, not one passage in common: two different
 * texts that one word brought close are not named, and a repost whose
 * paragraph breaks changed still is (docs/decisions/0055-unshared-passages-refute.md).
 * Each page is checked as the extension checks it: stored signatures
 * against the page's own, through the history.
 */
import { describe, expect, it } from 'vitest';
import { detectionFixture } from '../support/detection-fixture';
import { readsTexts } from './fakes';

const { read } = readsTexts();

describe('a page whose whole fingerprint is close to one read before', () => {
  it.each([
    // eval/narrow-topic.ts: 人工智能 woven through 15 % of each text; a duplicate and a partial copy before. No passage shared.
    ['two different Chinese articles full of one topic word', 'cwc-c2d9f85c.topic-ai', 'readability-pixnet.topic-ai', 'new'],
    ['the same, one text much shorter', 'cwc-c2d9f85c.topic-ai', 'cwc-fad52388.topic-ai', 'new'],
    // Reposts, which share passages under some layout of the page.
    ['its paragraphs on lines under a header, with typos', 'readability-cnet', 'readability-cnet.combo', 'repost'],
    ['the article, after its copy whose paragraphs are lines', 'readability-cnet.combo', 'readability-cnet', 'repost'],
    ['its blank lines lost', 'readability-cnet', 'readability-cnet.format', 'repost'],
    ['its paragraphs as lines under a header, 4 bits apart, found only by those lines', 'readability-herald-sun-1', 'readability-herald-sun-1.combo', 'repost'],
    ['the article, after that copy: found only by its text read as one paragraph (decisions/0058)', 'readability-herald-sun-1.combo', 'readability-herald-sun-1', 'repost'],
  ])('%s (%s then %s → %s)', async (_what, earlier, current, status) => {
    await read('https://one.example/a', detectionFixture(earlier));
    const report = await read('https://two.example/b', detectionFixture(current));
    expect(report.status).toBe(status);
  });
});
