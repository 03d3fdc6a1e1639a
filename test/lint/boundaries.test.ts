import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterEach, describe, expect, test } from 'vitest';

const CONFIG = join(__dirname, '../../.dependency-cruiser.mjs');

/** Violations `npm run lint` reports for a project made of `files` (path → source), as "rule: from → to". */
async function violations(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'deja-lu-boundaries-'));
  roots.push(root);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  const options = await extractDepcruiseOptions(CONFIG);
  const tops = [...new Set(Object.keys(files).map((path) => path.split('/')[0]!))];
  const { output } = await cruise(tops, { ...options, baseDir: root });
  return (output as ICruiseResult).summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`).sort();
}

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A module importing `specifiers` (relative paths, without extension). */
const importing = (...specifiers: string[]) => specifiers.map((s, i) => `import * as m${i} from '${s}';\nexport const use${i} = m${i};\n`).join('') || 'export {};\n';
const typeImporting = (specifier: string) => `import type { T } from '${specifier}';\nexport type U = T;\nexport type T = number;\n`;

describe('import boundaries (.dependency-cruiser.mjs)', () => {
  test.each<[string, Record<string, string>, string[]]>([
    ['imports along the layers are allowed', {
      'src/core/url.ts': importing(),
      'src/extract/article.ts': importing('../core/url'),
      'src/page-reading/read.ts': importing('../extract/article', '../messaging'),
      'src/messaging.ts': importing('./store/page'),
      'src/store/page.ts': importing(),
      'src/store/index.ts': importing('./codec/page', './page'),
      'src/store/codec/page.ts': importing('../../core/url'),
      'src/ui/match-text.ts': importing('../messaging'),
      'src/background/badge.ts': importing('../ui/match-text', '../store', '../page-reading/read'),
      'src/cli/import-file.ts': importing('../store', '../extract/article'),
      'entrypoints/background.ts': importing('../src/background/badge'),
      'entrypoints/options/main.ts': importing('../../src/store', '../../src/ui/match-text', './view'),
      'entrypoints/options/view.ts': importing(),
    }, []],
    ['the engine imports no other layer', {
      'src/core/verdict.ts': importing('../store'),
      'src/store/index.ts': importing(),
    }, ['layer src/core: src/core/verdict.ts → src/store/index.ts']],
    ['UI code does not import the store at all', {
      'src/ui/view.ts': importing('../store'),
      'src/store/index.ts': importing(),
    }, ['layer src/ui: src/ui/view.ts → src/store/index.ts']],
    ['a page that opens the history imports the store only through its index', {
      'entrypoints/options/main.ts': importing('../../src/store/codec/page'),
      'src/store/codec/page.ts': importing(),
    }, ['layer entrypoints/options: entrypoints/options/main.ts → src/store/codec/page.ts']],
    ['the background imports the store only through its index (and the page limits)', {
      'src/background/checker.ts': importing('../store/history', '../store/page'),
      'src/store/history.ts': importing(),
      'src/store/page.ts': importing(),
    }, ['layer src/background: src/background/checker.ts → src/store/history.ts']],
    ['messages may carry the page limits, not the store', {
      'src/messaging.ts': importing('./store'),
      'src/store/index.ts': importing(),
    }, ['layer src/messaging.ts: src/messaging.ts → src/store/index.ts']],
    ['the background shares only the DOM-free wording of the UI', {
      'src/background/badge.ts': importing('../ui/dom'),
      'src/ui/dom.ts': importing(),
    }, ['layer src/background: src/background/badge.ts → src/ui/dom.ts']],
    ['the store does not import the background', {
      'src/store/history.ts': importing('../background/badge'),
      'src/background/badge.ts': importing(),
    }, ['layer src/store: src/store/history.ts → src/background/badge.ts']],
    ['shared code does not import an entrypoint', {
      'src/ui/view.ts': importing('../../entrypoints/popup/main'),
      'entrypoints/popup/main.ts': importing(),
    }, ['layer src/ui: src/ui/view.ts → entrypoints/popup/main.ts']],
    ['an entrypoint does not import another one', {
      'entrypoints/popup/main.ts': importing('../options/format'),
      'entrypoints/options/format.ts': importing(),
    }, ['layer entrypoints/popup: entrypoints/popup/main.ts → entrypoints/options/format.ts']],
    ['a folder outside every layer is reported', {
      'src/widgets/chart.ts': importing('../core/url'),
      'src/core/url.ts': importing(),
    }, ['no-layer: src/widgets/chart.ts → src/core/url.ts']],
    // A cycle is reported once, at the module it is first found from.
    ['two modules importing each other are a cycle', {
      'src/core/a.ts': importing('./b'),
      'src/core/b.ts': importing('./a'),
    }, ['no-cycle: src/core/a.ts → src/core/b.ts']],
    ['a cycle through type-only imports is a cycle too', {
      'src/cli/a.ts': typeImporting('./b'),
      'src/cli/b.ts': typeImporting('./a'),
    }, ['no-cycle: src/cli/a.ts → src/cli/b.ts']],
  ])('%s', async (_name, files, expected) => {
    expect(await violations(files)).toEqual(expected);
  });
});
