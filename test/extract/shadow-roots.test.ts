import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readOffPage } from '../../entrypoints/content/read-off-page';
import { parseHtml } from '../../src/extract/parse-html';
import { composedCopy, hasOpenShadowRoots } from '../../src/extract/shadow-roots';
import type { PageReading } from '../../src/messaging';
import { measurePage, PAGE_BUDGET } from '../../src/page-reading/page-budget';
import { readWithinBudget } from '../../src/page-reading/read-page';

const URL = 'https://news.example.com/story';

function page(body: string): Document {
  return parseHtml(`<!DOCTYPE html><html><head><title>t</title></head><body>${body}</body></html>`, URL);
}

/** The copy's text nodes in order, trimmed and joined by spaces: what a reader sees. */
function composedText(doc: Document): string | undefined {
  const copy = composedCopy(doc);
  if (!copy) return undefined;
  const texts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3 && node.nodeValue?.trim()) texts.push(node.nodeValue.trim());
    node.childNodes.forEach(walk);
  };
  walk(copy.body);
  return texts.join(' ');
}

/** A host whose open shadow root is attached by script (linkedom's attachShadow, as `attachShadow({mode: 'open'})` in a page). */
function attached(shadowHtml: string, light = '', mode: ShadowRootMode = 'open'): Document {
  const doc = page('');
  const host = doc.createElement('article-view');
  host.innerHTML = light;
  host.attachShadow({ mode }).innerHTML = shadowHtml;
  doc.body.append(host);
  return doc;
}

describe('composedCopy: the document as a reader sees it', () => {
  test.each<[string, () => Document, string]>([
    ['no shadow roots: the light DOM', () => page('<p>one</p><p>two</p>'), 'one two'],
    ['declarative open root: its content stands in the host', () => page('<x-a><template shadowrootmode="open"><p>in the shadow</p></template></x-a><p>after</p>'), 'in the shadow after'],
    ['declarative open root: light children without a slot are not rendered', () => page('<x-a><template shadowrootmode="open"><p>shadow</p></template>hidden light</x-a>'), 'shadow'],
    ['default slot: the light children in its place', () => page('<x-a><template shadowrootmode="open"><p>before <slot>fallback</slot> after</p></template>light <b>bold</b></x-a>'), 'before light bold after'],
    ['named slots: each takes its own; an empty one shows its fallback', () => page('<x-a><template shadowrootmode="open"><h1><slot name="title">no title</slot></h1><p><slot name="dek">no dek</slot></p><slot></slot></template><span slot="title">Headline</span><p>body</p></x-a>'), 'Headline no dek body'],
    ['a slot name nothing matches hides that light child', () => page('<x-a><template shadowrootmode="open"><slot></slot></template><span slot="nowhere">lost</span>kept</x-a>'), 'kept'],
    ['nested hosts: a slot passed on into an inner component', () => page('<x-outer><template shadowrootmode="open"><x-inner><template shadowrootmode="open">[<slot></slot>]</template><slot></slot></x-inner></template>light text</x-outer>'), '[ light text ]'],
    ['declarative closed root: invisible, the light DOM stays', () => page('<x-a><template shadowrootmode="closed"><p>secret</p></template>light</x-a>'), 'light'],
    ['attached open root, with a slot', () => attached('<p>shadow article <slot></slot></p>', 'light part'), 'shadow article light part'],
    ['attached closed root: invisible, the light DOM stays', () => attached('<p>secret</p>', 'light only', 'closed'), 'light only'],
    ['comments are dropped', () => page('<x-a><template shadowrootmode="open">a<!-- c -->b</template></x-a>'), 'a b'],
  ])('%s', (_name, make, expected) => {
    expect(composedText(make())).toBe(expected);
  });

  test('leaves the page as it was', () => {
    const doc = page('<x-a><template shadowrootmode="open"><p>shadow <slot></slot></p></template>light</x-a>');
    const before = doc.documentElement.outerHTML;
    composedCopy(doc);
    expect(doc.documentElement.outerHTML).toBe(before);
  });

  test('keeps the doctype and the head', () => {
    const copy = composedCopy(page('<x-a><template shadowrootmode="open">x</template></x-a>'));
    expect(copy?.doctype?.name).toBe('html');
    expect(copy?.querySelector('title')?.textContent).toBe('t');
  });

  test.each<[string, number, boolean]>([
    // <html>, <head>, <title>, its text, <body>, <x-a>, 3 × (<p>, text) = 12 nodes.
    ['at the node limit', 12, true],
    ['one node under it', 11, false],
  ])('stops at the limits it is given: %s', (_name, maxNodes, copied) => {
    const doc = page('<x-a><template shadowrootmode="open"><p>1</p><p>2</p><p>3</p></template></x-a>');
    expect(composedCopy(doc, { ...PAGE_BUDGET, maxNodes }) !== undefined).toBe(copied);
  });

  test('a shadow tree deeper than the depth limit is refused, even though the light DOM is shallow', () => {
    const deep = `${'<div>'.repeat(20)}x${'</div>'.repeat(20)}`;
    expect(composedCopy(page(`<x-a><template shadowrootmode="open">${deep}</template></x-a>`), { ...PAGE_BUDGET, maxDepth: 10 })).toBeUndefined();
  });

  test.each<[string, boolean, () => Document]>([
    ['no shadow root', false, () => page('<p>x</p>')],
    ['a declarative open root', true, () => page('<x-a><template shadowrootmode="open">x</template></x-a>')],
    ['only a closed one', false, () => page('<x-a><template shadowrootmode="closed">x</template></x-a>')],
    ['an attached open root', true, () => attached('x')],
    ['an attached closed root', false, () => attached('x', '', 'closed')],
  ])('%s: hasOpenShadowRoots and the budget walk say %s', (_name, expected, make) => {
    expect(hasOpenShadowRoots(make())).toBe(expected);
    expect(measurePage(make()).openShadowRoots).toBe(expected);
  });
});

describe('pages that render their article in an open shadow root are read', () => {
  const article = readFileSync(resolve(import.meta.dirname, '../e2e/fixtures/en-other.html'), 'utf8');
  const body = /<article>[\s\S]*<\/article>/.exec(article)?.[0] ?? '';
  const lightOnly = '<header><nav><a href="/">Home</a> <a href="/news">News</a></nav></header>';
  const firstSentence = /<p>([^<]{40,}?\.)/.exec(body)?.[1] ?? '';

  test.each<[string, () => Document]>([
    ['declarative (<template shadowrootmode="open">)', () => page(`${lightOnly}<article-view><template shadowrootmode="open">${body}</template></article-view>`)],
    ['attached by script (attachShadow({mode: "open"}))', () => {
      const doc = attached(body);
      doc.body.prepend(parseHtml(`<div>${lightOnly}</div>`).body.firstChild as Node);
      return doc;
    }],
  ])('%s: in the page and off the page', async (_name, make) => {
    expect(firstSentence.length).toBeGreaterThan(40);
    expect(measurePage(make()).openShadowRoots).toBe(true);
    const here = readWithinBudget(make(), URL);
    expect(here.kind === 'page' && here.page.text).toContain(firstSentence);
    // Off the page the HTML is parsed again: it must carry the shadow content.
    let sent = '';
    const send = async (url: string, html: string): Promise<PageReading> => {
      sent = html;
      return readWithinBudget(parseHtml(html, url), url);
    };
    const off = await readOffPage(URL, { doc: make(), send });
    expect(sent).toContain(firstSentence);
    expect(off.kind === 'page' && off.page.text).toContain(firstSentence);
  });

  test('the budget counts what the shadow roots hold: a small page with a huge shadow tree is too large', () => {
    const budget = { ...PAGE_BUDGET, maxElements: 100 };
    const huge = '<p>x</p>'.repeat(budget.maxElements);
    const doc = page(`<article-view><template shadowrootmode="open">${huge}</template></article-view>`);
    expect(measurePage(doc, budget).excess).toBeUndefined();
    expect(readWithinBudget(doc, URL, budget)).toEqual({ kind: 'skip', reason: 'too_large' });
  });
});
