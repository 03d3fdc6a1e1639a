import type { BrowserContext, Page } from 'playwright-core';
import { eventually } from './extension';

type WithSaves = Window & { dejaLuSaved?: string[] };

/**
 * Replaces Chromium's save dialog (showSaveFilePicker), which a headless
 * browser cannot show, in every page of `context`: the "chosen" file is one of
 * the page's origin-private file system, named as the dialog was asked, so the
 * export still writes through the browser's own file-writing stream.
 */
export async function skipSaveDialog(context: BrowserContext): Promise<void> {
  // A string, not a function: tsx's transform of a function adds helpers the page does not have.
  await context.addInitScript(`Object.defineProperty(window, 'showSaveFilePicker', {
    value: async ({ suggestedName }) => {
      const handle = await (await navigator.storage.getDirectory()).getFileHandle(suggestedName, { create: true });
      window.dejaLuSaved = [...(window.dejaLuSaved ?? []), suggestedName];
      return handle;
    },
  });`);
}

/** Clicks `button` on a page of a context with skipSaveDialog and returns the file the export wrote, once it is finished. */
export async function savedFile(page: Page, button: string): Promise<{ name: string; text: string }> {
  const before = await page.evaluate(() => (window as WithSaves).dejaLuSaved?.length ?? 0);
  await page.click(button);
  // Finished when the dialog was asked for a file and the button is enabled again.
  await eventually(async () => (await page.evaluate(([n, selector]) => ((window as WithSaves).dejaLuSaved?.length ?? 0) > n && !(document.querySelector(selector) as HTMLButtonElement).disabled, [before, button] as const)) || undefined, `the file ${button} saves`);
  return page.evaluate(async () => {
    const name = (window as WithSaves).dejaLuSaved!.at(-1)!;
    const file = await (await (await navigator.storage.getDirectory()).getFileHandle(name)).getFile();
    return { name, text: await file.text() };
  });
}
