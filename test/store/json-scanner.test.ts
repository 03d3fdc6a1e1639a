/**
 * StreamedObjectScanner on its own: what it hands back for well-formed files,
 * the error it gives for broken or hostile ones, and that neither depends on
 * where the text was split into chunks.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { JsonScanError, StreamedObjectScanner, type ScanEvent } from '../../src/store/json-scanner';

type Outcome = { events: ScanEvent[]; error?: { message: string; line: number; column: number } };

/** Feeds `chunks` one by one, then ends; what came out before any error, and the error. */
function scan(chunks: readonly string[], maxValueChars = Infinity): Outcome {
  const scanner = new StreamedObjectScanner('pages', maxValueChars);
  const events: ScanEvent[] = [];
  try {
    for (const chunk of chunks) events.push(...scanner.push(chunk));
    events.push(...scanner.end());
    return { events };
  } catch (error) {
    if (!(error instanceof JsonScanError)) throw error;
    return { events, error: { message: error.message, line: error.line, column: error.column } };
  }
}

const whole = (text: string, maxValueChars = Infinity): Outcome => scan([text], maxValueChars);

/** Every two-chunk split, and one chunk per character. */
function splits(text: string): string[][] {
  const out = [[...text]];
  for (let i = 0; i <= text.length; i++) out.push([text.slice(0, i), text.slice(i)]);
  return out;
}

const WELL_FORMED = `\ufeff{
  "format": "deja-lu-history",
  "version": 2,
  "pages": [
    {"url": "https://a.example/x", "title": "Quote \\" and backslash \\\\ and \\u2028"},
    ["nested", [1, {"deep": [true, false, null]}]],
    "中文标题 — 😀",
    -1.5e+3,
    true,
    null
  ],
  "after": {"k": "v"}
}
`;

describe('StreamedObjectScanner', () => {
  test('hands back the other members and each array element with its line', () => {
    expect(whole(WELL_FORMED)).toEqual({
      events: [
        { kind: 'member', key: 'format', value: 'deja-lu-history', line: 2 },
        { kind: 'member', key: 'version', value: 2, line: 3 },
        { kind: 'arrayStart', key: 'pages', line: 4 },
        { kind: 'element', index: 0, value: { url: 'https://a.example/x', title: 'Quote " and backslash \\ and \u2028' }, line: 5 },
        { kind: 'element', index: 1, value: ['nested', [1, { deep: [true, false, null] }]], line: 6 },
        { kind: 'element', index: 2, value: '中文标题 — 😀', line: 7 },
        { kind: 'element', index: 3, value: -1500, line: 8 },
        { kind: 'element', index: 4, value: true, line: 9 },
        { kind: 'element', index: 5, value: null, line: 10 },
        { kind: 'member', key: 'after', value: { k: 'v' }, line: 12 },
      ],
    });
  });

  test.each([
    ['an empty object', '{}', []],
    ['an empty array', '{"pages":[]}', [{ kind: 'arrayStart', key: 'pages', line: 1 }]],
    ['no array at all', '{"a":1}', [{ kind: 'member', key: 'a', value: 1, line: 1 }]],
    ['an element spanning lines', '{"pages":[{\n"a":\n1}]}', [{ kind: 'arrayStart', key: 'pages', line: 1 }, { kind: 'element', index: 0, value: { a: 1 }, line: 1 }]],
    ['brackets inside strings', '{"pages":["]}{[", "\\"]"]}', [{ kind: 'arrayStart', key: 'pages', line: 1 }, { kind: 'element', index: 0, value: ']}{[', line: 1 }, { kind: 'element', index: 1, value: '"]', line: 1 }]],
  ])('reads %s', (_name, text, events) => {
    expect(whole(text)).toEqual({ events });
  });

  test.each([
    ['an empty file', '', 'truncated: the file is empty', 1, 1],
    ['an array instead of an object', '[]', 'expected a JSON object starting with {', 1, 1],
    ['"pages" that is not an array', '{"pages": {}}', '"pages" must be an array', 1, 11],
    ['an unquoted member name', '{pages: []}', 'expected a member name in double quotes', 1, 2],
    ['a missing colon', '{"a" 1}', `expected ':' after "a"`, 1, 6],
    ['a trailing comma in the array', '{"pages": [1,]}', "expected a value, found ']'", 1, 14],
    ['a missing comma between elements', '{"pages": [1 2]}', "expected ',' or ']' after element 0 of \"pages\"", 1, 14],
    ['a misspelt literal', '{"a": nul}', 'invalid JSON', 1, 7],
    ['a bad escape', '{"pages": ["\\x"]}', 'invalid JSON', 1, 12],
    ['text after the closing brace', '{}\n{}', 'unexpected text after the closing }', 2, 1],
    ['a byte-order mark after the start', '{} \ufeff', 'unexpected text after the closing }', 1, 4],
    ['a file cut inside the array', '{"pages": [1, 2', 'truncated: the file ends inside "pages" after 1 element(s)', 1, 16],
    ['a file cut inside a string', '{"pages": ["abc', 'truncated: the file ends inside "pages" after 0 element(s)', 1, 16],
    ['a file cut after a member', '{"a": 1,', 'truncated: the file ends before the closing }', 1, 9],
  ])('refuses %s with where it went wrong', (_name, text, message, line, column) => {
    const { error } = whole(text);
    expect(error).toMatchObject({ line, column });
    expect(error?.message).toContain(message);
    expect(error?.message).toMatch(new RegExp(`at line ${line}, column ${column}$`));
  });

  test('hands back the elements before an error, then throws it on the next call', () => {
    const scanner = new StreamedObjectScanner('pages');
    expect(scanner.push('{"pages": [1, 2, }').map((e) => e.kind)).toEqual(['arrayStart', 'element', 'element']);
    expect(() => scanner.push(']}')).toThrow("expected a value, found '}'");
    expect(() => scanner.end()).toThrow(JsonScanError);
  });

  test('skips an element over the size limit, keeps reading, and refuses a member over it', () => {
    const big = `"${'x'.repeat(100)}"`;
    expect(whole(`{"pages": [1, ${big}, {"a": [${big}]}, 2]}`, 50).events).toEqual([
      { kind: 'arrayStart', key: 'pages', line: 1 },
      { kind: 'element', index: 0, value: 1, line: 1 },
      { kind: 'oversized', index: 1, line: 1 },
      { kind: 'oversized', index: 2, line: 1 },
      { kind: 'element', index: 3, value: 2, line: 1 },
    ]);
    expect(whole(`{"title": ${big}}`, 50).error?.message).toContain('a value longer than 50 characters');
    expect(whole(`{${big}: 1}`, 50).error?.message).toContain('a value longer than 50 characters');
  });

  test('holds no more than the limit for an oversized element however it arrives', () => {
    const scanner = new StreamedObjectScanner('pages', 1000);
    scanner.push('{"pages": ["');
    for (let i = 0; i < 1000; i++) scanner.push('y'.repeat(1000));
    const events = [...scanner.push('"]}'), ...scanner.end()];
    expect(events).toEqual([{ kind: 'oversized', index: 0, line: 1 }]);
    // The buffer is private: its size is what bounded memory means here.
    expect((scanner as unknown as { buffer: string }).buffer.length).toBeLessThan(2000);
  });

  test('reads 10,000 levels of nesting without recursion of its own', () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const { events, error } = whole(`{"pages": [${deep}]}`);
    expect(error).toBeUndefined();
    expect(events.map((e) => e.kind)).toEqual(['arrayStart', 'element']);
  });

  describe('reads an element per line, as Déjà Lu writes files, like any other layout', () => {
    /** Elements and their lines as JSON.parse and a line count give them. */
    const reference = (text: string, pages: unknown[], lines: number[]): ScanEvent[] => [
      { kind: 'arrayStart', key: 'pages', line: text.slice(0, text.indexOf('[')).split('\n').length },
      ...pages.map((value, index) => ({ kind: 'element' as const, index, value, line: lines[index] as number })),
    ];
    test.each([
      ['a trailing comma on each line', '{"pages":[\n{"a":1},\n{"b":"}"},\n{"c":[2]}\n]}', [2, 3, 4]],
      ['CRLF, spaces and tabs around the comma', '{"pages":[\r\n  {"a":1} , \t\r\n\t{"b":"}"}\r\n]}', [2, 3]],
      ['the closing brackets on the last line', '{"pages":[\n{"a":1},\n{"b":2}]}', [2, 3]],
      ['two elements on a line', '{"pages":[\n{"a":1},{"b":2},\n{"c":3}\n]}', [2, 2, 3]],
      ['an element over two lines', '{"pages":[\n{"a":\n1},\n{"b":2}\n]}', [2, 4]],
      ['a first line that ends with an inner brace', '{"pages":[\n{"a":{"b":"},"}\n,"c":2},\n{"d":3}\n]}', [2, 4]],
      ['elements that are not objects', '{"pages":[\n[{"a":1}],\n"{}",\n{"b":2}\n]}', [2, 3, 4]],
    ])('%s', (_name, text, lines) => {
      const expected = reference(text, (JSON.parse(text) as { pages: unknown[] }).pages, lines);
      expect(whole(text)).toEqual({ events: expected });
      for (const chunks of splits(text)) expect(scan(chunks)).toEqual({ events: expected });
    });

    test('reports an invalid element where it is, after the valid lines before it', () => {
      const text = '{"pages":[\n{"a":1},\n{"b":tru},\n{"c":3}\n]}';
      expect(whole(text)).toEqual({
        events: [{ kind: 'arrayStart', key: 'pages', line: 1 }, { kind: 'element', index: 0, value: { a: 1 }, line: 2 }],
        error: { message: expect.stringContaining('invalid JSON') as string, line: 3, column: 1 },
      });
    });

    test('skips an element over the size limit that has a line of its own', () => {
      const text = `{"pages":[\n{"a":"${'x'.repeat(100)}"},\n{"b":2}\n]}`;
      expect(whole(text, 50).events).toEqual([
        { kind: 'arrayStart', key: 'pages', line: 1 },
        { kind: 'oversized', index: 0, line: 2 },
        { kind: 'element', index: 1, value: { b: 2 }, line: 3 },
      ]);
    });

    test('random files with an element a line, some lines holding two, in random chunks', () => {
      const object = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
      fc.assert(
        fc.property(fc.array(fc.tuple(object, fc.constantFrom(',\n', ',\r\n', ' ,\n', ',')), { minLength: 1, maxLength: 12 }), fc.array(fc.nat(), { maxLength: 6 }), (items, cuts) => {
          const body = items.map(([value, end], i) => JSON.stringify(value) + (i === items.length - 1 ? '\n' : end)).join('');
          const text = `{"version":2,"pages":[\n${body}]}`;
          const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
          const chunks = [0, ...points].map((start, i) => text.slice(start, [...points, text.length][i]));
          const { events, error } = scan(chunks);
          expect(error).toBeUndefined();
          const elements = events.filter((e) => e.kind === 'element') as Extract<ScanEvent, { kind: 'element' }>[];
          expect(elements.map((e) => e.value)).toEqual(items.map(([value]) => JSON.parse(JSON.stringify(value))));
          let line = 2;
          const lines = items.map(([, end]) => { const at = line; if (end.includes('\n')) line++; return at; });
          expect(elements.map((e) => e.line)).toEqual(lines);
        }),
        { numRuns: 300 },
      );
    });
  });

  describe('gives the same result however the text is split', () => {
    const cases: Array<[string, string]> = [
      ['the well-formed export above', WELL_FORMED],
      ['escapes and long numbers', '{"pages": ["a\\\\", "b\\"", "\\u00e9", 12345678901234567890, -0.5E-7]}'],
      ['an error after two elements', '{"pages": [1, 2, }'],
      ['a file cut inside a string', '{"pages": ["abc'],
      ['a misspelt literal', '{"a": nul}'],
      ['junk after the object', '{"x":1}\n\n  junk'],
      ['a byte-order mark and surrogate pairs', '\ufeff{"pages":["😀\\ud83d\\ude00"]}'],
    ];
    test.each(cases)('%s, at every split point', (_name, text) => {
      const expected = whole(text);
      for (const chunks of splits(text)) expect(scan(chunks)).toEqual(expected);
    });

    test('random documents in random chunks', () => {
      const element = fc.jsonValue({ maxDepth: 3 });
      fc.assert(
        fc.property(fc.array(element, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 6 }), fc.integer({ min: 0, max: 2 }), (pages, cuts, indent) => {
          const text = JSON.stringify({ version: 2, pages, after: 'end' }, null, indent);
          const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
          const chunks = [0, ...points].map((start, i) => text.slice(start, [...points, text.length][i]));
          const { events, error } = scan(chunks);
          expect(error).toBeUndefined();
          expect(events.filter((e) => e.kind === 'element').map((e) => (e as { value: unknown }).value)).toEqual(JSON.parse(JSON.stringify(pages)));
          expect(events.at(-1)).toMatchObject({ kind: 'member', key: 'after', value: 'end' });
        }),
        { numRuns: 300 },
      );
    });
  });
});
