/**
 * A short answer pasted together from an article read before, lightly
 * edited, is reported as quoting it: the page's sentence runs are looked up
 * in the history with its passages (docs/decisions/0056-sentence-runs.md).
 */
import { describe, expect, it } from 'vitest';
import { detectionFixture } from '../support/detection-fixture';
import { PASTED_ANSWERS, pastedAnswer } from '../support/pasted-answer';
import { readsTexts } from './fakes';

const { read } = readsTexts();

describe('a short answer pasted from an article read before', () => {
  it.each(PASTED_ANSWERS)('%s: reported as a quote of the article', async (_what, source, runs, own, joiner) => {
    await read('https://writer.example/article', detectionFixture(source));
    const report = await read('https://forum.example.net/thread/1', pastedAnswer(detectionFixture(source), runs, own, joiner));
    expect(report.status).toBe('quote');
    expect(report.matches.map((m) => [m.url, m.verdict])).toEqual([['https://writer.example/article', 'quote']]);
  });
});
