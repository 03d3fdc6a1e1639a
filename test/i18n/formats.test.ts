import { describe, expect, test } from 'vitest';
import { formatCount } from '../../src/i18n';

describe('formatCount: counts in the UI language, grouped as its readers group digits', () => {
  test.each([
    ['en-US', 50_500, '50,500'],
    ['en-US', 1_000_000, '1,000,000'],
    ['en-US', 999, '999'],
    ['en-US', 0, '0'],
    ['zh-CN', 50_500, '50,500'],
    ['de-DE', 50_500, '50.500'],
    ['fr-FR', 50_500, '50\u202f500'],
  ])('%s: %d → %s', (locale, count, shown) => {
    expect(formatCount(count, locale)).toBe(shown);
  });
});
