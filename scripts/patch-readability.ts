// Rewrites Mozilla Readability's assignments to innerHTML, in the installed copy (node_modules),
// as DOM operations with the same result: Firefox's add-on linter warns about each
// (docs/decisions/0018-readability-without-innerhtml.md). `postinstall` runs it, so the
// extension, the CLI, the tests and the evaluation all run the same Readability. Idempotent;
// fails when the installed Readability no longer has the code the rewrites were written for.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const READABILITY_FILE = join(import.meta.dirname, '../node_modules/@mozilla/readability/Readability.js');

/** Each rewrite: what it does, Readability 0.6.0's code, and the code that replaces it. */
export const REWRITES: readonly { why: string; from: string; to: string }[] = [
  {
    why: 'keep a copy of the page (to start again from when an attempt finds too little text), not its HTML',
    from: '    var pageCacheHtml = page.innerHTML;\n',
    to: '    var pageCache = page.cloneNode(true);\n',
  },
  {
    why: 'restore the page from that copy, not by parsing its HTML again',
    from: '        // eslint-disable-next-line no-unsanitized/property\n        page.innerHTML = pageCacheHtml;\n',
    to:
      '        var restored = pageCache.cloneNode(true);\n' +
      '        page.textContent = "";\n' +
      '        while (restored.firstChild) page.appendChild(restored.firstChild);\n',
  },
  {
    // Only reached when _isSingleImage(noscript) holds: its content is parsed already (one
    // image), so a copy of its children is what parsing their HTML again gave.
    why: 'copy the image inside a <noscript>, not its HTML',
    from: '      // eslint-disable-next-line no-unsanitized/property\n      tmp.innerHTML = noscript.innerHTML;\n',
    to: '      for (var child of noscript.childNodes) tmp.appendChild(child.cloneNode(true));\n',
  },
];

/** `source` with every rewrite applied; the same text when it has them already. */
export function patchReadability(source: string): string {
  let patched = source;
  for (const { why, from, to } of REWRITES) {
    if (patched.includes(to)) continue;
    const at = patched.indexOf(from);
    if (at < 0 || patched.indexOf(from, at + 1) >= 0) {
      throw new Error(`patch-readability: cannot ${why}: the installed Readability changed; re-check scripts/patch-readability.ts against it`);
    }
    patched = patched.replace(from, to);
  }
  return patched;
}

if (process.argv[1] === import.meta.filename) {
  const source = readFileSync(READABILITY_FILE, 'utf8');
  const patched = patchReadability(source);
  if (patched !== source) writeFileSync(READABILITY_FILE, patched);
}
