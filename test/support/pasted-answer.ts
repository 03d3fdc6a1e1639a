/**
 * Short answers pasted together from a source, as eval/short-answers.ts builds
 * them: the person's own sentences, each followed by one run of the source's
 * sentences, each copied with one word (a character in Chinese) dropped.
 */

const sentencesOf = (text: string): string[] => text.split(/(?<=[.!?。！？])\s*/u).map((s) => s.trim()).filter((s) => s.length > 0);

/** An answer built from `source`'s sentences `runs` (indices) after each of `own`, joined with `joiner` (a space, or nothing in Chinese). */
export function pastedAnswer(source: string, runs: readonly (readonly number[])[], own: readonly string[], joiner: string): string {
  const sentences = sentencesOf(source);
  const dropOne = (s: string): string => (joiner === ' ' ? s.split(' ').filter((_, k) => k !== 3).join(' ') : Array.from(s).filter((_, k) => k !== 5).join(''));
  return runs.flatMap((run, i) => [own[i] as string, ...run.map((k) => dropOne(sentences[k] as string))]).join(joiner);
}

export const OWN_EN = ['I think the answer is simpler than people say, and here is why it matters to me.', 'Also worth reading is the following from their page about it, as they put it there.'];
export const OWN_ZH = ['我觉得这个问题其实没有大家想的那么复杂，原因如下，请大家参考一下我的看法。', '另外他们的页面上也有一段话值得一读，我把它贴在下面，供大家讨论。', '总之，我的意见就是这样，欢迎大家继续补充。'];

/** Answers whose own chunks share none with their source's, and whose sentence runs do (test/core/sentence-runs.test.ts checks both). */
export const PASTED_ANSWERS = [
  ['English, two runs of two sentences', 'readability-quanta-1', [[8, 9], [16, 17]], OWN_EN, ' '],
  ['English, another article', 'readability-dropbox-blog', [[5, 6], [13, 14]], OWN_EN, ' '],
  ['Chinese, three single sentences', 'cwc-bbdf5079', [[1], [6], [11]], OWN_ZH, ''],
] as const;
