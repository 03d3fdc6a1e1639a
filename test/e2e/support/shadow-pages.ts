import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GeneratedResponse } from './server';

/**
 * Fixture pages whose article a web component renders in its shadow root,
 * for the shadow DOM tests of both browsers (issue 17 item 7).
 */
const FIXTURES = join(import.meta.dirname, '..', 'fixtures');

/** A fixture page with its <article> moved into a shadow root of `mode`, declarative or attached by an inline script. */
export function inShadowRoot(fixture: string, mode: 'open' | 'closed', how: 'declarative' | 'script'): () => GeneratedResponse {
  const html = readFileSync(join(FIXTURES, fixture), 'utf8');
  const article = /<article>[\s\S]*<\/article>/.exec(html)?.[0];
  if (!article) throw new Error(`${fixture} has no <article>`);
  const host = how === 'declarative'
    // A slot shows the light headline inside the component, as in real ones.
    ? `<article-view><template shadowrootmode="${mode}"><style>:host{display:block}</style><slot name="kicker"></slot>${article}</template><p slot="kicker">From our archive</p></article-view>`
    : `<article-view></article-view><script>document.querySelector('article-view').attachShadow({ mode: '${mode}' }).innerHTML = ${JSON.stringify(article).replace(/</g, '\\u003c')};</script>`;
  return () => ({ contentType: 'text/html; charset=utf-8', body: html.replace(article, host) });
}

/** The routes both browsers' tests serve: two open roots and a closed one, each with a plain copy on the other site. */
export const SHADOW_ROUTES = {
  '/wc/declarative.html': inShadowRoot('en-other.html', 'open', 'declarative'),
  '/wc/scripted.html': inShadowRoot('zh-other.html', 'open', 'script'),
  '/wc/closed.html': inShadowRoot('en-original.html', 'closed', 'declarative'),
};

/** [case, the page in a shadow root (site A), a plain copy of its article (site B)] */
export const OPEN_ROOT_CASES: ReadonlyArray<[string, string, string]> = [
  ['a declarative open root (<template shadowrootmode="open">)', '/wc/declarative.html', '/plain/en-other-repost.html'],
  ['an open root attached by script (attachShadow)', '/wc/scripted.html', '/plain/zh-other-repost.html'],
];
