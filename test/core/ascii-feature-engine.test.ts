import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { documentFeatures, withDocumentFeatures } from '../../src/core/features';
import { signDocument } from '../../src/core/sign-document';
import { termWeight } from '../../src/core/term-weight';
import { foldText } from '../../src/core/tokenize';
import { ASCII_FEATURES_WASM } from '../../src/core/wasm/ascii-features-wasm';
import { AsciiFeatureEngine, returnEngine, takeEngine, utf8Length } from '../../src/core/wasm/ascii-feature-engine';

const JAVASCRIPT = { webAssembly: undefined };

/** The features and their SimHashes through the WebAssembly engine and through the JavaScript FeatureTable, as plain values. */
function bothEngines(text: string, byParagraph = false) {
  const plain = (deps: object) =>
    withDocumentFeatures(foldText(text), deps, (document) => {
      const features = document.hashed();
      return {
        ids: [...features.ids], counts: [...features.counts], hi: [...features.hi], lo: [...features.lo],
        length: document.length,
        whole: document.whole(false), chunks: document.chunks(false),
        cappedWhole: document.whole(true), cappedChunks: document.chunks(true),
      };
    }, byParagraph);
  return { wasm: plain({}), js: plain(JAVASCRIPT) };
}

/** `count` distinct words, each `repeats` times, in a fixed shuffled order. */
function manyWords(count: number, repeats: number): string {
  const words: string[] = [];
  for (let r = 0; r < repeats; r++) for (let i = 0; i < count; i++) words.push(`w${((i * 7919) % count).toString(36)}`);
  return words.join(' ');
}

describe('the WebAssembly engine gives the JavaScript table\'s features and SimHashes', () => {
  test.each([
    // The table starts with room for length/16 distinct features and length/8 occurrences.
    ['far more distinct words than the table starts with (it grows several times)', manyWords(60_000, 1)],
    ['more occurrences than it starts with', manyWords(300, 200)],
    ['far more distinct non-ASCII words than it starts with (added from JavaScript)', manyWords(30_000, 1).replaceAll(' ', 'é ')],
    ['ASCII words running into accented letters and curly quotes', 'don’t café naïve résumé co‑operate l’été «quoted» x’y ’tis '.repeat(300)],
    ['surrogate pairs and lone surrogates between ASCII words (4 and 3 UTF-8 bytes)', 'alpha 😀 beta \ud800 gamma \udc00 delta 𝐁𝐨𝐥𝐝 epsilon\ud835zeta '.repeat(200)],
    ['a word at the very end of the text', 'reposts are found by fingerprint'],
    ['a word running into the last character', 'reposts are found by fingerprinté'],
    ['stopwords, single letters and digits', 'the a of I 1 22 and x y zz the the '.repeat(50)],
    ['Chinese with ASCII words', '微软 Windows 更新了系统，用户可以在 settings 里面找到新的功能。'.repeat(100)],
    ['only non-ASCII', 'Привет мир большой текст '.repeat(100)],
    // termWeight above its table (tf ≥ 256) and whole-document sums far above 2^32.
    ['a word repeated 300,000 times among others', `${'repost '.repeat(300_000)}${manyWords(2_000, 3)}`],
    ['exactly one chunk, and a short tail joining the chunk before', [manyWords(40, 1), manyWords(300, 1)].join(' . ')],
    ['empty', ''],
    // Weights the scheme-3 cap cuts: one word through the whole text, and words repeated within chunks.
    ['one topic word woven through every sentence', `${manyWords(500, 1)} `.replaceAll(' ', ' iron ').repeat(2)],
    ['a few words repeated inside each chunk', 'iron ore iron steel iron mill forge smelt '.repeat(100)],
  ])('%s', (_name, text) => {
    const { wasm, js } = bothEngines(text);
    expect(wasm).toEqual(js);
  });

  // Read by paragraph (scheme 5), the module cuts each paragraph of at least PARAGRAPH_MIN_FEATURES (12) on its own.
  test.each([
    ['paragraphs of 11, 12 and 13 features: the first gives no chunk', [manyWords(11, 1), manyWords(12, 1), manyWords(13, 1)].join('\n\n')],
    ['a long paragraph: chunks at anchors and PASSAGE_MAX_FEATURES, a short tail joining the one before', `${manyWords(20, 1)}\n\n${manyWords(700, 1)}`],
    ['each paragraph\'s tail stays in its paragraph', Array.from({ length: 6 }, (_, i) => manyWords(30 + 7 * i, 1)).join('\n\n')],
    ['empty paragraphs, blank lines of spaces, and lines of one word between', [manyWords(40, 1), '', 'Advertisement', ' \t', manyWords(50, 2)].join('\n\n')],
    ['only short paragraphs: no chunk at all', Array.from({ length: 20 }, () => 'a short line of words').join('\n\n')],
    ['one paragraph', manyWords(200, 2)],
    ['a paragraph of non-ASCII words (added from JavaScript)', `${manyWords(30, 1)}\n\n${manyWords(300, 1).replaceAll(' ', 'é ')}`],
  ])('read by paragraph: %s', (_name, text) => {
    const { wasm, js } = bothEngines(text, true);
    expect(wasm).toEqual(js);
  });

  test('document after document, the engine reused', () => {
    const texts = fc.sample(fc.array(fc.oneof(fc.lorem({ maxCount: 5 }), fc.constantFrom('été', '中文', '😀', '\ud800', ' ', '.', 'かなとカナ', 'これは日本語の文章です')), { maxLength: 200 }).map((p) => p.join(' ')), { numRuns: 200, seed: 7 });
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

  test('a document the module\'s memory cannot grow for is fingerprinted in JavaScript', () => {
    const text = 'A long article whose text needs more memory than the module has. '.repeat(20_000);
    const grow = vi.spyOn(WebAssembly.Memory.prototype, 'grow').mockImplementation(() => {
      throw new RangeError('WebAssembly.Memory.grow(): Maximum memory size exceeded');
    });
    try {
      expect(signDocument(text)).toEqual(signDocument(text, JAVASCRIPT));
      expect(grow).toHaveBeenCalled();
    } finally {
      grow.mockRestore();
    }
  });

  test.each([0, 1, 2, 3, 4, 5])('memory that fails to grow at its growth %i, mid-document, leaves the engine right for the documents after', (failing) => {
    // A namespace of its own: a fresh instance whose memory starts small, so the document makes it grow several times.
    const webAssembly = Object.create(WebAssembly) as typeof WebAssembly;
    const grow = WebAssembly.Memory.prototype.grow;
    let growths = 0;
    const spy = vi.spyOn(WebAssembly.Memory.prototype, 'grow').mockImplementation(function (this: WebAssembly.Memory, delta: number) {
      if (growths++ === failing) throw new RangeError('WebAssembly.Memory.grow(): Out of memory');
      return grow.call(this, delta);
    });
    try {
      const texts = [manyWords(60_000, 1), 'A short page after the failure.', manyWords(5_000, 3).replaceAll(' ', 'é ')];
      for (const text of texts) expect(signDocument(text, { webAssembly })).toEqual(signDocument(text, JAVASCRIPT));
      expect(growths).toBeGreaterThan(failing);
    } finally {
      spy.mockRestore();
    }
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

describe('the module\'s term weight', () => {
  test('is termWeight for every count, above its small-count table too', () => {
    const module = new WebAssembly.Module(Buffer.from(ASCII_FEATURES_WASM, 'base64'));
    const { exports } = new WebAssembly.Instance(module, { host: { grow: () => undefined } });
    const weights = new Int32Array((exports.memory as WebAssembly.Memory).buffer, (exports.WEIGHTS_AT as WebAssembly.Global).value as number, 256);
    weights.set(Array.from({ length: 256 }, (_, tf) => termWeight(tf)));
    const weight = exports.weight as (tf: number) => bigint;
    const counts = [...Array.from({ length: 5_000 }, (_, tf) => tf), ...fc.sample(fc.integer({ min: 256, max: 2 ** 26 }), { numRuns: 20_000, seed: 3 })];
    for (const tf of counts) expect(weight(tf)).toBe(BigInt(termWeight(tf)));
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
