/**
 * False positives among short texts: the practice set's articles are long,
 * so its all-pairs rate says little about pages near the minimum length.
 * This cuts every base article into non-overlapping windows just above the
 * minimum (DEFAULT_MIN_CJK_CHARS Chinese characters, or DEFAULT_MIN_WORDS
 * words) and judges every two windows of different articles in the same
 * group: any duplicate or partial verdict there is a false positive.
 */
import { signCheckedDocument, type DocumentSignature } from '../src/core';
import { DEFAULT_MIN_CJK_CHARS, DEFAULT_MIN_WORDS } from '../src/core/text-length';
import { docText, type Dataset } from './data';
import { judgeDifferentPairs, type DifferentPairCounts } from './different-pairs';

/** Windows a little longer than the minimum, so that they all pass it. */
const WINDOW_MARGIN = 1.05;
const HAN = /\p{Script=Han}/u;

export interface ShortWindowResult extends DifferentPairCounts {
  group: 'zh' | 'other';
  size: string;
  windows: number;
}

/** Consecutive windows of `size` Han characters (Chinese, other characters between them kept) or words. */
export function textWindows(text: string, zh: boolean, size: number): string[] {
  const out: string[] = [];
  if (zh) {
    const chars = [...text];
    const han = chars.flatMap((c, i) => (HAN.test(c) ? [i] : []));
    for (let s = 0; s + size <= han.length; s += size) out.push(chars.slice(han[s], han[s + size - 1]! + 1).join(''));
  } else {
    const words = text.split(/\s+/).filter((w) => w.length > 0);
    for (let s = 0; s + size <= words.length; s += size) out.push(words.slice(s, s + size).join(' '));
  }
  return out;
}

export function shortWindows(ds: Dataset): ShortWindowResult[] {
  const results: ShortWindowResult[] = [];
  for (const group of ['zh', 'other'] as const) {
    const windows: Array<{ base: string; sig: DocumentSignature }> = [];
    const size = Math.ceil((group === 'zh' ? DEFAULT_MIN_CJK_CHARS : DEFAULT_MIN_WORDS) * WINDOW_MARGIN);
    for (const d of ds.docs) {
      if (d.role !== 'orig' || d.lang.startsWith('zh') !== (group === 'zh') || d.lang === 'ja') continue;
      for (const w of textWindows(docText(ds, d.id), group === 'zh', size)) windows.push({ base: d.base, sig: signCheckedDocument(w) });
    }
    results.push({
      group,
      size: `${size} ${group === 'zh' ? 'characters' : 'words'}`,
      windows: windows.length,
      ...judgeDifferentPairs(windows),
    });
  }
  return results;
}
