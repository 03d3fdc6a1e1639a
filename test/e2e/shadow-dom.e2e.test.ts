import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension, type ExtensionBrowser } from './support/browser';
import { visitPage } from './support/extension';
import { startFixtureServer, type FixtureServer, type GeneratedResponse } from './support/server';

/**
 * Articles a web component renders in its shadow root are read as the user
 * sees them: open roots, declarative or attached by script. Closed roots
 * stay unread by design (docs/privacy.md). Each case reads the article in a
 * shadow root first, then a plain copy of it on the other site: the copy is
 * a repost only if the first page's article was read.
 */
const FIXTURES = join(import.meta.dirname, 'fixtures');

/** A fixture page with its <article> moved into a shadow root of `mode`, declarative or attached by an inline script. */
function inShadowRoot(fixture: string, mode: 'open' | 'closed', how: 'declarative' | 'script'): () => GeneratedResponse {
  const html = readFileSync(join(FIXTURES, fixture), 'utf8');
  const article = /<article>[\s\S]*<\/article>/.exec(html)?.[0];
  if (!article) throw new Error(`${fixture} has no <article>`);
  const host = how === 'declarative'
    // A slot shows the light headline inside the component, as in real ones.
    ? `<article-view><template shadowrootmode="${mode}"><style>:host{display:block}</style><slot name="kicker"></slot>${article}</template><p slot="kicker">From our archive</p></article-view>`
    : `<article-view></article-view><script>document.querySelector('article-view').attachShadow({ mode: '${mode}' }).innerHTML = ${JSON.stringify(article).replace(/</g, '\\u003c')};</script>`;
  return () => ({ contentType: 'text/html; charset=utf-8', body: html.replace(article, host) });
}

let server: FixtureServer;
let browser: ExtensionBrowser;

beforeAll(async () => {
  server = await startFixtureServer({
    routes: {
      '/wc/declarative.html': inShadowRoot('en-other.html', 'open', 'declarative'),
      '/wc/scripted.html': inShadowRoot('zh-other.html', 'open', 'script'),
      '/wc/closed.html': inShadowRoot('en-original.html', 'closed', 'declarative'),
    },
  });
  browser = await launchWithExtension('en');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function visit(url: string) {
  const { page, report } = await visitPage(browser.context, browser.worker, url);
  await page.close();
  return report;
}

describe('articles inside shadow roots', () => {
  it.each([
    ['a declarative open root (<template shadowrootmode="open">)', '/wc/declarative.html', '/plain/en-other-repost.html'],
    ['an open root attached by script (attachShadow)', '/wc/scripted.html', '/plain/zh-other-repost.html'],
  ])('%s is read: its article is recorded and a plain copy elsewhere is flagged', async (_name, shadowPath, copyPath) => {
    const first = await visit(server.siteA(shadowPath));
    expect(first.status).toBe('new');
    expect(first.recorded).toBe(true);

    const copy = await visit(server.siteB(copyPath));
    expect(copy.status).toBe('repost');
    expect(copy.matches[0]?.url).toBe(server.siteA(shadowPath));
  });

  it('a closed root is not read: the page holds no article for the extension, and a copy of it is not matched', async () => {
    const closed = await visit(server.siteA('/wc/closed.html'));
    expect(['too_short', 'no_article']).toContain(closed.status);
    const copy = await visit(server.siteB('/plain/en-repost.html'));
    expect(copy.status).toBe('new');
  });
});
