import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, extname, join, normalize, sep } from 'node:path';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
/** Hostile and odd pages shared with the unit tests (test/fixtures/hostile/<name>/source.*). */
const HOSTILE_FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'hostile');
const HOSTILE_PREFIX = '/hostile/';
/** Paths under /app/ are the single-page app, whatever the route. */
const SPA_PREFIX = '/app/';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
};

/** A response made on demand (generated pages too big to keep as files), built once per server. */
export interface GeneratedResponse {
  contentType: string;
  body: string | Buffer;
  /** Answer this much later; Infinity never answers (a stalled request, until the server closes). */
  delayMs?: number;
}

export interface FixtureServerOptions {
  /** Exact paths answered by a generator instead of a file. */
  routes?: Record<string, () => GeneratedResponse>;
}

export interface FixtureServer {
  port: number;
  /** Paths requested so far, in order. */
  requests: string[];
  /** Two sites on one server: the same port under two host names. */
  siteA(path: string): string;
  siteB(path: string): string;
  close(): Promise<void>;
}

/**
 * Serves test/e2e/fixtures on 127.0.0.1 at a random port. Any path ending in
 * a fixture's file name serves that file, so one article can appear at as
 * many addresses (and "sites") as a test needs. Paths under /hostile/<name>/
 * serve test/fixtures/hostile/<name>/; `routes` adds generated responses.
 */
export async function startFixtureServer({ routes = {} }: FixtureServerOptions = {}): Promise<FixtureServer> {
  const requests: string[] = [];
  const generated = new Map<string, GeneratedResponse>();
  const server: Server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push(path);
    const route = routes[path];
    if (route) {
      const made = generated.get(path) ?? route();
      generated.set(path, made);
      if (made.delayMs === Infinity) return;
      await new Promise((resolve) => setTimeout(resolve, made.delayMs ?? 0));
      response.writeHead(200, { 'content-type': made.contentType, 'cache-control': 'no-store' });
      response.end(made.body);
      return;
    }
    const file = hostileFile(path) ?? join(FIXTURES, path.startsWith(SPA_PREFIX) ? 'spa.html' : basename(decodeURIComponent(path)));
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      response.end(body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    requests,
    siteA: (path) => `http://127.0.0.1:${port}${path}`,
    siteB: (path) => `http://localhost:${port}${path}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** /hostile/<name>/<file>, kept inside test/fixtures/hostile. */
function hostileFile(path: string): string | undefined {
  if (!path.startsWith(HOSTILE_PREFIX)) return undefined;
  const file = normalize(join(HOSTILE_FIXTURES, decodeURIComponent(path.slice(HOSTILE_PREFIX.length))));
  return file.startsWith(HOSTILE_FIXTURES + sep) ? file : undefined;
}
