/**
 * A fingerprint line without `--passages` takes the whole-document
 * fingerprint alone (documentFingerprint): it is signDocument's, for every
 * kind of text the engine treats differently.
 */
import { describe, expect, test } from 'vitest';
import { documentFingerprint, signDocument } from '../../src/core';

const TEXTS: Array<[kind: string, text: string]> = [
  ['English', 'The quick brown fox jumps over the lazy dog, and the dog sleeps on. '.repeat(30)],
  ['French with elisions', "L'article qu'il a lu d'abord parle de l'été et de l'hiver. ".repeat(25)],
  ['Simplified Chinese', '中文文章的指纹在工作线程中计算，结果与主线程相同。'.repeat(20)],
  ['Traditional Chinese (folded to Simplified)', '這篇文章討論了電腦與網絡的發展歷史，並說明了資訊時代的變化。'.repeat(15)],
  ['Japanese (bigrams)', '日本語の文章は漢字とひらがなとカタカナで書かれています。'.repeat(20)],
  ['Han outside the BMP', '𠀀𠀁𠀂 中文 𠀃𠀄'.repeat(40)],
  ['one word repeated (the weight cap decides)', `${'spam '.repeat(5000)}a short honest sentence about something else entirely`],
  ['mixed scripts', 'Deep learning 深度学习 모델 and модели 模型 '.repeat(30)],
  ['empty', ''],
];

describe('documentFingerprint', () => {
  test.each(TEXTS)('is signDocument’s fingerprint: %s', (_kind, text) => {
    expect(documentFingerprint(text)).toEqual(signDocument(text).fingerprint);
  });
});
