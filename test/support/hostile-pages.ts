/**
 * Pages too big or too regular to keep as files (test/fixtures/hostile has
 * the hand-written ones), generated the same way for the unit tests and the
 * end-to-end server.
 */

const SENTENCE = 'The quick brown fox jumps over the lazy dog while the town council argues about the new bridge. ';

/** Deterministic CJK text without any punctuation or space: one unbroken run. */
export function cjkRun(chars: number): string {
  let text = '';
  for (let i = 0; i < chars; i++) text += String.fromCharCode(0x4e00 + ((i * 7919) % 20_000));
  return text;
}

function page(title: string, body: string, head = ''): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;
}

/**
 * About `bytes` of text in paragraphs of ~1,000 characters, laid out lazily
 * (content-visibility) so the browser itself can show the page in test time.
 */
export function hugeTextPage(bytes: number): string {
  const paragraph = `<p>${SENTENCE.repeat(10)}</p>\n`;
  const count = Math.ceil(bytes / paragraph.length);
  return page('A page of fifty megabytes', `<article>${paragraph.repeat(count)}</article>`, '<style>p { content-visibility: auto; contain-intrinsic-size: auto 60px; }</style>');
}

/** An article at the bottom of `levels` nested divs written as markup (browsers' parsers cap the nesting). */
export function deepMarkupPage(levels: number): string {
  return page('Nested ten thousand levels deep', `${'<div>'.repeat(levels)}<p>${SENTENCE.repeat(20)}</p>${'</div>'.repeat(levels)}`);
}

/**
 * An article beside a tower of `levels` nested divs built by script, which
 * no parser limit applies to. The tower is not displayed: laying out ~5,000
 * visible levels crashes Chromium's renderer on its own, whatever extensions do.
 */
export function deepScriptPage(levels: number): string {
  const build = `let node = document.getElementById('tower');
for (let i = 0; i < ${levels}; i++) { const child = document.createElement('div'); node.appendChild(child); node = child; }
node.textContent = 'The top of the tower.';`;
  return page('A tower built by script', `<article><p>${SENTENCE.repeat(20)}</p></article><div id="tower" style="display:none"></div><script>${build}</script>`);
}

/** A Chinese page whose body is one run of `chars` CJK characters without punctuation. */
export function cjkRunPage(chars: number): string {
  return `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>没有标点的长文</title></head><body><article><p>${cjkRun(chars)}</p></article></body></html>`;
}
