/**
 * Fingerprint schemes across an upgrade (docs/decisions/0002-fingerprint-schemes.md):
 * a history written by the engine before script folding (scheme 1), read by
 * today's engine (scheme 2). The fixture is an export file that main wrote at
 * 8b3852d (`deja-lu import-file`) for a Taiwan-script article (OpenCC s2twp of
 * test/fixtures/pages/zh-cwc-netease) and its Simplified original.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as OpenCC from 'opencc-js';
import { describe, expect, it } from 'vitest';
import { FINGERPRINT_SCHEME, fingerprintToHex, signDocument } from '../../src/core';
import { parseExport } from '../../src/store';
import { collect } from '../store/helpers';
import { AUTO_CHECK as AUTO, DAY, freshHistory, historyFixture, upgradeHistory } from './fakes';

const OLD_EXPORT = historyFixture('export-v1-main-8b3852d.json');
const TRADITIONAL = historyFixture('netease-zh-hant.txt');
const SIMPLIFIED = readFileSync(join(import.meta.dirname, '../fixtures/pages/zh-cwc-netease/expected.txt'), 'utf8');

/** A repost as another site makes it: its own header and footer around the text, one sentence dropped. */
function repost(text: string): string {
  const sentences = text.split('。');
  return ['轉載自 新聞網 · 編輯：小王', ...sentences.slice(0, 3), ...sentences.slice(4), '版權聲明：本文僅供參考。'].join('。');
}

const upgrade = upgradeHistory('2026-12-01T00:00:00Z', async (history) => {
  expect(await history.importJson(OLD_EXPORT)).toMatchObject({ imported: 2, rejected: [] });
});
const checkerWith = upgrade.checker;

describe('a history from before fingerprint schemes, read by the current engine', () => {
  it('keeps its pages, as signed in scheme 1', async () => {
    const pages = (await upgrade.history.list()).pages;
    expect(pages.map((p) => p.scheme)).toEqual([1, 1]);
    expect(await upgrade.history.olderSchemes()).toEqual([1]);
    // What main wrote is what scheme 1 still computes: the older rules stay in the engine.
    const stored = await upgrade.history.getByUrl('https://old.example.tw/netease-zh-hant.txt');
    expect(stored?.fingerprint).toBe(fingerprintToHex(signDocument(TRADITIONAL, {}, 1).fingerprint));
    expect(stored?.fingerprint).not.toBe(fingerprintToHex(signDocument(TRADITIONAL).fingerprint));
  });

  const TRADITIONAL_URL = 'https://old.example.tw/netease-zh-hant.txt';
  const SIMPLIFIED_URL = 'https://old.example.tw/netease-zh-hans.txt';
  const copy = (text: string) => ({ url: 'https://copy.example.org/a', title: 'Copy', text });
  const keepOnly = async (url: string) => {
    for (const page of (await upgrade.history.list()).pages) if (page.url !== url) await upgrade.history.delete(page.id);
  };

  it('flags a repost of a Traditional page read before the upgrade', async () => {
    await keepOnly(TRADITIONAL_URL);
    const report = await checkerWith().check(copy(repost(TRADITIONAL)), AUTO);
    expect(report.status).toBe('repost');
    expect(report.matches.map((m) => m.url)).toEqual([TRADITIONAL_URL]);
  });

  it('would not flag it signed in the current scheme only (what signing in older schemes adds)', async () => {
    await keepOnly(TRADITIONAL_URL);
    const report = await checkerWith((text) => signDocument(text)).check(copy(repost(TRADITIONAL)), AUTO);
    expect(report.status).toBe('new');
  });

  it('flags a Traditional repost of a Simplified page read before the upgrade (compared with the current signature too)', async () => {
    await keepOnly(SIMPLIFIED_URL);
    const report = await checkerWith().check(copy(repost(TRADITIONAL)), AUTO);
    expect(report.status).toBe('repost');
    expect(report.matches.map((m) => m.url)).toEqual([SIMPLIFIED_URL]);
  });

  it('records new pages in the current scheme, and a page read again is re-signed in it', async () => {
    await checkerWith().check({ url: 'https://old.example.tw/netease-zh-hant.txt', title: 'Again', text: TRADITIONAL }, AUTO);
    await checkerWith().check({ url: 'https://new.example.cn/story', title: 'New', text: SIMPLIFIED.slice(0, 1500) }, AUTO);
    const schemes = Object.fromEntries((await upgrade.history.list()).pages.map((p) => [p.url, p.scheme]));
    expect(schemes).toEqual({
      'https://old.example.tw/netease-zh-hant.txt': FINGERPRINT_SCHEME,
      'https://old.example.tw/netease-zh-hans.txt': 1,
      'https://new.example.cn/story': FINGERPRINT_SCHEME,
    });
  });

  it('carries each page\'s scheme through export and import', async () => {
    await checkerWith().check({ url: 'https://new.example.cn/story', title: 'New', text: SIMPLIFIED.slice(0, 1500) }, AUTO);
    const text = await collect(upgrade.history.exportJson());
    const schemes: Record<string, number> = {};
    for await (const record of parseExport(text, { now: new Date(upgrade.time.now()) })) if (record.ok) schemes[record.record.url] = record.record.scheme;
    expect(schemes).toEqual({ 'https://old.example.tw/netease-zh-hant.txt': 1, 'https://old.example.tw/netease-zh-hans.txt': 1, 'https://new.example.cn/story': FINGERPRINT_SCHEME });
    const restored = await freshHistory(upgrade.time.now);
    await restored.importJson(text);
    expect((await restored.list()).pages.map((p) => [p.url, p.scheme]).sort()).toEqual(Object.entries(schemes).sort());
    expect(await restored.olderSchemes()).toEqual([1]);
  });
});

describe('after the upgrade', () => {
  const toTaiwan = OpenCC.Converter({ from: 'cn', to: 'twp' });
  it('a Traditional repost of a Simplified article read after the upgrade is flagged', async () => {
    await checkerWith().check({ url: 'https://news.example.cn/original', title: 'Original', text: SIMPLIFIED }, AUTO);
    upgrade.time.advance(DAY);
    const report = await checkerWith().check({ url: 'https://copy.example.tw/a', title: 'Copy', text: toTaiwan(repost(SIMPLIFIED)) }, AUTO);
    expect(report.status).toBe('repost');
    expect(report.matches.map((m) => m.url)).toContain('https://news.example.cn/original');
  });
});
