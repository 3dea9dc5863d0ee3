// Loads a page of the built web app in Chromium, as a first-time visitor does, and lists every file it fetched
// (lazy chunks included) with the bytes that crossed the wire and the bytes once decoded. Used by the bundle
// budget (check-bundle.mjs) and the web benchmark (bench/web).
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium } from '@playwright/test';

const types = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

/**
 * The HTML page of the build that serves a path: `<first segment>.html` or `<first segment>/index.html` when the
 * build has one (a page of its own, such as the patient's side), otherwise index.html, as the server does.
 */
export function pageFor(dist, path) {
  const segment = path.split('/').filter(Boolean)[0];
  const candidates = segment ? [`${segment}.html`, join(segment, 'index.html')] : [];
  return candidates.find((file) => existsSync(join(dist, file))) ?? 'index.html';
}

/**
 * A plain static server of the build on a loopback port, files sent as they are (no compression): the budget
 * gzips the files itself. Data paths answer 404, as for a visitor who is not signed in.
 */
export async function serveBuild(dist) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
    const file = normalize(join(dist, path));
    const isFile = file.startsWith(dist) && extname(path) !== '' && existsSync(file);
    const wantsPage = !isFile && (req.headers.accept ?? '').includes('text/html');
    if (!isFile && !wantsPage) {
      res.writeHead(404, { 'content-type': 'application/problem+json' }).end('{"status":404}');
      return;
    }
    const served = isFile ? file : join(dist, pageFor(dist, path));
    res.writeHead(200, { 'content-type': types[extname(served)] ?? 'application/octet-stream' });
    res.end(readFileSync(served));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

export const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
  });

/**
 * Opens `url` in a fresh context (empty cache) and waits until the network has been quiet, so the route's
 * lazy chunks are in. Returns each response: {path, type, status, encoding, wireBytes, bodyBytes}.
 * `extraHTTPHeaders` go with every request (e.g. `accept-encoding: identity`).
 */
export async function loadPage(browser, url, { extraHTTPHeaders } = {}) {
  const context = await browser.newContext({ extraHTTPHeaders });
  const page = await context.newPage();
  const finished = [];
  page.on('requestfinished', (request) => finished.push(request));
  await page.goto(url, { waitUntil: 'networkidle' });
  const files = [];
  for (const request of finished) {
    const response = await request.response();
    if (!response) continue;
    const sizes = await request.sizes();
    const body = await response.body().catch(() => Buffer.alloc(0));
    files.push({
      path: new URL(request.url()).pathname,
      type: request.resourceType(),
      status: response.status(),
      encoding: (await response.headerValue('content-encoding')) ?? 'identity',
      wireBytes: sizes.responseBodySize + sizes.responseHeadersSize,
      bodyBytes: body.length,
    });
  }
  await context.close();
  return files;
}
