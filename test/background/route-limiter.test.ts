import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MAX_SWAPPED_CHECKS_PER_SITE, RouteLimiter, SWAP_WINDOW_MS, trackNavigations } from '../../src/background/route-limiter';
import { clock } from './fakes';

describe('RouteLimiter', () => {
  it.each<[string, number[], number]>([
    ['a burst within a second', [0, 100, 200, 300, 400, 500], MAX_SWAPPED_CHECKS_PER_SITE],
    ['one every 10 s for a minute', [0, 10_000, 20_000, 30_000, 40_000, 50_000], MAX_SWAPPED_CHECKS_PER_SITE],
    ['one every 20 s', [0, 20_000, 40_000, 60_000, 80_000, 100_000], 6],
    ['three, a minute apart from the next three', [0, 1, 2, SWAP_WINDOW_MS + 2, SWAP_WINDOW_MS + 3, SWAP_WINDOW_MS + 4], 6],
    ['refused attempts do not extend the wait', [0, 1, 2, 30_000, 59_999, 60_000], 4],
  ])('%s', (_name, offsets, allowed) => {
    const time = clock(0);
    const limiter = new RouteLimiter({ now: time.now });
    let granted = 0;
    for (const offset of offsets) {
      time.advance(offset - time.now());
      if (limiter.allow(1, `https://app.example/${offset}`)) granted += 1;
    }
    expect(granted).toBe(allowed);
  });

  it('a real navigation gives one free check, to the address it loaded', () => {
    const limiter = new RouteLimiter({ now: () => 0, maxPerWindow: 0 });
    expect(limiter.allow(5, 'https://a.example/')).toBe(false);
    limiter.navigated(5, 'https://a.example/story#top');
    expect(limiter.allow(6, 'https://a.example/story')).toBe(false);
    expect(limiter.allow(5, 'https://a.example/pushed')).toBe(false);
    expect(limiter.allow(5, 'https://a.example/story?utm_source=x')).toBe(true);
    expect(limiter.allow(5, 'https://a.example/story')).toBe(false);
    limiter.navigated(5, 'https://a.example/next');
    limiter.forgetTab(5);
    expect(limiter.allow(5, 'https://a.example/next')).toBe(false);
  });

  it('sites are registrable sites: subdomains share, github.io users do not', () => {
    const limiter = new RouteLimiter({ now: () => 0, maxPerWindow: 1 });
    expect(limiter.allow(1, 'https://a.example.com/')).toBe(true);
    expect(limiter.allow(1, 'https://b.example.com/')).toBe(false);
    expect(limiter.allow(1, 'https://alice.github.io/')).toBe(true);
    expect(limiter.allow(1, 'https://bob.github.io/')).toBe(true);
  });

  it('learns of real navigations from webNavigation.onCommitted, top frames only', async () => {
    fakeBrowser.reset();
    const limiter = new RouteLimiter({ now: () => 0, maxPerWindow: 0 });
    trackNavigations(limiter, fakeBrowser.webNavigation.onCommitted);
    const commit = (tabId: number, frameId: number) => fakeBrowser.webNavigation.onCommitted.trigger({ tabId, frameId, url: 'https://a.example/a', processId: 1, parentFrameId: -1, timeStamp: 0, transitionType: 'link', transitionQualifiers: [], documentId: '', documentLifecycle: 'active', frameType: 'outermost_frame' } as never);
    await commit(2, 3);
    expect(limiter.allow(2, 'https://a.example/a')).toBe(false);
    await commit(2, 0);
    expect(limiter.allow(2, 'https://a.example/a')).toBe(true);
    (fakeBrowser.webNavigation.onCommitted as unknown as { removeAllListeners(): void }).removeAllListeners();
  });
});
