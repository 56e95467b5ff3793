/**
 * Screenshots every story of the built Storybook as a person sees it: each story at 1280 px and
 * 390 px wide, light and dark, after its play function has run (its resting state). Pages that
 * scroll sideways or stories that fail are listed at the end.
 *
 *   pnpm run check:storybook-build
 *   node scripts/storybook-screenshots.ts [--dir DIR] [--out DIR] [--only TEXT]
 *
 * --dir: the built Storybook (default storybook-static); --out: where the PNGs go (default
 * .data/storybook-screenshots); --only: stories whose id contains TEXT. Served on a free port of
 * 127.0.0.1, stopped at the end.
 */
import { createReadStream, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from './chromium.ts';

const root = new URL('..', import.meta.url).pathname;
const { values: options } = parseArgs({
  options: {
    dir: { type: 'string', default: join(root, 'storybook-static') },
    out: { type: 'string', default: join(root, '.data/storybook-screenshots') },
    only: { type: 'string', default: '' },
  },
});
const staticDir = resolve(options.dir);

const viewports = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
const themes = ['light', 'dark'] as const;
const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

interface IndexEntry {
  id: string;
  type: 'story' | 'docs';
}

if (!existsSync(join(staticDir, 'index.json'))) {
  console.error(
    `storybook-screenshots: no index.json in ${staticDir}; run \`pnpm run check:storybook-build\` first`,
  );
  process.exit(1);
}
const index = JSON.parse(readFileSync(join(staticDir, 'index.json'), 'utf8')) as {
  entries: Record<string, IndexEntry>;
};
const storyIds = Object.values(index.entries)
  .filter((entry) => entry.type === 'story' && entry.id.includes(options.only))
  .map((entry) => entry.id);

const server = createServer((request, response) => {
  const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
  const file = join(staticDir, normalize(path === '/' ? 'index.html' : path));
  if (!file.startsWith(staticDir) || !existsSync(file) || !statSync(file).isFile()) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': contentTypes[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

mkdirSync(options.out, { recursive: true });
const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
const problems: string[] = [];
try {
  for (const viewport of viewports) {
    const page = await browser.newPage({ viewport });
    for (const id of storyIds) {
      for (const theme of themes) {
        const name = `${id}--${viewport.width}-${theme}`;
        await page.goto(`${base}/iframe.html?id=${id}&viewMode=story&globals=theme:${theme}`);
        // Storybook's render phases end in "finished" once the play function has run, or "errored".
        const phase = await page
          .waitForFunction(
            () => {
              const render = (
                window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } }
              ).__STORYBOOK_PREVIEW__?.currentRender;
              return ['finished', 'errored', 'aborted'].includes(render?.phase ?? '') && render?.phase;
            },
            undefined,
            { timeout: 30_000 },
          )
          .then((handle) => handle.jsonValue());
        if (phase !== 'finished') problems.push(`${name}: ${String(phase)}`);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0) problems.push(`${name}: the page scrolls sideways by ${overflow} px`);
        await page.screenshot({ path: join(options.out, `${name}.png`), fullPage: true });
      }
    }
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}
console.log(
  `${storyIds.length} stories × ${viewports.length} widths × ${themes.length} themes in ${options.out}`,
);
for (const problem of problems) console.log(`  ${problem}`);
process.exitCode = problems.length > 0 ? 1 : 0;
