/**
 * Different texts on one narrow topic: every two different base articles of
 * the practice set, each with the same topic word woven through it at a
 * given share of its words (an article about "iron" says "iron" every few
 * sentences). Any duplicate or partial verdict is a false flag: the texts
 * share one word, not their content.
 */
import { signCheckedDocument } from '../src/core';
import { docText, originalsOf, type Dataset } from './data';
import { judgeDifferentPairs, type DifferentPairCounts } from './different-pairs';

/** Topic words, English and Chinese, and the shares the weight cap was chosen on (docs/decisions/0006-term-dominance.md). */
export const TOPIC_WORDS = { other: ['iron', 'vaccine', 'bitcoin'], zh: ['钢铁', '疫苗', '比特币'] };
/** Share of the text's words that is the topic word (Chinese: share of its Han characters that are the topic word's). */
export const TOPIC_SHARES = [0.03, 0.06, 0.12, 0.2];
/** Words and shares never looked at while choosing the cap: its held-out check (a four-character word among them). */
export const HELD_OUT_TOPIC_WORDS = { other: ['climate', 'football', 'copper'], zh: ['足球', '气候', '人工智能'] };
export const HELD_OUT_TOPIC_SHARES = [0.04, 0.09, 0.15];

const HAN = /\p{Script=Han}/u;

/** Weaves `word` through `text` so that it makes up about `share` of the words. */
export function weave(text: string, word: string, share: number, group: 'zh' | 'other'): string {
  if (group === 'zh') {
    const chars = [...text];
    const every = Math.max(1, Math.round((word.length * (1 - share)) / share));
    let han = 0;
    return chars.map((c) => (HAN.test(c) && ++han % every === 0 ? c + word : c)).join('');
  }
  const words = text.split(/(\s+)/);
  const every = Math.max(1, Math.round((1 - share) / share));
  let n = 0;
  return words.map((w) => (/\S/.test(w) && ++n % every === 0 ? `${w} ${word}` : w)).join('');
}

export interface NarrowTopicResult extends DifferentPairCounts {
  group: 'zh' | 'other';
  word: string;
  share: number;
  /** A word and share the cap was not chosen on. */
  heldOut: boolean;
}

export function narrowTopic(ds: Dataset): NarrowTopicResult[] {
  const results: NarrowTopicResult[] = [];
  const sets = [
    { words: TOPIC_WORDS, shares: TOPIC_SHARES, heldOut: false },
    { words: HELD_OUT_TOPIC_WORDS, shares: HELD_OUT_TOPIC_SHARES, heldOut: true },
  ];
  for (const group of ['zh', 'other'] as const) {
    const bases = originalsOf(ds, group);
    const texts = bases.map((d) => ({ base: d.base, text: docText(ds, d.id) }));
    for (const { words, shares, heldOut } of sets) {
      for (const word of words[group]) {
        for (const share of shares) {
          const sigs = texts.map((t) => ({ base: t.base, sig: signCheckedDocument(weave(t.text, word, share, group)) }));
          results.push({ group, word, share, heldOut, ...judgeDifferentPairs(sigs) });
        }
      }
    }
  }
  return results;
}
