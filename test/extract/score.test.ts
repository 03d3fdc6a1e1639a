import { describe, expect, test } from 'vitest';
import { meanScore, scoreExtraction, scoringTokens } from '../../eval/extraction-score';

describe('scoringTokens: words in spaced scripts, single characters in unspaced ones', () => {
  test.each([
    ['Hello, World!', ['hello', 'world']],
    ['中文分词', ['中', '文', '分', '词']],
    ['abc中文def', ['abc', '中', '文', 'def']],
    ['ＡＢＣ 123', ['abc', '123']],
    ['café naïve', ['café', 'naïve']],
    ['', []],
  ])('%j', (text, tokens) => {
    expect(scoringTokens(text)).toEqual(tokens);
  });
});

describe('scoreExtraction: shingle precision, recall and F1', () => {
  test.each([
    ['identical texts', 'the quick brown fox jumps', 'the quick brown fox jumps', { precision: 1, recall: 1, f1: 1 }],
    ['whitespace and case do not matter', 'The  quick\n\nbrown FOX', 'the quick brown fox', { precision: 1, recall: 1, f1: 1 }],
    ['extra boilerplate lowers precision only', 'menu home the quick brown fox', 'the quick brown fox', { precision: 2 / 4, recall: 1, f1: 2 / 3 }],
    ['missing text lowers recall only', 'the quick brown', 'the quick brown fox', { precision: 1, recall: 1 / 2, f1: 2 / 3 }],
    ['both empty agree', '', '', { precision: 1, recall: 1, f1: 1 }],
    ['nothing extracted', '', 'some text here', { precision: 0, recall: 0, f1: 0 }],
    ['Chinese is scored per character', '今天天气很好', '今天天气很好', { precision: 1, recall: 1, f1: 1 }],
  ])('%s', (_name, extracted, truth, expected) => {
    const score = scoreExtraction(extracted, truth);
    expect(score.precision).toBeCloseTo(expected.precision, 10);
    expect(score.recall).toBeCloseTo(expected.recall, 10);
    expect(score.f1).toBeCloseTo(expected.f1, 10);
  });

  test('a repeated paragraph is not rewarded twice', () => {
    const truth = 'one two three four';
    expect(scoreExtraction(`${truth} ${truth}`, truth).precision).toBeLessThan(0.5);
  });

  test('shingle size 1 is bag-of-words overlap: order does not matter', () => {
    expect(scoreExtraction('c b a', 'a b c', { shingleSize: 1 }).f1).toBe(1);
    expect(scoreExtraction('c b a', 'a b c').f1).toBe(0);
  });

  test('a custom tokenizer replaces the default', () => {
    const score = scoreExtraction('a-b', 'a-b', { tokenize: (text) => text.split('-'), shingleSize: 2 });
    expect(score.f1).toBe(1);
  });

  test('the shingle size must be a positive integer', () => {
    expect(() => scoreExtraction('a', 'a', { shingleSize: 0 })).toThrow(RangeError);
  });

  test('meanScore averages each measure over pages', () => {
    expect(meanScore([{ precision: 1, recall: 0.5, f1: 0.5 }, { precision: 0, recall: 0.5, f1: 0.25 }])).toEqual({ precision: 0.5, recall: 0.5, f1: 0.375 });
    expect(meanScore([])).toEqual({ precision: 0, recall: 0, f1: 0 });
  });
});
