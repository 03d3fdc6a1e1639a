import { describe, expect, it } from 'vitest';
import { independentVersions } from '../../eval/independent-versions';

describe('one story written twice, independently, in mainland Simplified and Taiwan Traditional (eval/material/independent-versions)', () => {
  const results = independentVersions();

  it('holds six stories, each version long enough to judge', () => {
    expect(results.map((r) => r.story)).toHaveLength(6);
    for (const r of results) expect(r.verdicts).not.toContain('too_short');
  });

  it.each(results.map((r) => [r.story, r] as const))('%s: neither version is a copy of the other, whichever is read first', (_story, r) => {
    for (const v of r.verdicts) expect(['different', 'quote']).toContain(v);
  });

  it.each(results.map((r) => [r.story, r] as const))('%s: each version converted to the other script is a duplicate (the control)', (_story, r) => {
    expect(r.controls).toEqual(['duplicate', 'duplicate']);
  });
});
