import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASTED_ANSWERS, detectionFixture, pastedAnswer } from '../support/pasted-answer';
import { launchWithExtension, openPage, type ExtensionBrowser } from './support/browser';
import { waitForReport } from './support/extension';
import { startFixtureServer, type FixtureServer, type GeneratedResponse } from './support/server';

/**
 * A short answer pasted together from sentences of an article read before,
 * a word dropped from each, none of its own chunks one of the article's, is
 * reported as quoting it: the page is looked up by its sentence runs too
 * (docs/decisions/0056-sentence-runs.md). test/core/sentence-runs.test.ts
 * checks that the answer's chunks alone find nothing.
 */
const paragraphs = (t: string): string[] => t.split(/\n\s*\n/).map((p) => p.trim()).filter((p) => p.length > 0);
const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function page(title: string, body: readonly string[]): () => GeneratedResponse {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head>
<body><article><h1>${escape(title)}</h1>${body.map((p) => `<p>${escape(p)}</p>`).join('\n')}</article></body></html>`;
  return () => ({ contentType: 'text/html; charset=utf-8', body: html });
}

const [, source, runs, own, joiner] = PASTED_ANSWERS[0];
const article = detectionFixture(source);

let server: FixtureServer;
let browser: ExtensionBrowser;

beforeAll(async () => {
  server = await startFixtureServer({
    routes: {
      '/science/article.html': page('How a mathematician found the proof', paragraphs(article)),
      '/forum/thread-1.html': page('Re: does anyone know how this was proved?', [pastedAnswer(article, runs, own, joiner)]),
    },
  });
  browser = await launchWithExtension('en');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a short answer pasted from sentences of an article read before', () => {
  it('is reported as a quote of the article', async () => {
    const { context, worker } = browser;
    const articleUrl = server.siteA('/science/article.html');
    let since = Date.now();
    const first = await openPage(context, articleUrl);
    expect((await waitForReport(worker, articleUrl, since)).report.status).toBe('new');

    const answerUrl = server.siteB('/forum/thread-1.html');
    since = Date.now();
    const second = await openPage(context, answerUrl);
    const { report } = await waitForReport(worker, answerUrl, since);
    expect(report.status).toBe('quote');
    expect(report.matches.map((m) => [m.url, m.verdict])).toEqual([[articleUrl, 'quote']]);
    await Promise.all([first.close(), second.close()]);
  });
});
