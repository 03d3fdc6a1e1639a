import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
/** Paths under /app/ are the single-page app, whatever the route. */
const SPA_PREFIX = '/app/';

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
 * many addresses (and "sites") as a test needs.
 */
export async function startFixtureServer(): Promise<FixtureServer> {
  const requests: string[] = [];
  const server: Server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push(path);
    const file = path.startsWith(SPA_PREFIX) ? 'spa.html' : basename(decodeURIComponent(path));
    try {
      const body = await readFile(join(FIXTURES, file));
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
