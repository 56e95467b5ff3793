import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from '../../scripts/chromium.ts';

const pageDir = fileURLToPath(new URL('../page/', import.meta.url));
const outDir = fileURLToPath(new URL('../.data/page-dist/', import.meta.url));
const streamsDir = fileURLToPath(new URL('../.data/streams/', import.meta.url));

/**
 * Builds bench/page with Vite 8 in production mode. `react-dom/client` is aliased to React's
 * profiling build so `<Profiler>` reports commits; everything else is a normal production build.
 */
export async function buildPage(): Promise<string> {
  const [{ build }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')]);
  await build({
    configFile: false,
    root: pageDir,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    resolve: {
      alias: [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }],
      dedupe: ['react', 'react-dom', '@tanstack/react-query'],
    },
    build: { outDir, emptyOutDir: true, reportCompressedSize: false },
  });
  return outDir;
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.sse': 'text/event-stream',
};

/**
 * Serves the built page and the recorded streams on 127.0.0.1; `/api/*` goes to `apiTarget`
 * (a Mastra server), streamed through as it arrives, so the page talks to it same-origin.
 */
export async function servePage(apiTarget?: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path.startsWith('/api/') && apiTarget) {
      const target = new URL(req.url ?? '/', apiTarget);
      const upstream = request(
        target,
        { method: req.method, headers: { ...req.headers, host: target.host } },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
      return;
    }
    const file = path.startsWith('/streams/')
      ? join(streamsDir, normalize(path.slice('/streams/'.length)))
      : join(outDir, normalize(path === '/' ? 'index.html' : path));
    if (!file.startsWith(outDir) && !file.startsWith(streamsDir)) return void res.writeHead(403).end();
    if (!existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Launches headless Chromium (Debian's by default; CHROMIUM_PATH overrides). */
export async function launchChromium() {
  const { chromium } = await import('playwright');
  return chromium.launch({ ...chromiumLaunchOptions, headless: true });
}
