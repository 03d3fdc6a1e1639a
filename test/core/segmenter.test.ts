import { describe, expect, test } from 'vitest';
import { parseDictionary } from '../../src/core/segment/dictionary';
import { segmentHan } from '../../src/core/segment/segmenter';
import { fingerprintText } from '../../src/core/fingerprint-text';

describe('parseDictionary', () => {
  test('reads segmentit lines, keeps multi-character words within the cap', () => {
    const dict = parseDictionary(['\uFEFF爱|0x1000|323\n交换机|0x0008|1000\n\n很长很长很长的词条|0x1|1\n工作|0x1|2']);
    expect([...dict.words].sort()).toEqual(['交换机', '工作']);
    expect(dict.maxWordChars).toBe(3);
  });
});

describe('segmentHan', () => {
  const dict = { words: new Set(['研究', '研究生', '生命', '命起源', '起源']), maxWordChars: 3 };
  test.each([
    ['', []],
    ['研', ['研']],
    // The fewest words win: 研究/生命/起源 (3) over 研究生/命起源 … ties prefer the longer first word.
    ['研究生命起源', ['研究生', '命起源']],
    ['未知字', ['未', '知', '字']],
  ])('%j → %j', (run, expected) => {
    expect(segmentHan(run, dict)).toEqual(expected);
  });

  test('segmentation is linear: 100,000 Han characters without punctuation fingerprint quickly', () => {
    // segmentit's own tokenizer never finishes on such a run. The bound here is
    // generous (the benchmark measures speed); it only proves termination.
    const run = '我们今天讨论的问题是如何在大规模网页中检测近似重复的文档并且保证效率足够高'.repeat(2800).slice(0, 100_000);
    const started = Date.now();
    const result = fingerprintText(run);
    expect(result.chars).toBe(100_000);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
