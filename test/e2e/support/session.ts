import { afterAll, beforeAll } from 'vitest';
import { launchWithExtension, type ExtensionBrowser, type UiLocale } from './browser';
import { startFixtureServer, type FixtureServer, type FixtureServerOptions } from './server';

/** What a test file shares: the fixtures server and one Chromium with the extension (firefoxForFile's twin). */
export interface ChromiumSession {
  server: FixtureServer;
  browser: ExtensionBrowser;
}

/** Starts the fixtures server and Chromium before the file's tests (the fields are set then) and stops them after. */
export function chromiumForFile(locale: UiLocale = 'en', serverOptions: FixtureServerOptions = {}): ChromiumSession {
  const session = {} as Partial<ChromiumSession>;
  beforeAll(async () => {
    session.server = await startFixtureServer(serverOptions);
    session.browser = await launchWithExtension(locale);
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.server?.close();
  });
  return session as ChromiumSession;
}
