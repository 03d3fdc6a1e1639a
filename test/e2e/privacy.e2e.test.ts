import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTENSION_DIR, launchWithExtension, type ExtensionBrowser } from './support/browser';
import { badge, dumpStores, openOptions, openPopup, readNotice, setSettings, storedPages, waitForReport } from './support/extension';
import { BROWSER_SERVICES, startLoggingProxy, type LoggingProxy } from './support/proxy';
import { savedFile, skipSaveDialog } from './support/save-dialog';
import { startFixtureServer, type FixtureServer } from './support/server';

/**
 * What the extension never does with the reading history: send it anywhere,
 * read excluded sites, keep it after "clear all" (docs/reliability.md). All
 * of the browser's traffic goes through a logging proxy, loopback included.
 */
let server: FixtureServer;
let proxy: LoggingProxy;
let browser: ExtensionBrowser;

/** The address site B's copies claim as their own: site A's original. */
const CLAIMED_PATH = '/spoof/en-original.html';

/** A fixture on site B that declares site A's original as its canonical and og:url address. */
function claimingSiteA(fixture: string) {
  return () => {
    const claimed = server.siteA(CLAIMED_PATH);
    const head = `<head><link rel="canonical" href="${claimed}"><meta property="og:url" content="${claimed}">`;
    const html = readFileSync(join(import.meta.dirname, 'fixtures', fixture), 'utf8').replace('<head>', head);
    return { contentType: 'text/html; charset=utf-8', body: html };
  };
}

beforeAll(async () => {
  server = await startFixtureServer({
    routes: { '/spoof/copy.html': claimingSiteA('en-repost.html'), '/spoof/other.html': claimingSiteA('en-other.html') },
  });
  proxy = await startLoggingProxy((url) => ['127.0.0.1', 'localhost'].includes(url.hostname) && url.port === String(server.port));
  browser = await launchWithExtension('en', proxy.chromiumArgs);
  await skipSaveDialog(browser.context);
});

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await server?.close();
});

async function visit(url: string) {
  const since = Date.now();
  const tab = await browser.context.newPage();
  await tab.goto(url);
  const { tabId, report } = await waitForReport(browser.worker, url, since);
  return { tab, tabId, report };
}

/** Keys the extension keeps in storage.session (the popup's per-tab reports). */
function sessionKeys(worker: Worker): Promise<string[]> {
  return worker.evaluate(async () => Object.keys(await (globalThis as unknown as { chrome: { storage: { session: { get(k: null): Promise<object> } } } }).chrome.storage.session.get(null)));
}

describe('privacy', () => {
  it('asks for six permissions and the http(s) pages its content script reads: one install warning, as with a declared content script', async () => {
    const manifest = JSON.parse(await readFile(join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.permissions).toEqual(['storage', 'activeTab', 'scripting', 'contextMenus', 'offscreen', 'webNavigation']);
    // The background injects the content script once a page has loaded: top frames of http(s) pages only.
    expect(manifest.host_permissions).toEqual(['http://*/*', 'https://*/*']);
    for (const key of ['content_scripts', 'optional_permissions', 'optional_host_permissions', 'externally_connectable', 'web_accessible_resources']) {
      expect(manifest).not.toHaveProperty(key);
    }
    const docs = await readFile(join(import.meta.dirname, '..', '..', 'docs', 'permissions.md'), 'utf8');
    for (const permission of manifest.permissions as string[]) expect(docs).toMatch(new RegExp(`^\\| \`${permission}\` \\|`, 'm'));

    // What Chromium says at install: the same as for the earlier manifest, whose content script was declared.
    const declared: Record<string, unknown> = {
      ...manifest,
      permissions: (manifest.permissions as string[]).filter((p) => p !== 'webNavigation'),
      content_scripts: [{ matches: ['http://*/*', 'https://*/*'], js: ['content-scripts/content.js'] }],
    };
    delete declared.host_permissions;
    const options = await openOptions(browser.context, browser.extensionId);
    const warnings = (m: object) =>
      options.evaluate((text) => (globalThis as unknown as { chrome: { management: { getPermissionWarningsByManifest(m: string): Promise<string[]> } } }).chrome.management.getPermissionWarningsByManifest(text), JSON.stringify(m));
    const now = await warnings(manifest);
    expect(now).toEqual(await warnings(declared));
    expect(now).toEqual(['Read and change all your data on all websites']);
    await options.close();
  });

  it('loosens its content security policy for WebAssembly only, and the service worker runs the engine\'s module', async () => {
    const manifest = JSON.parse(await readFile(join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    // Chrome's default policy is "script-src 'self'; object-src 'self';", which refuses WebAssembly.
    expect(manifest.content_security_policy).toEqual({ extension_pages: "script-src 'self' 'wasm-unsafe-eval'; object-src 'self';" });
    // The worker is where pages are fingerprinted: compiling the smallest module must not be refused.
    const compiles = await browser.worker.evaluate(() => {
      try {
        new WebAssembly.Module(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]));
        return 'compiled';
      } catch (error) {
        return String(error);
      }
    });
    expect(compiles).toBe('compiled');
  });

  it('sends nothing anywhere: the only traffic is the pages the test opened', async () => {
    const original = await visit(server.siteA('/tech/en-original.html'));
    const repost = await visit(server.siteB('/copy/en-repost.html'));
    expect(repost.report.status).toBe('repost');
    expect((await readNotice(repost.tab))?.text).toContain('Looks like a repost');
    const popup = await openPopup(browser.context, browser.extensionId, repost.tabId);
    await popup.click('#check');
    // The check ran: the page, recorded by the automatic check, is now a revisit.
    await expect.poll(() => popup.locator('.pill').textContent()).toBe('Read before');
    const options = await openOptions(browser.context, browser.extensionId);
    await savedFile(options, '#export-json');
    await Promise.all([original.tab.close(), repost.tab.close(), popup.close(), options.close()]);

    const testServer = (entry: string) => entry.startsWith(`GET http://127.0.0.1:${server.port}/`) || entry.startsWith(`GET http://localhost:${server.port}/`);
    const browserItself = (entry: string) => entry.split(' ')[1]?.startsWith(`${BROWSER_SERVICES}/`) === true;
    expect(proxy.log.filter(testServer).length).toBeGreaterThan(0);
    expect(proxy.log.filter((entry) => !testServer(entry) && !browserItself(entry))).toEqual([]);
    // And of the test server, only the two pages and the browser's favicon requests.
    expect(new Set(server.requests)).toEqual(new Set(['/tech/en-original.html', '/copy/en-repost.html', '/favicon.ico']));
  });

  it('an excluded site is never read: no text extracted, nothing stored, no notice', async () => {
    await setSettings(browser.worker, { excludedSites: ['localhost'] });
    const excluded = await visit(server.siteB('/excluded/en-repost.html'));
    expect(excluded.report).toMatchObject({ status: 'excluded', title: '', recorded: false, matches: [] });
    expect(await readNotice(excluded.tab)).toBeUndefined();
    expect((await storedPages(browser.worker)).some((page) => page.url.includes('/excluded/'))).toBe(false);
    await setSettings(browser.worker, { excludedSites: [] });
    await excluded.tab.close();
  });

  it('"clear all" removes everything: every store, the popup\'s reports and the badges that named earlier pages', async () => {
    const repost = await visit(server.siteB('/again/en-repost.html'));
    expect(repost.report.status).toBe('repost');
    expect((await badge(browser.worker, repost.tabId)).text).not.toBe('');
    expect(await sessionKeys(browser.worker)).not.toEqual([]);

    const options = await openOptions(browser.context, browser.extensionId);
    options.once('dialog', (dialog) => void dialog.accept());
    await options.click('#clear-all');
    await expect.poll(() => options.locator('#transfer-status').textContent()).not.toBe('');

    const stores = await dumpStores(browser.worker);
    // The imports store keeps only the token a removal leaves (a random id, naming nothing), so an import running meanwhile leaves no receipt.
    for (const [name, { keys }] of Object.entries(stores)) expect(keys, name).toEqual(name === 'imports' ? ['removed'] : []);
    // Only the background's note that it read this session's open tabs (a boolean, naming nothing) is left.
    await expect.poll(() => sessionKeys(browser.worker)).toEqual(['open-tabs-read']);
    expect(await badge(browser.worker, repost.tabId)).toEqual({ text: '', title: 'Déjà Lu: have I read this before?' });
    const popup = await openPopup(browser.context, browser.extensionId, repost.tabId);
    await expect(popup.locator('.pill').textContent()).resolves.toBe('Not checked');
    expect(await popup.locator('body').textContent()).not.toContain('Rewriting Rules of Engagement');
    await Promise.all([repost.tab.close(), popup.close(), options.close()]);
  });

  it('a page on another site declaring a read page\'s address as its own is judged by its text: a copy is flagged, another article is new', async () => {
    const original = await visit(server.siteA(CLAIMED_PATH));
    expect(original.report.status).toBe('new');
    const stored = (await storedPages(browser.worker)).find((page) => page.url === server.siteA(CLAIMED_PATH));
    const firstVisit = stored?.firstVisit;
    expect(firstVisit).toBeDefined();

    const copy = await visit(server.siteB('/spoof/copy.html'));
    expect(copy.report).toMatchObject({ status: 'repost', matches: [{ url: server.siteA(CLAIMED_PATH) }], visitCount: 1 });
    expect(copy.report.firstVisit).toBeUndefined();
    expect((await readNotice(copy.tab))?.text).toContain('Looks like a repost');
    expect((await badge(browser.worker, copy.tabId)).text).toBe('1');
    // The claim is not kept, so it cannot later hide the original's copies.
    expect((await storedPages(browser.worker)).find((page) => page.url === server.siteB('/spoof/copy.html'))).not.toHaveProperty('canonicalUrl');

    const other = await visit(server.siteB('/spoof/other.html'));
    expect(other.report).toMatchObject({ status: 'new', matches: [], visitCount: 1 });
    // Neither "visited before" nor the original's first visit date reaches the other article.
    expect(other.report.firstVisit).toBeUndefined();
    expect(JSON.stringify(other.report)).not.toContain(String(firstVisit));
    await Promise.all([original.tab.close(), copy.tab.close(), other.tab.close()]);
  });
});
