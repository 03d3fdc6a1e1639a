/**
 * One news story written twice, independently: a mainland version in
 * Simplified script and a Taiwan version in Traditional, each in its own
 * words and phrases (eval/material/independent-versions, written for this
 * eval). Issue 15: "the same story independently written or translated (a
 * mainland and a Taiwan translation of one news item) are not reposts".
 * The script fold makes the two read as one script, so what is left to tell
 * them apart is their wording. Judged in both orders; any duplicate or
 * partial verdict is a false flag. The control: each version reposted in the
 * other script by a converter we do not fold with (chinese-conv) is a copy.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sify, tify } from 'chinese-conv';
import { judge, signCheckedDocument, signDocument, type Verdict } from '../src/core';

export const INDEPENDENT_VERSIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'material/independent-versions');

export interface IndependentVersionResult {
  story: string;
  /** The verdict of each order: the mainland version read first, then the Taiwan one; and the reverse. */
  verdicts: [Verdict, Verdict];
  distance: number;
  /** Each version read first, then itself converted to the other script (mainland → Traditional, Taiwan → Simplified). */
  controls: [Verdict, Verdict];
}

/** Every story with both versions in `dir` (`<story>.cn.txt`, `<story>.tw.txt`), judged both ways. */
export function independentVersions(dir = INDEPENDENT_VERSIONS_DIR): IndependentVersionResult[] {
  const stories = readdirSync(dir).filter((f) => f.endsWith('.cn.txt')).map((f) => f.slice(0, -'.cn.txt'.length)).sort();
  return stories.map((story) => {
    const [cn, tw] = (['cn', 'tw'] as const).map((v) => readFileSync(join(dir, `${story}.${v}.txt`), 'utf8'));
    const [cnRead, twRead] = [signDocument(cn!), signDocument(tw!)];
    const one = judge(cnRead, signCheckedDocument(tw!));
    const other = judge(twRead, signCheckedDocument(cn!));
    const controls: [Verdict, Verdict] = [judge(cnRead, signCheckedDocument(tify(cn!))).verdict, judge(twRead, signCheckedDocument(sify(tw!))).verdict];
    return { story, verdicts: [one.verdict, other.verdict], distance: one.distance, controls };
  });
}
