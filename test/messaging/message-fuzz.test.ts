import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_SENT_EXCERPT_CHARS, MAX_SHORT_FIELD_CHARS, MAX_TEXT_CHARS, MessageError } from '../../src/messaging';
import { parseRequest, protocol, REQUEST_TYPES, type Request } from '../../src/protocol';
import { MAX_TITLE_LENGTH, MAX_URL_LENGTH } from '../../src/store/page';

/**
 * Whatever a compromised page's content script sends, the background either
 * gets a well-formed request within every size limit or a MessageError to
 * answer with. Bounded by runs and time; failures print a seed to replay.
 */
const BUDGET = { numRuns: 300, interruptAfterTimeLimit: 4_000 } as const;

/** A value of any kind, or one close to what a field expects. */
const field = fc.oneof(
  fc.anything(),
  fc.webUrl(),
  fc.constantFrom('javascript:alert(1)', 'https://', 'http://x', 'too_large', 'no_article', true, -1, 0, 7, 1.5, Number.NaN, null),
  fc.string({ unit: 'binary', size: 'large' }),
  fc.nat().map((n) => 'x'.repeat(n % 3_000)),
);

const message = fc.record({
  type: fc.oneof(fc.constantFrom(...REQUEST_TYPES), fc.string()),
  url: field,
  tabId: field,
  record: field,
  reason: field,
  page: fc.oneof(field, fc.record({ url: field, title: field, text: field, excerpt: field, canonicalUrl: field, language: field, siteName: field, publishedTime: field }, { requiredKeys: [] })),
}, { requiredKeys: ['type'] });

function withinLimits(request: Request): void {
  const http = (url: string) => expect(url.length <= MAX_URL_LENGTH && /^https?:\/\//i.test(url)).toBe(true);
  if ('url' in request) http(request.url);
  if ('tabId' in request) expect(Number.isSafeInteger(request.tabId) && request.tabId >= 0).toBe(true);
  if (request.type !== 'visit') return;
  const { page } = request;
  http(page.url);
  if (page.canonicalUrl !== undefined) http(page.canonicalUrl);
  expect(page.title.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
  expect(page.text.length).toBeLessThanOrEqual(MAX_TEXT_CHARS);
  expect((page.excerpt ?? '').length).toBeLessThanOrEqual(MAX_SENT_EXCERPT_CHARS);
  expect(Math.max((page.language ?? '').length, (page.siteName ?? '').length)).toBeLessThanOrEqual(MAX_SHORT_FIELD_CHARS);
  if (page.publishedTime !== undefined) expect(Number.isFinite(page.publishedTime)).toBe(true);
}

describe('message validation fuzzing', () => {
  test.each([
    ['anything at all', fc.anything()],
    ['messages shaped like requests, with random fields', message],
  ])('%s: a valid request within every limit, or a MessageError', (_name, input) => {
    fc.assert(fc.property(input, (raw) => {
      let request: Request;
      try {
        request = parseRequest(raw, 'background');
      } catch (error) {
        expect(error).toBeInstanceOf(MessageError);
        return;
      }
      expect(protocol[request.type].to).toBe('background');
      withinLimits(request);
      // Only known fields survive, so parsing the result again changes nothing.
      expect(parseRequest(structuredClone(request), 'background')).toEqual(request);
    }), BUDGET);
  });
});
