import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  ExportFormatError, parseExport, serializeExport, validateExportRecord, type ExportRecord, type ParsedRecord,
} from '../../src/store';
import { indexProblems } from '../support/history-invariants';
import { dumpDatabase, freshHistory, T0 } from './helpers';

/**
 * Property-based tests of the import parser on random and malformed files.
 * Bounded by runs and time so CI spends seconds here; a failure prints the
 * seed and path to replay it with (`fc.assert(..., { seed, path })`).
 */
const BUDGET = { numRuns: 120, interruptAfterTimeLimit: 5_000 } as const;
/** Above BUDGET's time limit: at vitest's default 5 s a loaded machine timed the test out just as fast-check stopped. */
const BUDGET_TEST_TIMEOUT = 15_000;
const NOW = new Date(T0);

const hex16 = fc.stringMatching(/^[0-9a-fA-F]{16}$/);
const time = fc.date({ min: new Date('1985-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());

/** Records near the rules: mostly valid, some fields off by a little, some wildly wrong. */
const record = fc.record({
  url: fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.constantFrom('javascript:alert(1)', 'file:///home/me/a.md', '/relative'), fc.string()),
  canonicalUrl: fc.option(fc.webUrl(), { nil: undefined }),
  title: fc.string({ unit: 'binary', maxLength: 1_100, size: 'large' }),
  site: fc.oneof(fc.domain(), fc.string({ maxLength: 300 })),
  language: fc.option(fc.constantFrom('en', 'zh-Hans', 'pt-BR', 'not a tag', ''), { nil: undefined }),
  excerpt: fc.string({ maxLength: 1_100 }),
  textLength: fc.integer({ min: -1, max: 200_000_000 }),
  cjkChars: fc.nat(1_000),
  words: fc.oneof(fc.nat(1_000), fc.double()),
  fingerprint: fc.oneof(hex16, fc.string({ maxLength: 17 })),
  passages: fc.array(hex16, { maxLength: 66 }),
  publishedAt: fc.option(time, { nil: undefined }),
  firstVisit: time,
  lastVisit: time,
  visitCount: fc.integer({ min: 0, max: 2_000_000 }),
  source: fc.constantFrom('visit', 'manual', 'import', 'author', 'robot'),
}, { requiredKeys: ['url', 'title', 'site', 'excerpt', 'textLength', 'cjkChars', 'words', 'fingerprint', 'passages', 'firstVisit', 'lastVisit', 'visitCount', 'source'] });

/** Records within every rule (before normalisation: mixed-case hex, URLs with fragments and tracking parameters). */
const validRecord = fc.record({
  url: fc.webUrl({ withQueryParameters: true, withFragments: true }),
  title: fc.string({ unit: 'binary', maxLength: 1_000 }),
  site: fc.domain(),
  excerpt: fc.string({ maxLength: 1_000 }),
  textLength: fc.nat(100_000_000),
  cjkChars: fc.nat(100_000_000),
  words: fc.nat(100_000_000),
  fingerprint: hex16,
  passages: fc.array(hex16, { maxLength: 64 }),
  visits: fc.tuple(time, time).map(([a, b]) => (a < b ? [a, b] : [b, a])),
  visitCount: fc.integer({ min: 1, max: 1_000_000 }),
  source: fc.constantFrom('visit', 'manual', 'import', 'author'),
}).map(({ visits: [firstVisit, lastVisit], ...rest }) => ({ ...rest, firstVisit, lastVisit }));

/** A serialised file with random damage: cut short, a character dropped, or a structural character inserted. */
const damagedFile = fc.tuple(
  fc.array(fc.oneof(validRecord, record), { maxLength: 6 }),
  fc.nat(),
  fc.constantFrom('none', 'truncate', 'drop', 'insert'),
  fc.constantFrom('{', '}', '[', ']', ',', '"', ':', '\\', 'x', '\u0000', '\u2028'),
).map(([records, at, damage, char]) => {
  const text = `{"format":"deja-lu-history","version":1,"pages":[\n${records.map((r) => JSON.stringify(r)).join(',\n')}\n]}\n`;
  const i = at % text.length;
  if (damage === 'truncate') return text.slice(0, i);
  if (damage === 'drop') return text.slice(0, i) + text.slice(i + 1);
  if (damage === 'insert') return text.slice(0, i) + char + text.slice(i);
  return text;
});

/** `text` cut into chunks at the given positions. */
function split(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let from = 0;
  for (const point of points) {
    chunks.push(text.slice(from, point));
    from = point;
  }
  chunks.push(text.slice(from));
  return chunks;
}

/** Every item, or the ExportFormatError message: anything else escaping is a bug. */
async function outcome(chunks: string[]): Promise<ParsedRecord[] | string> {
  const items: ParsedRecord[] = [];
  try {
    for await (const item of parseExport(chunks, { now: NOW })) items.push(item);
  } catch (error) {
    if (!(error instanceof ExportFormatError)) throw error;
    return `ExportFormatError: ${error.message}`;
  }
  return items;
}

describe('import parser fuzzing', () => {
  test('validateExportRecord never throws, whatever the value', () => {
    fc.assert(fc.property(fc.oneof(fc.anything(), record), (value) => {
      const check = validateExportRecord(value, NOW);
      if (!check.ok) expect(check.reason).toMatch(/^[a-zA-Z[\]0-9]+: /);
    }), BUDGET);
  }, BUDGET_TEST_TIMEOUT);

  test('a damaged file gives records or an ExportFormatError, the same however it is split into chunks', async () => {
    await fc.assert(fc.asyncProperty(damagedFile, fc.array(fc.nat(), { maxLength: 8 }), async (text, cuts) => {
      const whole = await outcome([text]);
      expect(await outcome(split(text, cuts))).toEqual(whole);
      if (typeof whole === 'string') return;
      whole.forEach((item, i) => expect(item.index).toBe(i));
    }), BUDGET);
  }, BUDGET_TEST_TIMEOUT);

  test('what the parser accepts, it writes and reads back unchanged', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.oneof(validRecord, record), { maxLength: 8 }), async (records) => {
      const accepted = records.map((r) => validateExportRecord(r, NOW)).flatMap((check) => (check.ok ? [check.record] : []));
      let text = '';
      for await (const chunk of serializeExport(accepted, NOW)) text += chunk;
      const again = await outcome([text]);
      expect(again).toEqual(accepted.map((r, index): ParsedRecord => ({ index, ok: true, record: r as ExportRecord })));
    }), BUDGET);
  }, BUDGET_TEST_TIMEOUT);

  test('importing a damaged file either changes nothing or leaves a whole index', async () => {
    await fc.assert(fc.asyncProperty(damagedFile, async (text) => {
      const { history, factory, name } = await freshHistory();
      await history.importJson(`{"format":"deja-lu-history","version":1,"pages":[${JSON.stringify({
        url: 'https://kept.example/', title: 'kept', site: 'kept.example', excerpt: '', textLength: 1, cjkChars: 0, words: 1, fingerprint: '0123456789abcdef', passages: [], firstVisit: NOW.toISOString(), lastVisit: NOW.toISOString(), visitCount: 1, source: 'visit',
      })}]}`);
      const before = await dumpDatabase(factory, name);
      const result = await history.importJson(text).then(() => 'imported', (error: unknown) => error);
      const after = await dumpDatabase(factory, name);
      if (result !== 'imported') {
        expect(result).toBeInstanceOf(ExportFormatError);
        expect(after).toEqual(before);
      }
      expect(indexProblems(after)).toEqual([]);
      history.close();
    }), { numRuns: 30, interruptAfterTimeLimit: 8_000 });
  }, 30_000);
});
