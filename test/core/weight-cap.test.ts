import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { signDocument } from '../../src/core/sign-document';
import { hammingDistance } from '../../src/core/hamming';
import { UNCAPPED, WeightSummary, weightCap } from '../../src/core/term-weight';

const summaryOf = (weights: number[]): WeightSummary => {
  const summary = new WeightSummary();
  for (const w of weights) summary.add(w);
  return summary;
};

/** The definition: the largest integer level ≥ 1 at which the two heaviest of min(w, T) hold at most half of Σ min(w, T)². */
function byDefinition(weights: number[]): number {
  const holds = (level: number): boolean => {
    const cut = weights.filter((w) => w > 0).map((w) => Math.min(w, level)).sort((a, b) => b - a);
    return (cut[0] ?? 0) ** 2 + (cut[1] ?? 0) ** 2 <= cut.reduce((sum, w) => sum + w * w, 0) / 2;
  };
  if (holds(Infinity)) return UNCAPPED;
  let level = Math.max(...weights);
  while (level > 1 && !holds(level)) level--;
  return level;
}

describe('weightCap: no two features hold more than half of Σw² (scheme 3)', () => {
  test.each([
    ['no two words stand out', [5, 5, 5, 5, 3, 3, 3, 3, 1, 1, 1, 1], UNCAPPED],
    ['a heavy head: the top word cut to where the two hold half', [8, 5, 5, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], 6],
    ['one word far above the rest', [1000, 5, 5, 5, 3, 3, 1, 1, 1, 1], 6],
    ['two heavy words: both cut', [400, 390, 5, 5, 5, 5, 3, 3, 3, 1], 8],
    ['three heavy words (a three-character Chinese word): all three cut', [300, 300, 300, 3, 3, 3, 3, 3, 3, 1], 7],
    ['fewer than four features: no level can do it, so weights go to 1', [5, 3, 1], 1],
    ['zero weights (stopwords) do not count', [0, 0, 8, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], 3],
    ['nothing at all', [], UNCAPPED],
  ])('%s', (_name, weights, level) => {
    expect(weightCap(summaryOf(weights))).toBe(level);
    expect(byDefinition(weights)).toBe(level);
  });

  test('equals the definition on random weights', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2_000 }), { maxLength: 40 }), (weights) => {
        expect(weightCap(summaryOf(weights))).toBe(byDefinition(weights));
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('a word woven through two different texts no longer makes them match', () => {
  const textA = 'Rain fell over the valley while farmers gathered the last of the harvest before winter arrived in earnest. '.repeat(1) +
    'The council met to discuss roads, schools and a new bridge across the river that floods each spring. ' +
    'Children walked to the market with baskets of apples, pears and plums picked from old orchards. ' +
    'A storm was forecast for the weekend, so fishermen pulled their boats high onto the shingle.';
  const textB = 'Engineers tested the prototype engine on a cold morning at the airfield outside the city. ' +
    'Investors asked about costs, delays and the supply of rare parts from distant factories. ' +
    'The pilot reported vibration at high speed and a warning light that flickered during the climb. ' +
    'Designers promised a revised wing before the summer trials began at the coastal range.';
  const weave = (text: string): string => text.split(' ').map((word) => `${word} iron`).join(' ');

  test.each([
    ['scheme 2 (uncapped): the topic word decides the bits', 2, true],
    ['scheme 3 (capped): the texts stay apart', 3, false],
  ] as const)('%s', (_name, scheme, close) => {
    const a = signDocument(weave(textA), {}, scheme).fingerprint;
    const b = signDocument(weave(textB), {}, scheme).fingerprint;
    expect(hammingDistance(a, b) <= 3).toBe(close);
  });
});
