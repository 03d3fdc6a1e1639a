import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Chromium talks to Google on its own (account list, component updates,
 * network time, optimisation hints), with or without extensions. These flags
 * point all of those services at one host that exists nowhere, so in the log
 * the browser's own requests are told apart by construction: nothing else,
 * the extension included, knows this name.
 */
export const BROWSER_SERVICES = 'http://browser-services.invalid';
const BROWSER_SERVICE_FLAGS = [
  `--gaia-url=${BROWSER_SERVICES}`,
  `--google-apis-url=${BROWSER_SERVICES}`,
  `--lso-url=${BROWSER_SERVICES}`,
  `--google-base-url=${BROWSER_SERVICES}`,
  `--component-updater=url-source=${BROWSER_SERVICES}/update`,
  '--disable-features=NetworkTimeServiceQuerying,OptimizationHints,OptimizationGuideModelDownloading,OptimizationHintsFetching,OptimizationTargetPrediction',
];

export interface LoggingProxy {
  port: number;
  /** Every request the browser sent through the proxy: "GET http://host:port/path" or "CONNECT host:port". */
  log: string[];
  /** Chromium flags that send all of its traffic, loopback included, through this proxy (and its own services to BROWSER_SERVICES). */
  chromiumArgs: string[];
  close(): Promise<void>;
}

/**
 * An HTTP proxy that records everything the browser asks for. Requests to
 * the hosts `upstream` allows (the test server) are passed on; anything else,
 * and every CONNECT (HTTPS, WebSocket), is refused after being logged, so a
 * request the tests did not expect shows up instead of silently failing.
 */
export async function startLoggingProxy(upstream: (url: URL) => boolean): Promise<LoggingProxy> {
  const log: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '', 'http://invalid');
    log.push(`${request.method} ${url.href}`);
    if (!upstream(url)) {
      response.writeHead(502).end();
      return;
    }
    // "localhost" may resolve to ::1 here, while the test server listens on 127.0.0.1.
    const onward = forward({ host: '127.0.0.1', port: url.port, path: `${url.pathname}${url.search}`, method: request.method, headers: request.headers }, (reply) => {
      response.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(response);
    });
    onward.on('error', () => response.writeHead(502).end());
    request.pipe(onward);
  });
  server.on('connect', (request, socket) => {
    log.push(`CONNECT ${request.url}`);
    socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    log,
    // "<-loopback>" removes Chromium's implicit bypass of localhost and 127.0.0.1.
    chromiumArgs: [`--proxy-server=http://127.0.0.1:${port}`, '--proxy-bypass-list=<-loopback>', ...BROWSER_SERVICE_FLAGS],
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
