import { describe, expect, it, vi } from 'vitest';
import { tabExtractor } from '../../src/background/tab-extractor';

const article = { kind: 'page' as const, page: { url: 'https://e.com/', title: 't', text: 'x' } };

describe('tabExtractor', () => {
  it('asks the content script', async () => {
    const inject = vi.fn();
    const extract = tabExtractor({ askTab: async () => article, injectContentScript: inject });
    await expect(extract(3)).resolves.toEqual(article);
    expect(inject).not.toHaveBeenCalled();
  });

  it('injects the content script once when the tab has none, then asks again', async () => {
    const askTab = vi.fn().mockRejectedValueOnce(new Error('Receiving end does not exist.')).mockResolvedValueOnce(article);
    const inject = vi.fn(async () => true);
    await expect(tabExtractor({ askTab, injectContentScript: inject })(3)).resolves.toEqual(article);
    expect(inject).toHaveBeenCalledWith(3);
    expect(askTab).toHaveBeenCalledTimes(2);
  });

  it('fails when the page may not be scripted (e.g. browser pages)', async () => {
    const extract = tabExtractor({
      askTab: async () => Promise.reject(new Error('Receiving end does not exist.')),
      injectContentScript: async () => Promise.reject(new Error('Cannot access a chrome:// URL')),
    });
    await expect(extract(3)).rejects.toThrow(/chrome:/);
  });
});
