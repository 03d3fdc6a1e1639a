import { describe, expect, test } from 'vitest';
import { trimTrailingBoilerplate } from '../../src/extract/boilerplate';

const BODY = [
  '土豆，听名字就“土”得掉渣。可这几天，在中国著名的土豆产区——宁夏固原市西吉县，记者却看到了另外一番景致。',
  '关键是种子。在中国农科院专家的支持下，土豆品种的引进选育、脱毒种薯的繁育推广在西吉县展开。',
  '土豆，曾经的“救命蛋”，如今的“致富薯”，成了当地支撑乡村振兴的重要产业。',
];
const text = (...paragraphs: string[]): string => paragraphs.join('\n\n');

describe('trimTrailingBoilerplate', () => {
  test.each([
    ['a notice section opened by a title line goes, with everything after it',
      [...BODY, '反侵权公告：', '根据《著作权法》，未经书面许可，擅自转载本报社作品的，将涉嫌侵权。', '陈律师（法律顾问）0432-62099222'], BODY],
    ['a bracketed title line', [...BODY, '【版权声明】', '本文版权归原作者所有。'], BODY],
    ['a one-paragraph notice: title, colon, text', [...BODY, '免责声明：本文仅代表作者个人观点，与本站无关。', '· 相关阅读：某篇文章'], BODY],
    ['traditional characters', [...BODY, '版權聲明：本文為作者原創，轉載請聯繫作者。'], BODY],
    ['an empty template label at the very end goes', [...BODY, '责任编辑：'], BODY],
    ['several empty labels, and a notice before them', [...BODY, '特别声明：以上内容为用户上传并发布。', '标签:', '责任编辑：'], BODY],
  ])('%s', (_name, paragraphs, expected) => {
    expect(trimTrailingBoilerplate(text(...paragraphs))).toBe(text(...expected));
  });

  test.each([
    ['an editor line with a name', [...BODY, '责任编辑：孙重远']],
    ['a byline and an editor in brackets', [...BODY, '《光明日报》（ 2022年02月13日 02版）', '（松花江网编辑 孙桂芳）']],
    ['a copyright sentence that is no titled notice', [...BODY, '【美国The Next Web作品的中文相关权益归腾讯公司独家所有。未经授权，不得转载、摘编等。】']],
    ['notice words inside a sentence with no colon', [...BODY, '版权声明的写法因网站而异，本文比较了几种常见的写法，并说明各自的利弊和适用的场合。']],
    ['a notice that would be most of the text: the page is about it', ['免责声明', ...BODY]],
    ['a text that is only a label', ['责任编辑：']],
    ['English text', ['The river carried the last of the ice.', 'Disclaimer: the views are the author’s own.']],
  ])('kept: %s', (_name, paragraphs) => {
    expect(trimTrailingBoilerplate(text(...paragraphs))).toBe(text(...paragraphs));
  });

  test('the empty text stays empty', () => {
    expect(trimTrailingBoilerplate('')).toBe('');
  });
});
