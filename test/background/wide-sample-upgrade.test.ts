/**
 * Fingerprint scheme 7 (a sample of 126 passages, not 64) across an upgrade
 * (docs/decisions/0083-wider-passage-sample.md, 0002-fingerprint-schemes.md):
 * a long article signed by main at 08c42ac (scheme 6, 64 of its 113 chunks
 * kept) by `deja-lu import-file`, read by today's engine.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { FINGERPRINT_SCHEME, SKETCH_SCHEME, WIDE_SAMPLE, fingerprintToHex, signDocument } from '../../src/core';
import { AUTO_CHECK as AUTO, historyFixture as read, notingSchemes, upgradeHistory } from './fakes';

const SCHEME_6_EXPORT = read('export-v2-main-08c42ac.json');
const SCHEME_6_URL = 'https://old.example.com/v6/mozilla-wikipedia.txt';
const article = { url: 'https://mirror.example.org/mozilla', title: 'Mirror', text: read('mozilla-wikipedia.txt') };
const repost = { url: 'https://copy.example.org/mozilla', title: 'Copy', text: read('mozilla-wikipedia-typo.txt') };
/** An answer of 85 words quoting three sentences of a chunk the 64-passage sample left out. */
const answer = { url: 'https://forum.example.net/t/1', title: 'Answer', text: read('mozilla-wikipedia-answer.txt') };

const upgrade = upgradeHistory('2026-12-02T00:00:00Z');
/** A checker that notes each scheme it signs a page in. */
const checkerNoting = (schemes: number[]) => upgrade.checker(notingSchemes(schemes));

describe('a long article stored in scheme 6 (64 passages), read by the current engine', () => {
  beforeEach(async () => {
    expect(await upgrade.history.importJson(SCHEME_6_EXPORT)).toMatchObject({ imported: 1, rejected: [] });
  });

  it('keeps its scheme, its 64 passages and their heads', async () => {
    const stored = await upgrade.history.getByUrl(SCHEME_6_URL);
    expect(stored).toMatchObject({ scheme: SKETCH_SCHEME });
    expect(stored?.passages).toHaveLength(64);
    expect(stored?.heads?.length).toBeGreaterThan(0);
    expect(await upgrade.history.olderSchemes()).toEqual([SKETCH_SCHEME]);
  });

  it('flags a repost of it, the new page signed once: scheme 7 compares like with like with 6', async () => {
    const schemes: number[] = [];
    const report = await checkerNoting(schemes).check(repost, AUTO);
    expect(report).toMatchObject({ status: 'repost', matches: [{ url: SCHEME_6_URL }] });
    expect(schemes).toEqual([FINGERPRINT_SCHEME]);
  });

  it('records the repost in scheme 7, with more passages than scheme 6 kept', async () => {
    await checkerNoting([]).check(repost, AUTO);
    const stored = await upgrade.history.getByUrl(repost.url);
    expect(stored?.scheme).toBe(FINGERPRINT_SCHEME);
    expect(stored?.passages.length).toBeGreaterThan(64);
    expect(stored?.passages.length).toBeLessThanOrEqual(WIDE_SAMPLE);
    expect(stored?.passages).toEqual(signDocument(repost.text).passages.map(fingerprintToHex));
  });

  it('misses the answer quoting a chunk its sample left out: the article is found once read again', async () => {
    expect((await checkerNoting([]).check(answer, { ...AUTO, record: false })).status).toBe('new');
    await checkerNoting([]).check(article, AUTO);
    const report = await checkerNoting([]).check(answer, { ...AUTO, record: false });
    expect(report).toMatchObject({ status: 'quote', matches: [{ url: article.url, verdict: 'quote' }] });
  });
});
