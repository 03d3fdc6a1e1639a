import { describe, expect, it, vi } from 'vitest';
import { backgroundHandlers } from '../../src/background/message-handlers';
import type { VisitService } from '../../src/background/visit-service';
import type { Handler } from '../../src/messaging';

function fakeVisits() {
  return {
    shouldCheck: vi.fn(async () => true),
    visit: vi.fn(async () => ({ report: {}, showNotice: false })),
    checkTab: vi.fn(async () => ({})),
    tabStatus: vi.fn(async () => null),
  };
}

describe('background handlers', () => {
  it.each([
    ['no tab', {}],
    ['a tab without id', { tab: {} }],
    ['the extension\'s own page (tab id -1)', { tab: { id: -1 } }],
  ])('page messages from %s are refused', async (_name, sender) => {
    const visits = fakeVisits();
    const handlers = backgroundHandlers(visits as unknown as VisitService);
    await expect((handlers['should-check'] as Handler<'should-check'>)({ type: 'should-check', url: 'https://e.com/' }, sender)).rejects.toThrow(/from a tab/);
    expect(visits.shouldCheck).not.toHaveBeenCalled();
  });

  it('passes the sender tab and incognito flag on', async () => {
    const visits = fakeVisits();
    const afterVisit = vi.fn();
    const handlers = backgroundHandlers(visits as unknown as VisitService, { afterVisit });
    const page = { url: 'https://e.com/', title: 't', text: 'x' };
    await (handlers.visit as Handler<'visit'>)({ type: 'visit', page }, { tab: { id: 4, incognito: true } });
    expect(visits.visit).toHaveBeenCalledWith(page, { id: 4, incognito: true });
    expect(afterVisit).toHaveBeenCalledOnce();
  });

  it('popup requests name their tab', async () => {
    const visits = fakeVisits();
    const handlers = backgroundHandlers(visits as unknown as VisitService);
    await (handlers['check-tab'] as Handler<'check-tab'>)({ type: 'check-tab', tabId: 12, record: true }, {});
    expect(visits.checkTab).toHaveBeenCalledWith(12, true);
    await (handlers['get-tab-status'] as Handler<'get-tab-status'>)({ type: 'get-tab-status', tabId: 12 }, {});
    expect(visits.tabStatus).toHaveBeenCalledWith(12);
  });

  it('opens the settings', async () => {
    const openSettings = vi.fn(async () => {});
    const handlers = backgroundHandlers(fakeVisits() as unknown as VisitService, { openSettings });
    await (handlers['open-settings'] as Handler<'open-settings'>)({ type: 'open-settings' }, {});
    expect(openSettings).toHaveBeenCalledOnce();
  });
});
