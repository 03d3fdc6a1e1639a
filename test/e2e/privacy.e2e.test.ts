import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTENSION_DIR, launchWithExtension, type ExtensionBrowser } from './support/browser';
import { badge, dumpStores, openOptions, openPopup, readNotice, setSettings, storedPages, waitForReport } from './support/extension';
import { BROWSER_SERVICES, startLoggingProxy, type LoggingProxy } from './support/proxy';
import { startFixtureServer, type FixtureServer } from './support/server';

/**
 * What the extension never does with the reading history: send it anywhere,
 * read excluded sites, keep it after "clear all" (docs/reliability.md). All
 * of the browser's traffic goes through a logging proxy, loopback included.
 */
let server: FixtureServer;
let proxy: LoggingProxy;
let browser: ExtensionBrowser;

beforeAll(async () => {
  server = await startFixtureServer();
  proxy = await startLoggingProxy((url) => ['127.0.0.1', 'localhost'].includes(url.hostname) && url.port === String(server.port));
  browser = await launchWithExtension('en', proxy.chromiumArgs);
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
  it('asks for five permissions and the http(s) pages its content script reads: one install warning, as with a declared content script', async () => {
    const manifest = JSON.parse(await readFile(join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.permissions).toEqual(['storage', 'activeTab', 'scripting', 'offscreen', 'webNavigation']);
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
    const download = options.waitForEvent('download');
    await options.click('#export-json');
    await (await download).path();
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
    for (const [name, { keys }] of Object.entries(stores)) expect(keys, name).toEqual([]);
    await expect.poll(() => sessionKeys(browser.worker)).toEqual([]);
    expect(await badge(browser.worker, repost.tabId)).toEqual({ text: '', title: 'Déjà Lu: have I read this before?' });
    const popup = await openPopup(browser.context, browser.extensionId, repost.tabId);
    await expect(popup.locator('.pill').textContent()).resolves.toBe('Not checked');
    expect(await popup.locator('body').textContent()).not.toContain('Rewriting Rules of Engagement');
    await Promise.all([repost.tab.close(), popup.close(), options.close()]);
  });
});
