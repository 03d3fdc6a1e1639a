/**
 * The weight cap of fingerprint scheme 3 across an upgrade (docs/decisions/0006-term-dominance.md,
 * 0002-fingerprint-schemes.md): a Latin-script page signed by main at 8bc8286
 * (scheme 2, `deja-lu import-file`), whose heaviest words the cap cuts, read
 * by today's engine. Its reposts must still be flagged.
 */
import { describe, expect, it } from 'vitest';
import { FINGERPRINT_SCHEME, fingerprintToHex, hammingDistance, signDocument } from '../../src/core';
import { AUTO_CHECK as AUTO, historyFixture, upgradeHistory } from './fakes';

const OLD_EXPORT = historyFixture('export-v2-main-8bc8286.json');
const ORIGINAL = historyFixture('tumblr.txt');
const ORIGINAL_URL = 'https://old.example.com/fx/tumblr.txt';
const copy = { url: 'https://copy.example.org/minecraft', title: 'Copy', text: historyFixture('tumblr-drop.txt') };

const upgrade = upgradeHistory('2026-12-01T00:00:00Z', async (history) => {
  expect(await history.importJson(OLD_EXPORT)).toMatchObject({ imported: 1, rejected: [] });
});
const checkerWith = upgrade.checker;

describe('a Latin-script page signed before the weight cap, read by the current engine', () => {
  it('keeps its scheme-2 fingerprint, which the cap moves far', async () => {
    const stored = await upgrade.history.getByUrl(ORIGINAL_URL);
    expect(stored?.scheme).toBe(2);
    expect(stored?.fingerprint).toBe(fingerprintToHex(signDocument(ORIGINAL, {}, 2).fingerprint));
    expect(hammingDistance(signDocument(ORIGINAL, {}, 2).fingerprint, signDocument(ORIGINAL).fingerprint)).toBeGreaterThan(3);
    expect(await upgrade.history.olderSchemes()).toEqual([2]);
  });

  it('flags a repost of it', async () => {
    const report = await checkerWith().check(copy, AUTO);
    expect(report.status).toBe('repost');
    expect(report.matches.map((m) => m.url)).toEqual([ORIGINAL_URL]);
  });

  it('would not flag it signed in the current scheme only (what signing in older schemes adds)', async () => {
    const report = await checkerWith((text) => signDocument(text)).check(copy, AUTO);
    // Some passages still match: at most a quote, not a repost.
    expect(report.status).toMatch(/^(new|quote)$/);
  });

  it('signs a Latin page once for schemes 1 and 2, which read Latin text alike', async () => {
    const schemes: number[] = [];
    await upgrade.history.recordVisit({ url: 'https://older.example.com/a', title: 'A', site: 'older.example.com', excerpt: '', textLength: 2900, cjkChars: 0, words: 446, fingerprint: '0123456789abcdef', scheme: 1 });
    expect(await upgrade.history.olderSchemes()).toEqual([1, 2]);
    await checkerWith((text, scheme) => (schemes.push(scheme ?? FINGERPRINT_SCHEME), signDocument(text, {}, scheme))).check(copy, AUTO);
    expect(schemes).toEqual([FINGERPRINT_SCHEME, 1]);
  });

  it('records the repost in the current scheme', async () => {
    await checkerWith().check(copy, AUTO);
    expect((await upgrade.history.getByUrl(copy.url))?.scheme).toBe(FINGERPRINT_SCHEME);
  });
});
