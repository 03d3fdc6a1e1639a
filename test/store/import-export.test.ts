import { describe, expect, test } from 'vitest';
import { EXPORT_FORMAT, ExportFormatError, MAX_IMPORT_RECORD_CHARS, serializeExport, type ExportRecord, type History } from '../../src/store';
import { fingerprintToHex } from '../../src/core/fingerprint64';
import { IMPORT_BATCH, ImportIncompleteError } from '../../src/store/import';
import { indexProblems } from '../support/history-invariants';
import { collect, dumpDatabase, freshHistory, manualClock, pageInput, randomFingerprint, seededRandom, T0 } from './helpers';

const HOUR = 3_600_000;

/**
 * Text as a file reader hands it over: 16 kB chunks, each after a timer, so
 * in a task of its own (a transaction left without requests meanwhile would commit).
 */
async function* fromDisk(text: string): AsyncGenerator<string> {
  for (let at = 0; at < text.length; at += 16_384) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    yield text.slice(at, at + 16_384);
  }
}

/** A small history with passages, optional fields, several sites and repeated visits. */
async function populate(history: History, advance: (ms: number) => void): Promise<void> {
  await history.recordVisit(pageInput({ url: 'https://a.example/one', site: 'a.example', fingerprint: '1111111111111111', passages: ['aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb'], language: 'en', publishedAt: T0 - 10 * HOUR, canonicalUrl: 'https://a.example/one' }));
  advance(HOUR);
  await history.recordVisit(pageInput({ url: 'https://b.example/two', site: 'b.example', title: '=HYPERLINK("x")', fingerprint: '2222222222222222', passages: ['cccccccccccccccc'], heads: ['dddddddddddddddd'], proseTotal: 300, source: 'author' }));
  advance(HOUR);
  await history.recordVisit(pageInput({ url: 'https://a.example/one', site: 'a.example', fingerprint: '1111111111111112', passages: ['aaaaaaaaaaaaaaab'] }));
  advance(HOUR);
  await history.recordVisit(pageInput({ url: 'https://c.example/三', site: 'c.example', title: '中文标题', cjkChars: 900, words: 3, fingerprint: '3333333333333333', source: 'manual' }));
}

/** What a user would call "the same history": every record and the block index, without internal ids. */
async function comparable(history: History) {
  const { pages } = await history.list({ order: 'oldest' });
  const records = pages.map(({ id: _id, ...rest }) => rest);
  const matches = await history.queryMany(pages.flatMap((p) => [p.fingerprint, ...p.passages, ...(p.heads ?? [])]), 0);
  return { records, matches: matches.map((ms) => ms.map((m) => [m.page.url, m.slot, m.distance])) };
}

describe('export then import', () => {
  test('into a fresh database gives the same history', async () => {
    const clock = manualClock();
    const source = await freshHistory(clock.now);
    await populate(source.history, clock.advance);
    const text = await collect(source.history.exportJson());

    const target = await freshHistory(clock.now);
    const report = await target.history.importJson(text);
    expect(report).toEqual({ imported: 3, updated: 0, unchanged: 0, rejected: [], rejectedCount: 0 });
    expect(await comparable(target.history)).toEqual(await comparable(source.history));
  });

  test('streams: exportJson yields several chunks for a large history and importJson takes them as they come', async () => {
    const clock = manualClock();
    const source = await freshHistory(clock.now);
    const random = seededRandom(1);
    const records: ExportRecord[] = Array.from({ length: 1200 }, (_, i) => ({
      url: `https://example.com/${i}`, title: `Title ${i} ${'x'.repeat(100)}`, site: 'example.com', excerpt: 'e'.repeat(150), textLength: 1000, cjkChars: 0, words: 200, scheme: 2,
      fingerprint: fingerprintToHex(randomFingerprint(random)), passages: [], firstVisit: new Date(T0 - i).toISOString(), lastVisit: new Date(T0).toISOString(), visitCount: 1, source: 'import',
    }));
    await source.history.importJson(serializeExport(records, new Date(T0)));
    const chunks: string[] = [];
    const decoder = new TextDecoder();
    for await (const chunk of source.history.exportJson()) chunks.push(decoder.decode(chunk, { stream: true }));
    expect(chunks.length).toBeGreaterThan(3);

    const target = await freshHistory(clock.now);
    async function* replay() { yield* chunks; }
    expect(await target.history.importJson(replay())).toMatchObject({ imported: 1200 });
    expect(await comparable(target.history)).toEqual(await comparable(source.history));
  });

  test('importing the same file twice changes nothing the second time', async () => {
    const clock = manualClock();
    const setup = await freshHistory(clock.now);
    await populate(setup.history, clock.advance);
    const text = await collect(setup.history.exportJson());
    const before = await dumpDatabase(setup.factory, setup.name);
    expect(await setup.history.importJson(text)).toEqual({ imported: 0, updated: 0, unchanged: 3, rejected: [], rejectedCount: 0 });
    expect(await dumpDatabase(setup.factory, setup.name)).toEqual(before);
  });
});

describe('merging an imported record with a stored page of the same URL', () => {
  const stored = { firstVisit: T0 - 10 * HOUR, lastVisit: T0 - 5 * HOUR, visitCount: 4 };

  async function importOne(fields: Partial<ExportRecord>) {
    const clock = manualClock(stored.firstVisit);
    const setup = await freshHistory(clock.now);
    await setup.history.recordVisit(pageInput({ title: 'Stored', fingerprint: '1111111111111111', language: 'fr' }));
    for (let i = 1; i < stored.visitCount; i++) {
      clock.advance(i === stored.visitCount - 1 ? stored.lastVisit - clock.now() : 1000);
      await setup.history.recordVisit(pageInput({ title: 'Stored', fingerprint: '1111111111111111', language: 'fr' }));
    }
    const incoming: ExportRecord = {
      url: 'https://example.com/article', title: 'Imported', site: 'example.com', excerpt: '', textLength: 10, cjkChars: 0, words: 2, scheme: 2,
      fingerprint: '2222222222222222', passages: [], firstVisit: new Date(T0 - 20 * HOUR).toISOString(), lastVisit: new Date(T0 - 15 * HOUR).toISOString(), visitCount: 1, source: 'import', ...fields,
    };
    const report = await setup.history.importJson(serializeExport([incoming], new Date(T0)));
    return { report, page: await setup.history.getByUrl(incoming.url), history: setup.history };
  }

  test.each([
    ['an older reading keeps the stored content, widens the visit span, keeps the larger count', {}, 'updated', { title: 'Stored', fingerprint: '1111111111111111', language: 'fr', firstVisit: T0 - 20 * HOUR, lastVisit: T0 - 5 * HOUR, visitCount: 4 }],
    ['a newer reading brings its content (and drops fields it lacks)', { lastVisit: new Date(T0).toISOString(), visitCount: 9 }, 'updated', { title: 'Imported', fingerprint: '2222222222222222', language: undefined, source: 'import', firstVisit: T0 - 20 * HOUR, lastVisit: T0, visitCount: 9 }],
    ['an equal last visit within the stored span keeps everything', { firstVisit: new Date(T0 - 5 * HOUR).toISOString(), lastVisit: new Date(T0 - 5 * HOUR).toISOString() }, 'unchanged', { title: 'Stored', firstVisit: T0 - 10 * HOUR, visitCount: 4 }],
  ])('%s', async (_, fields, outcome, expected) => {
    const { report, page } = await importOne(fields);
    expect(report).toMatchObject({ imported: 0, updated: outcome === 'updated' ? 1 : 0, unchanged: outcome === 'unchanged' ? 1 : 0 });
    expect(page).toMatchObject(Object.fromEntries(Object.entries(expected).filter(([, v]) => v !== undefined)));
    for (const [key, value] of Object.entries(expected)) if (value === undefined) expect(page).not.toHaveProperty(key);
  });

  test('a newer fingerprint replaces the old one in the block index', async () => {
    const { history } = await importOne({ lastVisit: new Date(T0).toISOString() });
    expect(await history.query('1111111111111111', 3)).toEqual([]);
    expect(await history.query('2222222222222222', 0)).toHaveLength(1);
  });

  test('records of one URL within a file are merged before writing', async () => {
    const setup = await freshHistory();
    const base = pageInput();
    const records = [1, 3, 2].map((hours): ExportRecord => ({
      url: `${base.url}?utm_source=${hours}`, title: `Read ${hours}h ago`, site: base.site, excerpt: '', textLength: 1, cjkChars: 0, words: 1, scheme: 2,
      fingerprint: base.fingerprint, passages: [], firstVisit: new Date(T0 - hours * HOUR).toISOString(), lastVisit: new Date(T0 - hours * HOUR).toISOString(), visitCount: hours, source: 'visit',
    }));
    expect(await setup.history.importJson(serializeExport(records, new Date(T0)))).toMatchObject({ imported: 1 });
    expect(await setup.history.getByUrl(base.url)).toMatchObject({ title: 'Read 1h ago', firstVisit: T0 - 3 * HOUR, lastVisit: T0 - HOUR, visitCount: 3 });
  });

  test.each([
    ['in one batch', 1],
    // Batches are transactions of their own: the later one merges into the page the earlier one wrote, still one page imported.
    ['batches apart', 2 * IMPORT_BATCH + 5],
  ])('records of one URL %s merge alike and count once, and the block index holds only the merged fingerprints', async (_where, gap) => {
    const setup = await freshHistory();
    const random = seededRandom(gap);
    const filler = Array.from({ length: gap - 1 }, (_, i): ExportRecord => ({
      url: `https://example.com/filler/${i}`, title: 't', site: 'example.com', excerpt: '', textLength: 1, cjkChars: 0, words: 1, scheme: 2,
      fingerprint: fingerprintToHex(randomFingerprint(random)), passages: [], firstVisit: new Date(T0).toISOString(), lastVisit: new Date(T0).toISOString(), visitCount: 1, source: 'import',
    }));
    const twice = (hours: number, fingerprint: string): ExportRecord => ({
      url: 'https://example.com/twice', title: `Read ${hours}h ago`, site: 'example.com', excerpt: '', textLength: 1, cjkChars: 0, words: 1, scheme: 2,
      fingerprint, passages: ['00000000ffffffff'], firstVisit: new Date(T0 - hours * HOUR).toISOString(), lastVisit: new Date(T0 - hours * HOUR).toISOString(), visitCount: hours, source: 'visit',
    });
    const records = [twice(3, '1111111111111111'), ...filler, twice(1, '2222222222222222')];
    expect(await setup.history.importJson(serializeExport(records, new Date(T0)))).toEqual({ imported: gap, updated: 0, unchanged: 0, rejected: [], rejectedCount: 0 });
    expect(await setup.history.getByUrl('https://example.com/twice')).toMatchObject({ title: 'Read 1h ago', fingerprint: '2222222222222222', firstVisit: T0 - 3 * HOUR, visitCount: 3 });
    expect(await setup.history.query('1111111111111111', 3)).toEqual([]);
    expect(indexProblems(await dumpDatabase(setup.factory, setup.name))).toEqual([]);
  });

  test('a file that moves 3,000 pages to new fingerprints (every bucket rewritten) leaves no old entry behind', async () => {
    const setup = await freshHistory(() => T0 + HOUR);
    const random = seededRandom(9);
    const file = (lastVisit: number) => serializeExport(Array.from({ length: 3000 }, (_, i): ExportRecord => ({
      url: `https://example.com/${i}`, title: 't', site: 'example.com', excerpt: '', textLength: 1, cjkChars: 0, words: 1, scheme: 2,
      fingerprint: fingerprintToHex(randomFingerprint(random)), passages: [fingerprintToHex(randomFingerprint(random))],
      firstVisit: new Date(T0).toISOString(), lastVisit: new Date(lastVisit).toISOString(), visitCount: 1, source: 'import',
    })), new Date(T0));
    await setup.history.importJson(file(T0));
    const old = (await setup.history.list()).pages.map((page) => page.fingerprint);
    expect(await setup.history.importJson(file(T0 + 1))).toEqual({ imported: 0, updated: 3000, unchanged: 0, rejected: [], rejectedCount: 0 });
    expect(indexProblems(await dumpDatabase(setup.factory, setup.name))).toEqual([]);
    expect((await setup.history.queryMany(old.slice(0, 50), 0)).flat()).toEqual([]);
  });

  test.each([
    ['whole is imported whole', 0],
    // Each batch is its own transaction now: damage in the last batch keeps the two batches before it.
    ['cut short keeps the whole batches before the damage, and says how many records were imported', 10],
  ])('a file of several batches read from disk (each chunk in a task of its own) and %s', async (_how, cut) => {
    const setup = await freshHistory();
    await setup.history.recordVisit(pageInput());
    const random = seededRandom(5);
    const records = Array.from({ length: 2 * IMPORT_BATCH + 10 }, (_, i): ExportRecord => ({
      url: `https://example.com/${i}`, title: 't', site: 'example.com', excerpt: '', textLength: 1, cjkChars: 0, words: 1, scheme: 2,
      fingerprint: fingerprintToHex(randomFingerprint(random)), passages: [], firstVisit: new Date(T0).toISOString(), lastVisit: new Date(T0).toISOString(), visitCount: 1, source: 'import',
    }));
    const text = await collect(serializeExport(records, new Date(T0)));
    const file = fromDisk(text.slice(0, text.length - cut));
    if (cut === 0) {
      expect(await setup.history.importJson(file)).toMatchObject({ imported: records.length, rejected: [] });
      expect(await setup.history.count()).toBe(records.length + 1);
      expect(indexProblems(await dumpDatabase(setup.factory, setup.name))).toEqual([]);
      return;
    }
    const error = await setup.history.importJson(file).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ImportIncompleteError);
    const incomplete = error as ImportIncompleteError;
    expect(incomplete.cause).toBeInstanceOf(ExportFormatError);
    expect(incomplete).toMatchObject({ damaged: true, savedRecords: 2 * IMPORT_BATCH, readRecords: records.length - 1, report: { imported: 2 * IMPORT_BATCH } });
    const saved = (2 * IMPORT_BATCH).toString();
    expect(incomplete.message).toBe(`The file is damaged after record ${records.length - 1} (${(incomplete.cause as Error).message}). Records 1–${saved} were imported (${saved} new, 0 updated, 0 unchanged); nothing after record ${saved} was.`);
    expect((incomplete.cause as Error).message).toMatch(/^Invalid export file: .*truncated/);
    expect(await setup.history.count()).toBe(2 * IMPORT_BATCH + 1);
    expect(indexProblems(await dumpDatabase(setup.factory, setup.name))).toEqual([]);
  });

  test('options.source marks every imported record, and the user\'s own articles are listed as such', async () => {
    const setup = await freshHistory();
    const record: ExportRecord = { url: 'https://example.com/mine', title: 'Mine', site: 'example.com', excerpt: '', textLength: 1, cjkChars: 0, words: 1, scheme: 2, fingerprint: '0123456789abcdef', passages: [], firstVisit: new Date(T0).toISOString(), lastVisit: new Date(T0).toISOString(), visitCount: 1, source: 'visit' };
    await setup.history.importJson(serializeExport([record], new Date(T0)), { source: 'author' });
    expect((await setup.history.getByUrl(record.url))?.source).toBe('author');
    expect((await setup.history.ownArticles()).map((page) => page.url)).toEqual([record.url]);
  });
});

describe('importing bad input', () => {
  test('rejects exactly the bad records, reports index, reason and URL, and imports the rest', async () => {
    const setup = await freshHistory();
    const good = (i: number) => ({ url: `https://example.com/${i}`, title: 't', site: 'example.com', excerpt: '', textLength: 1, cjkChars: 0, words: 1, fingerprint: '0123456789abcdef', passages: [], firstVisit: new Date(T0).toISOString(), lastVisit: new Date(T0).toISOString(), visitCount: 1, source: 'visit' });
    const pages = [
      good(0),
      { ...good(1), visitCount: '1' },
      { ...good(2), fingerprint: '0123456789abcdeX' },
      { ...good(3), url: 'ftp://example.com/3' },
      { ...good(4), title: 'x'.repeat(5_000) },
      good(5),
      null,
      { ...good(7), title: 'x'.repeat(MAX_IMPORT_RECORD_CHARS) },
    ];
    const text = `{"format":"${EXPORT_FORMAT}","version":1,"pages":[\n${pages.map((p) => JSON.stringify(p)).join(',\n')}\n]}`;
    const report = await setup.history.importJson(text);
    expect(report.imported).toBe(2);
    expect(report.rejected).toEqual([
      { index: 1, reason: 'visitCount: expected an integer', url: 'https://example.com/1' },
      { index: 2, reason: 'fingerprint: expected 16 hexadecimal digits', url: 'https://example.com/2' },
      { index: 3, reason: 'url: not an absolute http(s) or file URL', url: 'ftp://example.com/3' },
      { index: 4, reason: 'title: longer than 1000 characters', url: 'https://example.com/4' },
      { index: 6, reason: 'record: expected an object' },
      { index: 7, reason: `record: longer than ${MAX_IMPORT_RECORD_CHARS} characters` },
    ]);
    expect((await setup.history.list({ order: 'oldest' })).pages.map((p) => p.url).sort()).toEqual(['https://example.com/0', 'https://example.com/5']);
  });

  test.each([
    ['truncated JSON', (text: string) => text.slice(0, Math.floor(text.length * 0.6)), /truncated/],
    ['a wrong version', (text: string) => text.replace('"version":2', '"version":3'), /unsupported version 3/],
    ['a wrong format name', (text: string) => text.replace(EXPORT_FORMAT, 'deja-vu-history'), /not a Déjà Lu history export/],
    ['invalid JSON in the last record', (text: string) => text.replace(/"source":"manual"\}/, '"source":manual}'), /invalid JSON/],
  ])('%s throws ExportFormatError and leaves the store byte-for-byte unchanged', async (_, corrupt, message) => {
    const clock = manualClock();
    const setup = await freshHistory(clock.now);
    await populate(setup.history, clock.advance);
    const text = await collect(setup.history.exportJson());
    // Change the existing content so a partial import would show.
    const altered = text.replace(/"visitCount":\d+/g, '"visitCount":50')
      .replace('"pages":[\n', `"pages":[\n${JSON.stringify({ url: 'https://new.example/', title: 'new', site: 'new.example', excerpt: '', textLength: 1, cjkChars: 0, words: 1, fingerprint: 'abcdefabcdefabcd', passages: [], firstVisit: new Date(T0).toISOString(), lastVisit: new Date(T0).toISOString(), visitCount: 1, source: 'visit' })},\n`);
    const before = await dumpDatabase(setup.factory, setup.name);
    const error = await setup.history.importJson(corrupt(altered)).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ExportFormatError);
    expect((error as Error).message).toMatch(message);
    expect(await dumpDatabase(setup.factory, setup.name)).toEqual(before);
  });
});
