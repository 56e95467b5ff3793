import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildPage, launchChromium, servePage } from '../lib/page.ts';
import { loadRecordings } from '../lib/recordings.ts';
import { burstSpec } from '../lib/streams.ts';
import { fixed, median, printTable } from '../lib/table.ts';
import type { Feed, RenderResult } from '../page/main.tsx';

/** Runs per cell: one frame per read takes 10,000 tasks, so it runs once. */
const REPEATS: Record<Feed, number> = { 'reads-16k': 3, 'chunk-per-read': 1 };

/** Section 3: React commits vs animation frames while a 10,000-chunk burst streams into useAgentRun. */
export async function rendersSection(): Promise<void> {
  console.log('\n## Renders\n');
  if (!existsSync(fileURLToPath(new URL('../../packages/react/src/index.ts', import.meta.url)))) {
    console.log('Skipped: @ask-user-kit/react has no entry yet.');
    return;
  }
  const [rec] = await loadRecordings([burstSpec], { log: (s) => console.log(`(${s})`) });
  await buildPage();
  const site = await servePage();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(site.url);
    await page.waitForFunction(() => typeof window.bench?.measureRenders === 'function');
    const results: RenderResult[] = [];
    for (const feed of ['reads-16k', 'chunk-per-read'] as Feed[]) {
      for (const impl of ['kit', 'naive'] as const) {
        for (let i = 0; i < REPEATS[feed]; i++) {
          results.push(
            await page.evaluate(
              ([impl, feed, url]) => window.bench.measureRenders(impl as 'kit' | 'naive', feed as Feed, url),
              [impl, feed, `/streams/${burstSpec.name}.sse`] as const,
            ),
          );
        }
      }
    }
    console.log(
      `Stream: ${burstSpec.name}, ${rec!.meta.chunks.toLocaleString('en-US')} chunks, ${(rec!.meta.bytes / 1e6).toFixed(2)} MB, recorded from ` +
        'the real server. Page: Vite production build, React 19 profiling build, headless Chromium ' +
        `(${(await browser.version()) || 'unknown'}). Each read arrives in its own task (MessageChannel), as fast as the page takes it. ` +
        `Commits counted by <Profiler onRender>, frames by a requestAnimationFrame loop over the same window (send → two frames after the end). ` +
        `Median of ${REPEATS['reads-16k']} runs with 16 KB reads, ${REPEATS['chunk-per-read']} run with one frame per read.\n`,
    );
    const rows: (string | number)[][] = [];
    for (const feed of ['reads-16k', 'chunk-per-read'] as Feed[]) {
      for (const impl of ['kit', 'naive'] as const) {
        const rs = results.filter((r) => r.feed === feed && r.impl === impl);
        const m = (f: (r: RenderResult) => number) => median(rs.map(f));
        rows.push([
          impl === 'kit' ? 'useAgentRun (kit)' : 'naive: setState per chunk',
          feed === 'reads-16k' ? '16 KB reads' : 'one frame per read',
          m((r) => r.reads),
          m((r) => r.commits),
          m((r) => r.frames),
          fixed(
            m((r) => r.commits / Math.max(1, r.frames)),
            2,
          ),
          m((r) => r.maxCommitsInAFrame),
          fixed(
            m((r) => r.renderMs),
            0,
          ),
          fixed(
            m((r) => r.burstMs),
            0,
          ),
        ]);
      }
    }
    printTable(
      [
        'hook',
        'feed',
        'reads',
        'commits',
        'frames',
        'commits / frame',
        'most commits in one frame',
        'render ms (sum)',
        'burst ms',
      ],
      rows,
    );
    const kit = results.filter((r) => r.impl === 'kit');
    const worst = Math.max(...kit.map((r) => r.maxCommitsInAFrame));
    const text = new Set(results.map((r) => r.textLength));
    console.log(
      `\nTarget: at most one commit per animation frame during a burst: the kit's worst frame had ${worst} commit(s) ` +
        `(${worst <= 1 ? 'met' : 'MISSED'}). Rendered text length(s): ${[...text].join(', ')}.`,
    );
  } finally {
    await browser.close();
    await site.close();
  }
}
