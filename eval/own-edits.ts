/**
 * Reposts edited by our own generator (issue 15, "honest measurement"): the
 * practice set's typos and combined edits come from one generator, so these
 * come from another, with edits it does not make.
 *
 * - Typos, at a share of words (characters in Chinese): a letter doubled,
 *   dropped or swapped with the next, a neighbouring key, two words run
 *   together, a word split in two, look-alike characters (rn → m, l → 1,
 *   O → 0); in Chinese a character dropped, doubled, or replaced by another
 *   character of the text (a wrong pick of the input method).
 * - Site wrappers: the text between a header and a footer of short lines
 *   (navigation, share links, "related" titles: other originals' first
 *   words), adding a share of the text's length.
 * - Inline clutter: after every INLINE_EVERY paragraphs, what sites put
 *   between an article's paragraphs: an "Advertisement" line, a "Read more"
 *   link to another original, or a photo caption with its credit.
 * - Combined: typos at the lowest rate, two neighbouring paragraphs swapped,
 *   one paragraph dropped, every paragraph hard-wrapped at 72 characters
 *   (Latin), and a site's header and footer of our own around the text.
 *
 * Measures how often `judge` calls the edited text a duplicate of the
 * original read first, on the text path, by half and language group.
 */
import { judge, signCheckedDocument, signDocument } from '../src/core';
import { seededRandom } from '../bench/lib/seeded-random';
import { docText, originalsOf, type Dataset } from './data';
import { halfOf, type Half } from './score';

/** Shares of words (Chinese: characters) a typo touches: the practice set's 1–3 %, and 5 % beyond it. */
const TYPO_RATES = [0.01, 0.02, 0.03, 0.05] as const;
/** The practice set's highest typo rate: rows above it are a stress test, reported but held to no target. */
const PRACTICE_TYPO_MAX = 0.03;
/** What a site wrapper adds, as a share of the text's characters. */
const WRAPPER_SHARES = [0.15, 0.3] as const;
/** Words of another original's opening that make one "related" line. */
const RELATED_WORDS = 8;
/** The typo rate of the combined edit. */
const COMBINED_TYPO_RATE = 0.01;
/** Paragraphs between two inserted lines of clutter: a news site's rhythm of ads and links. */
const INLINE_EVERY = 3;
/** Characters of another original's opening in a "Read more" link or a caption. */
const INLINE_TITLE_CHARS = 80;

/** Lines sites insert between paragraphs; `title` is another article's opening. */
const INLINE_CLUTTER: Readonly<Record<string, Readonly<Record<Group, (title: string) => string>>>> = {
  ads: { zh: () => '广告', other: () => 'Advertisement' },
  'read more': { zh: (title) => `延伸阅读：${title}`, other: (title) => `READ MORE: ${title}` },
  captions: { zh: (title) => `图片来源：视觉中国 ${title}`, other: (title) => `Photo: Jane Smith/Getty Images. ${title}` },
};

/** Where a hard-wrapped line is broken, in characters. */
const WRAP_COLUMN = 72;

/** Keys next to each other on a QWERTY keyboard: what a slipped finger types instead. */
const NEIGHBOURS: Readonly<Record<string, string>> = {
  a: 'qs', b: 'vn', c: 'xv', d: 'sf', e: 'wr', f: 'dg', g: 'fh', h: 'gj', i: 'uo', j: 'hk', k: 'jl', l: 'k', m: 'n',
  n: 'bm', o: 'ip', p: 'o', q: 'w', r: 'et', s: 'ad', t: 'ry', u: 'yi', v: 'cb', w: 'qe', x: 'zc', y: 'tu', z: 'x',
};
/** Characters an OCR or a careless reader confuses. */
const LOOK_ALIKES: ReadonlyArray<[string, string]> = [['rn', 'm'], ['l', '1'], ['O', '0'], ['cl', 'd'], ['vv', 'w']];

const HEADERS = {
  zh: ['首页 > 新闻 > 正文', '来源：网络转载  编辑：小王', '分享到：微信 微博 QQ空间'],
  other: ['Home > News > Article', 'Posted by admin | Filed under: Stories', 'Share: Facebook Twitter Email'],
};
const FOOTERS = {
  zh: ['声明：本文转载自网络，版权归原作者所有。如有侵权请联系删除。', '相关阅读', '上一篇：无 下一篇：无'],
  other: ['This article was republished from the web. All rights belong to the original author.', 'Related posts', 'Previous post | Next post'],
};

type Group = 'zh' | 'other';
type Edit = (text: string, group: Group, next: () => number) => string;

/** One Latin word with a typo. */
function latinTypo(word: string, next: () => number): string {
  const choice = Math.floor(next() * 7);
  const at = Math.floor(next() * word.length);
  const ch = word[at] ?? '';
  switch (choice) {
    case 0: return word.slice(0, at) + ch + word.slice(at);
    case 1: return word.length > 1 ? word.slice(0, at) + word.slice(at + 1) : word;
    case 2: return at + 1 < word.length ? word.slice(0, at) + word[at + 1] + ch + word.slice(at + 2) : word;
    case 3: {
      const keys = NEIGHBOURS[ch.toLowerCase()];
      return keys ? word.slice(0, at) + (keys[Math.floor(next() * keys.length)] ?? ch) + word.slice(at + 1) : word;
    }
    case 4: return word.length > 3 ? `${word.slice(0, at || 1)} ${word.slice(at || 1)}` : word;
    case 5: {
      const pair = LOOK_ALIKES.find(([from]) => word.includes(from));
      return pair ? word.replace(pair[0], pair[1]) : word;
    }
    default: return `${word}\u0000`; // joined to the next word below
  }
}

/** The text with typos in about `rate` of its words (Latin) or characters (Chinese). */
export function withTypos(text: string, group: Group, rate: number, next: () => number): string {
  if (group === 'zh') {
    const chars = Array.from(text);
    const han = chars.filter((c) => /\p{Script=Han}/u.test(c));
    return chars.map((c) => {
      if (!/\p{Script=Han}/u.test(c) || next() >= rate) return c;
      const choice = next();
      if (choice < 1 / 3) return '';
      if (choice < 2 / 3) return c + c;
      return han[Math.floor(next() * han.length)] ?? c;
    }).join('');
  }
  return text.replace(/[A-Za-z]+/g, (word) => (next() < rate ? latinTypo(word, next) : word)).replace(/\u0000\s+/g, '').replace(/\u0000/g, '');
}

/** A paragraph broken into lines of at most WRAP_COLUMN characters, at spaces. */
export function hardWrapped(paragraph: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > WRAP_COLUMN) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
}

/** The combined edit: typos, a swap, a drop, hard wrapping (Latin), and a header and footer. */
export function combinedEdit(text: string, group: Group, next: () => number): string {
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim() !== '');
  if (paragraphs.length >= 4) {
    const swap = 1 + Math.floor(next() * (paragraphs.length - 2));
    [paragraphs[swap], paragraphs[swap - 1]] = [paragraphs[swap - 1] as string, paragraphs[swap] as string];
    // Dropped: a paragraph of the middle other than the two swapped, so that the swap shows.
    const droppable = paragraphs.map((_, i) => i).filter((i) => i > 0 && i < paragraphs.length - 1 && i !== swap && i !== swap - 1);
    if (droppable.length > 0) paragraphs.splice(droppable[Math.floor(next() * droppable.length)] as number, 1);
  }
  const body = paragraphs.map((p) => withTypos(p, group, COMBINED_TYPO_RATE, next)).map((p) => (group === 'zh' ? p : hardWrapped(p)));
  return [...HEADERS[group], ...body, ...FOOTERS[group]].join('\n\n');
}

/**
 * The text inside a site's wrapper of short lines adding `share` of its
 * length: the header and footer above, and "related" lines from `others`
 * (texts of other articles), half before the text and half after it.
 */
export function wrapped(text: string, group: Group, share: number, others: readonly string[], next: () => number): string {
  const related: string[] = [];
  let added = [...HEADERS[group], ...FOOTERS[group]].join('').length;
  for (let tries = 0; added < share * text.length && tries < 1000 && others.length > 0; tries++) {
    const other = others[Math.floor(next() * others.length)] as string;
    const opening = group === 'zh' ? Array.from(other.replace(/\s+/g, '')).slice(0, 2 * RELATED_WORDS).join('') : other.split(/\s+/).slice(0, RELATED_WORDS).join(' ');
    related.push(opening);
    added += opening.length;
  }
  const half = Math.ceil(related.length / 2);
  return [...HEADERS[group], ...related.slice(0, half), text, ...related.slice(half), ...FOOTERS[group]].join('\n\n');
}

/** `text` with a line of `clutter` after every INLINE_EVERY paragraphs, titled from `others` (texts of other articles). */
export function withInlineClutter(text: string, group: Group, clutter: (title: string) => string, others: readonly string[], next: () => number): string {
  const out: string[] = [];
  text.split(/\n\s*\n/).filter((p) => p.trim() !== '').forEach((paragraph, i) => {
    out.push(paragraph);
    if ((i + 1) % INLINE_EVERY !== 0 || others.length === 0) return;
    const other = others[Math.floor(next() * others.length)] as string;
    out.push(clutter(Array.from(other.replace(/\s+/g, ' ').trim()).slice(0, group === 'zh' ? INLINE_TITLE_CHARS / 2 : INLINE_TITLE_CHARS).join('')));
  });
  return out.join('\n\n');
}

export interface OwnEditResult {
  group: Group;
  /** `typos 2 %`, `wrapper +15 %`, `inline ads` or `combined`. */
  edit: string;
  /** Whether the row is held to the repost target (within the practice set's kinds of edit). */
  targeted: boolean;
  reposts: Record<Half, number>;
  duplicate: Record<Half, number>;
}

export function ownEdits(ds: Dataset): OwnEditResult[] {
  const results: OwnEditResult[] = [];
  for (const group of ['zh', 'other'] as const) {
    const docs = originalsOf(ds, group);
    const texts = docs.map((d) => docText(ds, d.id));
    const signed = texts.map((text) => signDocument(text));
    const edits: Array<[string, boolean, Edit]> = [
      ...TYPO_RATES.map((rate): [string, boolean, Edit] => [`typos ${Math.round(rate * 100)} %`, rate <= PRACTICE_TYPO_MAX, (text, g, next) => withTypos(text, g, rate, next)]),
      ...WRAPPER_SHARES.map((share): [string, boolean, Edit] => [`wrapper +${Math.round(share * 100)} %`, true, (text, g, next) => wrapped(text, g, share, texts.filter((t) => t !== text), next)]),
      ...Object.entries(INLINE_CLUTTER).map(([name, clutter]): [string, boolean, Edit] => [`inline ${name}`, true, (text, g, next) => withInlineClutter(text, g, clutter[g], texts.filter((t) => t !== text), next)]),
      ['combined', true, combinedEdit],
    ];
    edits.forEach(([name, targeted, edit], e) => {
      const result: OwnEditResult = { group, edit: name, targeted, reposts: { fit: 0, held: 0 }, duplicate: { fit: 0, held: 0 } };
      docs.forEach((doc, i) => {
        const half = halfOf(doc.base);
        const copy = edit(texts[i] as string, group, seededRandom(1000 * (e + 1) + i));
        result.reposts[half]++;
        if (judge(signed[i]!, signCheckedDocument(copy)).verdict === 'duplicate') result.duplicate[half]++;
      });
      results.push(result);
    });
  }
  return results;
}
