import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  EXPORT_FORMAT, EXPORT_VERSION, ExportFormatError, inKeyOrder, pageInputToExportRecord, parseExport, serializeExport, serializeExportRecord,
  validateExportRecord, type ExportRecord, type ParsedRecord,
} from '../../src/store';
import { FINGERPRINT_SCHEME } from '../../src/core/scheme';
import { collect, freshHistory, pageInput, T0 } from './helpers';

const NOW = new Date(T0);

const valid: ExportRecord = {
  url: 'https://example.com/a',
  title: 'A title with "quotes", braces {} and brackets []',
  site: 'example.com',
  language: 'zh-Hans',
  excerpt: '第一段\n第二段 \\ \u2028',
  textLength: 3000,
  cjkChars: 2800,
  words: 12, scheme: 2,
  fingerprint: '0123456789abcdef',
  passages: ['fedcba9876543210'],
  publishedAt: '2023-12-31T23:00:00.000Z',
  firstVisit: '2024-04-01T08:00:00.000Z',
  lastVisit: '2024-04-30T08:00:00.000Z',
  visitCount: 3,
  source: 'visit',
};

async function parseAll(text: string | string[]): Promise<ParsedRecord[]> {
  const items: ParsedRecord[] = [];
  for await (const item of parseExport(text, { now: NOW })) items.push(item);
  return items;
}

function file(pages: unknown[], header = `"format":"${EXPORT_FORMAT}","version":${EXPORT_VERSION}`): string {
  return `{${header},"pages":[\n${pages.map((p) => JSON.stringify(p)).join(',\n')}\n]}\n`;
}

describe('serializeExport', () => {
  test('writes a header line, one record per line and a closing line', async () => {
    const text = await collect(serializeExport([valid, { ...valid, url: 'https://example.com/b' }], NOW));
    const lines = text.split('\n');
    expect(lines[0]).toBe(`{"format":"deja-lu-history","version":2,"exportedAt":"${NOW.toISOString()}","pages":[`);
    expect(lines[1]?.endsWith(',')).toBe(true);
    expect(JSON.parse((lines[1] as string).slice(0, -1))).toEqual(valid);
    expect(lines.slice(3)).toEqual([']}', '']);
    expect(JSON.parse(text).pages).toHaveLength(2);
  });

  test('an empty history is a valid file', async () => {
    const text = await collect(serializeExport([], NOW));
    expect(await parseAll(text)).toEqual([]);
  });

  test('accepts an async iterable of records and leaves out absent optional fields', async () => {
    async function* one() { yield pageInputToExportRecord(pageInput(), NOW); }
    const line = (await collect(serializeExport(one(), NOW))).split('\n')[1] as string;
    expect(Object.keys(JSON.parse(line))).toEqual(['url', 'title', 'site', 'excerpt', 'textLength', 'cjkChars', 'words', 'fingerprint', 'passages', 'scheme', 'firstVisit', 'lastVisit', 'visitCount', 'source']);
  });

  test('writes the current fingerprint scheme for a new page', () => {
    expect(pageInputToExportRecord(pageInput(), NOW).scheme).toBe(FINGERPRINT_SCHEME);
  });
});

describe('the fingerprint scheme of a record', () => {
  const withoutScheme: Record<string, unknown> = { ...valid };
  delete withoutScheme.scheme;
  test.each([
    ['absent: written before schemes existed (version 1), so scheme 1', withoutScheme, { ok: true, record: { ...valid, scheme: 1 } }],
    ['null, as other JSON writers put it: scheme 1', { ...withoutScheme, scheme: null }, { ok: true, record: { ...valid, scheme: 1 } }],
    ['a known scheme', { ...valid, scheme: 1 }, { ok: true, record: { ...valid, scheme: 1 } }],
    ['a newer scheme', { ...valid, scheme: 8 }, { ok: false, reason: 'scheme: expected one of 1, 2, 3, 4, 5, 6, 7 (written by a newer Déjà Lu)', url: valid.url }],
    ['not a number', { ...valid, scheme: '2' }, { ok: false, reason: 'scheme: expected one of 1, 2, 3, 4, 5, 6, 7', url: valid.url }],
    ['zero', { ...valid, scheme: 0 }, { ok: false, reason: 'scheme: expected one of 1, 2, 3, 4, 5, 6, 7', url: valid.url }],
  ])('%s', (_name, record, expected) => {
    expect(validateExportRecord(record, NOW)).toEqual(expected);
  });

  test('a version-1 file is read, its pages in scheme 1', async () => {
    expect(await parseAll(file([withoutScheme], `"format":"${EXPORT_FORMAT}","version":1`))).toEqual([{ index: 0, ok: true, record: { ...valid, scheme: 1 } }]);
  });
});

describe('parseExport', () => {
  test('reads back what serializeExport wrote, however the text is split into chunks', async () => {
    const records = [valid, { ...valid, url: 'https://example.com/b', canonicalUrl: 'https://example.com/a' }];
    const text = await collect(serializeExport(records, NOW));
    await fc.assert(fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 1, max: text.length - 1 }), { maxLength: 12 }), async (cuts) => {
      const points = [0, ...cuts.sort((a, b) => a - b), text.length];
      const chunks = points.slice(1).map((end, i) => text.slice(points[i], end));
      expect(await parseAll(chunks)).toEqual(records.map((record, index) => ({ ok: true, index, record })));
    }), { numRuns: 200, seed: 42 });
  });

  // Found by test/store/import-fuzz.test.ts: read whole, the file reported the
  // stray quote after "format"'s value; cut after that value, the wrong format.
  test('reports the first problem in a file, read whole or cut just after it', async () => {
    const text = '{"format":"deja-lu-hist"ory","version":1,"pages":[\n\n]}\n';
    const whole = await parseAll(text).catch((error: Error) => error.message);
    const cut = await parseAll([text.slice(0, 24), text.slice(24)]).catch((error: Error) => error.message);
    expect(whole).toMatch(/"format" is "deja-lu-hist"/);
    expect(cut).toBe(whole);
  });

  test('reads the file one character at a time', async () => {
    const text = await collect(serializeExport([valid], NOW));
    expect(await parseAll([...text])).toEqual([{ ok: true, index: 0, record: valid }]);
  });

  test('accepts any JSON layout, a byte order mark and unknown header members', async () => {
    const text = `\uFEFF{\r\n  "format": "${EXPORT_FORMAT}",\n  "app": {"name": "x", "v": [1, 2]},\n  "version": 1,\n  "pages": [\n    ${JSON.stringify(valid, null, 2)}\n  ],\n  "note": "x"\n}`;
    expect(await parseAll(text)).toEqual([{ ok: true, index: 0, record: valid }]);
  });

  test('normalises what it accepts: URL, upper-case hex, time zones, long excerpts, null optional fields', async () => {
    const [item] = await parseAll(file([{
      ...valid, url: 'https://Example.com/a/?utm_source=x', fingerprint: '0123456789ABCDEF', firstVisit: '2024-04-01T10:00:00+02:00',
      excerpt: 'e'.repeat(999), language: null, canonicalUrl: null,
    }]));
    expect(item).toMatchObject({ ok: true, record: { url: 'https://example.com/a', fingerprint: '0123456789abcdef', firstVisit: '2024-04-01T08:00:00.000Z', excerpt: 'e'.repeat(200) } });
    expect(item?.ok && item.record).not.toHaveProperty('language', null);
  });

  test.each([
    ['not an object', 42, /record: expected an object/],
    ['an array', [valid], /record: expected an object/],
    ['url missing', { ...valid, url: undefined }, /^url: expected a string/],
    ['url not http(s)', { ...valid, url: 'javascript:alert(1)' }, /^url: not an absolute http\(s\) or file URL/],
    ['url relative', { ...valid, url: '/a/b' }, /^url: not an absolute/],
    ['url too long', { ...valid, url: `https://example.com/${'a'.repeat(2048)}` }, /^url: longer than 2048/],
    ['canonicalUrl not a URL', { ...valid, canonicalUrl: 'nope' }, /^canonicalUrl:/],
    ['title a number', { ...valid, title: 7 }, /^title: expected a string/],
    ['title huge', { ...valid, title: 'x'.repeat(1_000_001) }, /^title: longer than 1000/],
    ['excerpt over 1000', { ...valid, excerpt: 'x'.repeat(1001) }, /^excerpt: longer than 1000/],
    ['site too long', { ...valid, site: 'x'.repeat(254) }, /^site:/],
    ['language not a tag', { ...valid, language: 'english please' }, /^language:/],
    ['textLength negative', { ...valid, textLength: -1 }, /^textLength: -1 is outside/],
    ['words fractional', { ...valid, words: 1.5 }, /^words: expected an integer/],
    ['cjkChars a string', { ...valid, cjkChars: '12' }, /^cjkChars: expected an integer/],
    ['cjkChars absurd', { ...valid, cjkChars: 1e12 }, /^cjkChars:/],
    ['fingerprint short', { ...valid, fingerprint: '0123' }, /^fingerprint: expected 16 hexadecimal digits/],
    ['fingerprint not hex', { ...valid, fingerprint: '0123456789abcdeg' }, /^fingerprint:/],
    ['fingerprint a number', { ...valid, fingerprint: 81985529216486895 }, /^fingerprint:/],
    ['passages not an array', { ...valid, passages: 'fedcba9876543210' }, /^passages: expected an array/],
    ['a passage bad', { ...valid, passages: ['fedcba9876543210', 'zz'] }, /^passages\[1\]:/],
    ['too many passages', { ...valid, passages: Array(65).fill('fedcba9876543210') }, /^passages: more than 64/],
    ['more passages than scheme 7 keeps (decisions/0083)', { ...valid, scheme: 7, passages: Array(127).fill('fedcba9876543210') }, /^passages: more than 126/],
    ['firstVisit as epoch number', { ...valid, firstVisit: 1714550400000 }, /^firstVisit: expected a string/],
    ['firstVisit not ISO', { ...valid, firstVisit: 'April 1, 2024' }, /^firstVisit: expected an ISO 8601 time/],
    ['lastVisit before 1990', { ...valid, firstVisit: '1980-01-01T00:00:00Z', lastVisit: '1980-01-02T00:00:00Z' }, /^firstVisit: before 1990/],
    ['lastVisit in the future', { ...valid, lastVisit: '2099-01-01T00:00:00Z' }, /^lastVisit: in the future/],
    ['firstVisit in year 1', { ...valid, firstVisit: '0001-01-01T00:00:00Z' }, /^firstVisit: before 1990/],
    ['firstVisit after lastVisit', { ...valid, firstVisit: '2024-04-30T09:00:00Z' }, /^firstVisit: later than lastVisit/],
    ['visitCount zero', { ...valid, visitCount: 0 }, /^visitCount:/],
    ['visitCount Infinity (as null)', { ...valid, visitCount: Infinity }, /^visitCount: expected an integer/],
    ['source unknown', { ...valid, source: 'robot' }, /^source: expected one of visit, manual, import, author/],
  ])('rejects a record with %s, saying why', async (_, bad, reason) => {
    const items = await parseAll(file([valid, bad, { ...valid, url: 'https://example.com/c' }]));
    expect(items.map((item) => item.ok)).toEqual([true, false, true]);
    const rejected = items[1];
    expect(rejected?.ok === false && rejected.index).toBe(1);
    expect(rejected?.ok === false && rejected.reason).toMatch(reason);
  });

  test.each([
    ['year 1 (.NET\'s "no date")', '0001-01-01T00:00:00Z'],
    ['1753 (SQL Server\'s "no date")', '1753-01-01T00:00:00Z'],
    ['just before 1800', '1799-12-31T23:59:59.999Z'],
    ['year 9999', '9999-12-31T00:00:00Z'],
    ['more than a day after the import', new Date(T0 + 24 * 3600_000 + 1).toISOString()],
  ])('keeps a record whose publishedAt is %s, without the date', (_, publishedAt) => {
    expect(validateExportRecord({ ...valid, publishedAt }, NOW)).toEqual({ ok: true, record: { ...valid, publishedAt: undefined } });
  });

  test('a rejection carries the record\'s URL (shortened) when it has one', () => {
    expect(validateExportRecord({ ...valid, title: 5, url: `https://example.com/${'a'.repeat(500)}` }, NOW)).toMatchObject({ ok: false, url: expect.stringMatching(/^https:\/\/example\.com\/a+$/) });
    expect(validateExportRecord({ ...valid, title: 5, url: 5 }, NOW)).not.toHaveProperty('url', expect.anything());
  });

  test.each([
    ['an empty file', '', /truncated: the file is empty/],
    ['plain text', 'hello', /expected a JSON object/],
    ['a JSON array', '[]', /expected a JSON object/],
    ['another app\'s JSON', '{"bookmarks":[]}', /not a Déjà Lu history export: no "format"/],
    ['a wrong format name', file([], '"format":"pocket-export","version":1'), /not a Déjà Lu history export: "format" is "pocket-export"/],
    ['a newer version', file([], `"format":"${EXPORT_FORMAT}","version":3`), /unsupported version 3 \(written by a newer Déjà Lu\); this version reads versions 1 and 2/],
    ['a version as string', file([], `"format":"${EXPORT_FORMAT}","version":"1"`), /unsupported version "1"/],
    ['no version', file([], `"format":"${EXPORT_FORMAT}"`), /"format" and "version" must come before "pages"/],
    ['pages before the header', `{"pages":[],"format":"${EXPORT_FORMAT}","version":1}`, /must come before "pages"/],
    ['no pages', `{"format":"${EXPORT_FORMAT}","version":1}`, /no "pages" array/],
    ['pages not an array', `{"format":"${EXPORT_FORMAT}","version":1,"pages":{}}`, /"pages" must be an array/],
    ['a file cut inside a record', file([valid, valid]).slice(0, -100), /truncated: the file ends inside "pages" after 1 element/],
    ['a file cut after a record', file([valid]).replace(/\n\]\}\n$/, ',\n'), /truncated: the file ends inside "pages" after 1 element/],
    ['a file missing its closing brace', file([valid]).replace(/\}\n$/, ''), /truncated: the file ends before the closing \}/],
    ['a record with invalid JSON', file([valid]).replace('"visitCount":3', '"visitCount":tree'), /invalid JSON .* at line 2, column 1/],
    ['a trailing comma', file([valid]).replace('\n]}', ',\n]}'), /expected a value, found '\]' at line 3/],
    ['a missing comma', file([valid, valid]).replace('},\n{', '}\n{'), /expected ',' or '\]' after element 0 of "pages" at line 3, column 1/],
    ['text after the end', `${file([])}x`, /unexpected text after the closing \}/],
    ['a duplicated pages array', `{"format":"${EXPORT_FORMAT}","version":1,"pages":[],"pages":[]}`, /"pages" appears twice/],
  ])('refuses %s as a whole with a clear ExportFormatError', async (_, text, message) => {
    const error = await parseAll(text).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ExportFormatError);
    expect((error as Error).message).toMatch(/^Invalid export file: /);
    expect((error as Error).message).toMatch(message);
  });
});

describe('the chunk heads of a record', () => {
  const heads = ['1111111122222222', '33333333aaaaaaaa'];
  test.each([
    ['absent: a page recorded before they were kept, or a Chinese one', { ...valid }, { ok: true, record: { ...valid } }],
    ['a list of fingerprints, read in lower case', { ...valid, heads: ['1111111122222222', '33333333AAAAAAAA'] }, { ok: true, record: { ...valid, heads } }],
    ['not a list', { ...valid, heads: '1111111122222222' }, { ok: false, reason: 'heads: expected an array', url: valid.url }],
    ['more than a page has passages', { ...valid, heads: Array.from({ length: 65 }, () => heads[0]) }, { ok: false, reason: 'heads: more than 64', url: valid.url }],
    ['more than a scheme-7 page has passages', { ...valid, scheme: 7, heads: Array.from({ length: 127 }, () => heads[0]) }, { ok: false, reason: 'heads: more than 126', url: valid.url }],
    ['as many as a scheme-7 page has passages', { ...valid, scheme: 7, heads: Array.from({ length: 126 }, () => heads[0]) }, { ok: true, record: { ...valid, scheme: 7, heads: Array.from({ length: 126 }, () => heads[0]) } }],
    ['one that is not 16 hex digits', { ...valid, heads: ['1111'] }, { ok: false, reason: expect.stringMatching(/^heads\[0\]: /), url: valid.url }],
  ])('%s', (_name, record, expected) => {
    expect(validateExportRecord(record, NOW)).toEqual(expected);
  });

  test('are written after the prose total and read back', async () => {
    const line = serializeExportRecord({ ...valid, proseTotal: 640, heads });
    expect(line).toMatch(/"proseTotal":640,"heads":\["1111111122222222","33333333aaaaaaaa"\],/);
    expect(await parseAll(file([{ ...valid, heads }]))).toEqual([{ index: 0, ok: true, record: { ...valid, heads } }]);
  });
});

describe('the prose total of a record', () => {
  test.each([
    ['absent: a page recorded before it was kept', { ...valid }, { ok: true, record: { ...valid } }],
    ['null, as other JSON writers put it: absent', { ...valid, proseTotal: null }, { ok: true, record: { ...valid } }],
    ['a count', { ...valid, proseTotal: 640 }, { ok: true, record: { ...valid, proseTotal: 640 } }],
    ['zero (a text of short lines)', { ...valid, proseTotal: 0 }, { ok: true, record: { ...valid, proseTotal: 0 } }],
    ['a fraction', { ...valid, proseTotal: 1.5 }, { ok: false, reason: 'proseTotal: expected an integer', url: valid.url }],
    ['negative', { ...valid, proseTotal: -1 }, { ok: false, reason: 'proseTotal: -1 is outside 0..100000000', url: valid.url }],
    ['a string', { ...valid, proseTotal: '640' }, { ok: false, reason: 'proseTotal: expected an integer', url: valid.url }],
  ])('%s', (_name, record, expected) => {
    expect(validateExportRecord(record, NOW)).toEqual(expected);
  });

  test('is written after the scheme and read back', async () => {
    const line = serializeExportRecord({ ...valid, proseTotal: 640 });
    expect(line).toMatch(/"scheme":2,"proseTotal":640,/);
    expect(await parseAll(file([{ ...valid, proseTotal: 640 }]))).toEqual([{ index: 0, ok: true, record: { ...valid, proseTotal: 640 } }]);
  });

  test('a recorded page keeps its prose total in whole length units', () => {
    expect(pageInputToExportRecord(pageInput({ proseTotal: 640.4 }), NOW).proseTotal).toBe(640);
    expect(pageInputToExportRecord(pageInput(), NOW)).not.toHaveProperty('proseTotal', expect.anything());
  });
});

describe('inKeyOrder', () => {
  const records = Array.from({ length: 40 }, (_, i) => pageInputToExportRecord(pageInput({ url: `https://example.com/post-${i}` }), NOW));

  test('puts records in the order the history exports them, so an import fills few page groups a round', async () => {
    const ordered = inKeyOrder(records);
    const { history } = await freshHistory(() => T0);
    await history.importJson(serializeExport(records, NOW));
    const exported = JSON.parse(await collect(history.exportJson())) as { pages: ExportRecord[] };
    expect(ordered.map((r) => r.url)).toEqual(exported.pages.map((r) => r.url));
    // Made order is not key order, or the case would prove nothing.
    expect(ordered.map((r) => r.url)).not.toEqual(records.map((r) => r.url));
  });

  test('keeps the given order of records of one URL, and leaves its argument as it was', () => {
    const [a, b] = records as [ExportRecord, ExportRecord];
    const given = [{ ...a, title: 'first' }, b, { ...a, title: 'second' }];
    const copy = [...given];
    expect(inKeyOrder(given).filter((r) => r.url === a.url).map((r) => r.title)).toEqual(['first', 'second']);
    expect(given).toEqual(copy);
  });
});

describe('pageInputToExportRecord', () => {
  test('makes a one-visit record at the given time that validates', () => {
    const record = pageInputToExportRecord(pageInput({ url: 'https://example.com/x?fbclid=1', source: 'author' }), NOW);
    expect(record).toMatchObject({ url: 'https://example.com/x', firstVisit: NOW.toISOString(), lastVisit: NOW.toISOString(), visitCount: 1, source: 'author', passages: [] });
    expect(validateExportRecord(record, NOW)).toEqual({ ok: true, record });
  });

  test.each([
    ['year 1', Date.parse('0001-01-01T00:00:00Z'), undefined],
    ['1799', Date.UTC(1799, 11, 31), undefined],
    ['1800', Date.UTC(1800, 0, 1), '1800-01-01T00:00:00.000Z'],
    ['a day after now', T0 + 24 * 3600_000, new Date(T0 + 24 * 3600_000).toISOString()],
    ['year 9999', Date.UTC(9999, 0, 1), undefined],
  ])('a page declaring a publication time in %s is recorded, the time kept only when plausible', (_, publishedAt, kept) => {
    const record = pageInputToExportRecord(pageInput({ publishedAt }), NOW);
    expect(record.publishedAt).toBe(kept);
    expect(validateExportRecord(record, NOW).ok).toBe(true);
  });

  test('cuts an over-long title without splitting a surrogate pair', () => {
    const record = pageInputToExportRecord(pageInput({ title: `${'a'.repeat(999)}😀tail` }), NOW);
    expect(record.title).toBe('a'.repeat(999));
  });

  test('throws a TypeError naming the field for an unusable page', () => {
    expect(() => pageInputToExportRecord(pageInput({ fingerprint: '12' }), NOW)).toThrow(/cannot record page "https:\/\/example.com\/article": fingerprint/);
  });
});
