import { expect } from 'vitest';

/**
 * The page of test/fixtures/hostile/notice-attack, shared by the Chromium
 * and Firefox tests: its CSS hides every `deja-lu-notice`, a cover sits at
 * the top z-index, and its script tries to read, restyle, hide and remove
 * the notice, writing what it found to `window.__findings`.
 */
interface AttackedPage {
  evaluate<T>(fn: () => T): Promise<T>;
  waitForFunction(fn: () => unknown): Promise<unknown>;
}

/** Waits for the page's attack to finish; checks it learnt and changed nothing, and that the notice is still shown above the cover. */
export async function expectNoticeSurvived(page: AttackedPage, noticeText: string | undefined): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { __findings: { done: boolean } }).__findings.done);
  const findings = await page.evaluate(() => (window as unknown as { __findings: Record<string, unknown> }).__findings);
  expect(findings).toMatchObject({ shadowRoot: 'null', hostInnerText: '', hostTextContent: '', reattachShadow: 'NotSupportedError' });
  expect(findings.steps).toEqual(['inline style', 'hidePopover', 'remove']);
  expect(noticeText).toContain('which you read on');
  for (const leak of [findings.documentText, findings.selection, findings.hostHtml]) {
    expect(String(leak)).not.toContain('which you read on');
    expect(String(leak)).not.toContain('127.0.0.1');
  }
  // Still there, in the top layer, drawn above the page's full-screen cover.
  const state = await page.evaluate(() => {
    const host = document.querySelector('deja-lu-notice');
    if (!host) return undefined;
    const box = host.getBoundingClientRect();
    return {
      open: host.matches(':popover-open'),
      display: getComputedStyle(host).display,
      opacity: getComputedStyle(host).opacity,
      width: box.width,
      atPoint: document.elementFromPoint(box.left + box.width / 2, box.top + 20)?.localName,
    };
  });
  expect(state).toMatchObject({ open: true, display: 'block', opacity: '1', atPoint: 'deja-lu-notice' });
  expect(state?.width).toBeGreaterThan(200);
}
