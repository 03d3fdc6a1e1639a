import { describe, expect, it } from 'vitest';
import { signDocument } from '../../src/core';
import { HARD_WRAP_MIN_WIDTH, joinHardWraps } from '../../src/core/hard-wraps';
import { WRAPPED_LINE_MAX } from '../../src/core/tokenize';

/** Two paragraphs as `fmt -w 64` leaves them. */
const WRAPPED = [
  'This draft describes a protocol by which client-side applications,',
  'running inside a web browser, can communicate with a data storage',
  'server that is hosted on a different domain name. This way, the',
  'provider of a web application need not also play the role of data',
  'storage provider.',
  '',
  'Internet-Drafts are working documents of the Internet Engineering',
  'Task Force. Note that other groups may also distribute working',
  'documents as Internet-Drafts, and the list of current drafts is',
  'kept by the secretariat.',
].join('\n');

const PARAGRAPHS = WRAPPED.split('\n\n').map((p) => p.split('\n').join(' '));

describe('joinHardWraps', () => {
  it.each([
    ['paragraphs of wrapped lines', WRAPPED],
    ['every wrapped line set in a paragraph of its own', WRAPPED.split('\n').filter((l) => l !== '').join('\n\n')],
    ['wrapped lines indented, with spaces after them', WRAPPED.split('\n').map((l) => (l === '' ? l : `   ${l}  `)).join('\n')],
  ])('gives back the writer’s paragraphs from %s', (_, text) => {
    expect(joinHardWraps(text)?.split('\n\n').map((p) => p.trim())).toEqual(PARAGRAPHS);
  });

  it.each([
    ['a heading over a caption', 'The Moulin Rouge cabaret in Paris\nBenoit Tessier/Reuters\nWhy Neon Is the Ultimate Symbol of the 20th Century\nBy Jane Doe'],
    [`a column of table cells under ${HARD_WRAP_MIN_WIDTH} characters`, 'Graphics settings\nControl settings\nSound settings\nNetwork settings\nAudio mixer\nKey bindings'],
    [`paragraphs over ${WRAPPED_LINE_MAX} characters a line`, PARAGRAPHS.join('\n\n')],
    ['Chinese lines, where every line break ends a paragraph', '这是一个测试段落，用来检查中文的每一行是否被当作独立的段落处理，而不是被合并。\n'.repeat(6)],
    ['wrapped lines with no line after them', 'one short line'],
  ])('leaves %s alone', (_, text) => {
    expect(joinHardWraps(text)).toBeUndefined();
  });

  it('keeps each item of a list on its own line, in the paragraph its wrapped lines make', () => {
    const list = [
      'The following status codes are likely to occur in practice, and a',
      'client should be ready for each of them at any time it calls:',
      '   * 500 if an internal server error occurs, for whatever reason,',
      '   * 429 if the client makes too frequent requests or is suspected',
      '     of malicious activity by the server that is answering it,',
    ].join('\n\n');
    const lines = joinHardWraps(list)!.split('\n');
    expect(lines.map((l) => l.trim().slice(0, 5))).toEqual(['The f', '* 500', '* 429']);
  });

  it('changes only whitespace: the same whole fingerprint and length', () => {
    const text = WRAPPED.split('\n').filter((l) => l !== '').join('\n\n');
    const [before, after] = [signDocument(text), signDocument(joinHardWraps(text)!)];
    expect([after.fingerprint, after.length]).toEqual([before.fingerprint, before.length]);
  });
});
