import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BACKGROUND_REQUESTS, CONTENT_REQUESTS, parseRequest } from '../../src/message-validation';
import { MAX_EXCERPT_CHARS, MAX_SHORT_FIELD_CHARS, MAX_TEXT_CHARS, MAX_TITLE_CHARS, MAX_URL_CHARS, MessageError, type Request, type RequestType } from '../../src/messaging';

/**
 * Whatever a compromised page's content script sends, the background either
 * gets a well-formed request within every size limit or a MessageError to
 * answer with. Bounded by runs and time; failures print a seed to replay.
 */
const BUDGET = { numRuns: 300, interruptAfterTimeLimit: 4_000 } as const;
const ALL_TYPES: RequestType[] = [...BACKGROUND_REQUESTS, ...CONTENT_REQUESTS];

/** A value of any kind, or one close to what a field expects. */
const field = fc.oneof(
  fc.anything(),
  fc.webUrl(),
  fc.constantFrom('javascript:alert(1)', 'https://', 'http://x', 'too_large', 'no_article', true, -1, 0, 7, 1.5, Number.NaN, null),
  fc.string({ unit: 'binary', size: 'large' }),
  fc.nat().map((n) => 'x'.repeat(n % 3_000)),
);

const message = fc.record({
  type: fc.oneof(fc.constantFrom(...ALL_TYPES), fc.string()),
  url: field,
  tabId: field,
  record: field,
  reason: field,
  page: fc.oneof(field, fc.record({ url: field, title: field, text: field, excerpt: field, canonicalUrl: field, language: field, siteName: field, publishedTime: field }, { requiredKeys: [] })),
}, { requiredKeys: ['type'] });

function withinLimits(request: Request): void {
  const http = (url: string) => expect(url.length <= MAX_URL_CHARS && /^https?:\/\//i.test(url)).toBe(true);
  if ('url' in request) http(request.url);
  if ('tabId' in request) expect(Number.isSafeInteger(request.tabId) && request.tabId >= 0).toBe(true);
  if (request.type !== 'visit') return;
  const { page } = request;
  http(page.url);
  if (page.canonicalUrl !== undefined) http(page.canonicalUrl);
  expect(page.title.length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
  expect(page.text.length).toBeLessThanOrEqual(MAX_TEXT_CHARS);
  expect((page.excerpt ?? '').length).toBeLessThanOrEqual(MAX_EXCERPT_CHARS);
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
        request = parseRequest(raw, BACKGROUND_REQUESTS);
      } catch (error) {
        expect(error).toBeInstanceOf(MessageError);
        return;
      }
      expect(BACKGROUND_REQUESTS).toContain(request.type);
      withinLimits(request);
      // Only known fields survive, so parsing the result again changes nothing.
      expect(parseRequest(structuredClone(request), BACKGROUND_REQUESTS)).toEqual(request);
    }), BUDGET);
  });
});
