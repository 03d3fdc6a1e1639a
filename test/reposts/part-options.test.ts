import { describe, expect, it } from 'vitest';
import { partOptions } from '../../src/reposts/part-options';

describe('partOptions: what the Reposts view tells judge about two pages', () => {
  it.each<[string, string, string, object]>([
    ['two pages of one site', 'example.com', 'example.com', { oneSite: true }],
    ['pages of two sites', 'example.com', 'example.org', {}],
    // Was { oneSite: true }: the page checker and My articles already judged such pages as two texts.
    ['two pages without a site (files, texts the CLI pre-loaded)', '', '', {}],
  ])('%s → %j', (_name, a, b, expected) => {
    expect(partOptions({ site: a }, { site: b })).toEqual(expected);
  });
});
