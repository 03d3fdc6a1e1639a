import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { documentFeatures } from '../../src/core/features';
import { signDocument } from '../../src/core/sign-document';
import { foldText } from '../../src/core/tokenize';
import { AsciiFeatureEngine, returnEngine, takeEngine, utf8Length } from '../../src/core/wasm/ascii-feature-engine';

const JAVASCRIPT = { webAssembly: undefined };

/** documentFeatures through the WebAssembly engine and through the JavaScript FeatureTable, as plain arrays. */
function bothEngines(text: string) {
  const plain = (deps: object) => {
    const { features, length } = documentFeatures(foldText(text), deps);
    return { ids: [...features.ids], counts: [...features.counts], hi: [...features.hi], lo: [...features.lo], length };
  };
  return { wasm: plain({}), js: plain(JAVASCRIPT) };
}

/** `count` distinct words, each `repeats` times, in a fixed shuffled order. */
function manyWords(count: number, repeats: number): string {
  const words: string[] = [];
  for (let r = 0; r < repeats; r++) for (let i = 0; i < count; i++) words.push(`w${((i * 7919) % count).toString(36)}`);
  return words.join(' ');
}

describe('the WebAssembly engine gives the JavaScript table\'s features', () => {
  test.each([
    // The table starts with room for length/16 distinct features and length/8 occurrences.
    ['far more distinct words than the table starts with (it grows several times)', manyWords(60_000, 1)],
    ['more occurrences than it starts with', manyWords(300, 200)],
    ['ASCII words running into accented letters and curly quotes', 'don’t café naïve résumé co‑operate l’été «quoted» x’y ’tis '.repeat(300)],
    ['surrogate pairs and lone surrogates between ASCII words (4 and 3 UTF-8 bytes)', 'alpha 😀 beta \ud800 gamma \udc00 delta 𝐁𝐨𝐥𝐝 epsilon\ud835zeta '.repeat(200)],
    ['a word at the very end of the text', 'reposts are found by fingerprint'],
    ['a word running into the last character', 'reposts are found by fingerprinté'],
    ['stopwords, single letters and digits', 'the a of I 1 22 and x y zz the the '.repeat(50)],
    ['Chinese with ASCII words', '微软 Windows 更新了系统，用户可以在 settings 里面找到新的功能。'.repeat(100)],
    ['only non-ASCII', 'Привет мир большой текст '.repeat(100)],
    ['empty', ''],
  ])('%s', (_name, text) => {
    const { wasm, js } = bothEngines(text);
    expect(wasm).toEqual(js);
  });

  test('document after document, the engine reused', () => {
    const texts = fc.sample(fc.array(fc.oneof(fc.lorem({ maxCount: 5 }), fc.constantFrom('été', '中文', '😀', '\ud800', ' ', '.')), { maxLength: 200 }).map((p) => p.join(' ')), { numRuns: 200, seed: 7 });
    for (const text of texts) expect(signDocument(text)).toEqual(signDocument(text, JAVASCRIPT));
  });
});

describe('engine life cycle', () => {
  test('where WebAssembly runs, it reads the ASCII stretches (the tokeniser\'s own fast path does not run)', () => {
    const stretches = vi.spyOn(AsciiFeatureEngine.prototype, 'asciiWords');
    try {
      documentFeatures(foldText('Plain ASCII, then an é, then ASCII again.'));
      expect(stretches.mock.calls.map(([from]) => from)).toEqual([0, 23]);
    } finally {
      stretches.mockRestore();
    }
  });

  test('an engine is reused for the next document unless its memory grew past the limit', () => {
    const engine = takeEngine(WebAssembly);
    expect(engine).toBeDefined();
    engine!.begin('a small document');
    returnEngine(WebAssembly, engine!);
    const again = takeEngine(WebAssembly);
    expect(again).toBe(engine);
    // 12 million code units need 36 MB for the text alone: more than the instance may keep.
    again!.begin('word '.repeat(2_400_000));
    returnEngine(WebAssembly, again!);
    const fresh = takeEngine(WebAssembly);
    expect(fresh).not.toBe(again);
    returnEngine(WebAssembly, fresh!);
  });

  test('a text that throws midway (a failing dictionary) leaves the engine usable', () => {
    const failing = { dictionary: () => { throw new Error('no dictionary'); } };
    expect(() => signDocument('English words, then 中文 words', failing)).toThrow('no dictionary');
    expect(signDocument('English words after the failure')).toEqual(signDocument('English words after the failure', JAVASCRIPT));
  });

  test('where WebAssembly is refused (a content security policy without wasm-unsafe-eval), the JavaScript table gives the same features', () => {
    const refused = {
      ...WebAssembly,
      Module: function Module() {
        throw new WebAssembly.CompileError("WebAssembly.Module(): Refused to compile or instantiate WebAssembly module because 'wasm-eval' is not an allowed source");
      },
    } as unknown as typeof WebAssembly;
    expect(takeEngine(refused)).toBeUndefined();
    const text = 'A page read in an extension page whose policy refuses WebAssembly. '.repeat(20);
    expect(signDocument(text, { webAssembly: refused })).toEqual(signDocument(text, JAVASCRIPT));
    // The real namespace is unaffected.
    const engine = takeEngine(WebAssembly);
    expect(engine).toBeDefined();
    returnEngine(WebAssembly, engine!);
  });
});

describe('utf8Length', () => {
  test('counts the bytes TextEncoder writes, lone surrogates as U+FFFD', () => {
    const encoder = new TextEncoder();
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (s) => {
        expect(utf8Length(s, 0, s.length)).toBe(encoder.encode(s).length);
      }),
      { numRuns: 2_000 },
    );
  });
});
