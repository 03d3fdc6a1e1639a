import type { Fingerprint } from './fingerprint64';
import type { PassageRange } from './passage-ranges';
import { passagesMatch } from './passages';
import type { PassageMeasure } from './scheme';
import type { Verdict } from './verdict';

/** How the earlier page was judged against this one, and the passages it keeps. */
export interface EarlierCopy {
  verdict: Exclude<Verdict, 'different' | 'too_short'>;
  passages: readonly Fingerprint[];
  /** Its chunk heads (DocumentSignature.heads): a chunk of this text whose head matches one begins where the earlier chunk did. */
  heads?: readonly Fingerprint[];
  /** How its passages were made, and the chunks' must have been (SimHashes when not said). */
  measure?: PassageMeasure;
}

/** A part of the current text, `text[start, end)`. */
export interface TextSpan {
  start: number;
  end: number;
}

/**
 * The parts of this text copied from the earlier page, in text order. For a
 * duplicate the whole article is the copy: one part, the whole text of
 * `textLength` characters (from scheme 5 a paragraph under
 * PARAGRAPH_MIN_FEATURES, a title or a closing line, is in no chunk). For a
 * partial copy or a quote, the chunks whose passage matches one the
 * earlier page keeps (passagesMatch at the user's distance, as the verdict
 * compared them), neighbouring chunks joined into one part: the earlier page
 * keeps a sample of its passages, so these are the copied parts the history
 * can vouch for, not necessarily all of them. A chunk whose head matches one
 * of the earlier page's chunk heads is copied too: a quote of where one of
 * its chunks begins (decisions/0082).
 */
export function copiedSpans(chunks: readonly PassageRange[], earlier: EarlierCopy, maxDistance: number, textLength: number): TextSpan[] {
  if (earlier.verdict === 'duplicate') return textLength > 0 ? [{ start: 0, end: textLength }] : [];
  const matches = (fp: Fingerprint, kept: readonly Fingerprint[] = []): boolean => kept.some((passage) => passagesMatch(fp, passage, maxDistance, earlier.measure));
  const copied = chunks.map((chunk) => matches(chunk.fingerprint, earlier.passages) || (chunk.head !== undefined && matches(chunk.head, earlier.heads)));
  const spans: TextSpan[] = [];
  chunks.forEach(({ start, end }, index) => {
    if (!copied[index]) return;
    const last = spans[spans.length - 1];
    if (last && copied[index - 1]) last.end = Math.max(last.end, end);
    else spans.push({ start, end });
  });
  return spans.filter((span) => span.end > span.start);
}
