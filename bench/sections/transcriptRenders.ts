// Section: React commits and rendered components per text delta and per question, in a chat of
// 10, 100 and 1,000 earlier entries. The chat (renders/chat.tsx) is bundled with esbuild and
// mounted in jsdom; the kit's real useAgentRun reads a scripted transport, one network read per
// push. Counts, not times: they do not depend on the machine.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { DecodeEvent } from '@ask-user-kit/core';
import { build } from 'esbuild';
import { loadCore } from '../lib/kit.ts';
import { fixed, printTable } from '../lib/table.ts';

const LENGTHS = [10, 100, 1_000];
const DELTAS = 20;
// Bounds on every wait: a poll every few milliseconds, for at most this long.
const WAIT_MS = 20_000;
const POLL_MS = 2;
// After the change is on screen, long enough for a late commit (a frame) to happen and be counted.
const SETTLE_MS = 40;

const here = path.dirname(fileURLToPath(import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, what: string) {
  const deadline = performance.now() + WAIT_MS;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`transcript renders: timed out waiting for ${what}`);
    await sleep(POLL_MS);
  }
}

/** What this section uses of jsdom (the root's dev dependency; it ships no types of its own). */
type Jsdom = new (
  html: string,
  options: { pretendToBeVisual: boolean },
) => { window: Window & typeof globalThis & { close(): void } };
// A specifier in a variable: TypeScript then does not look for jsdom's missing declarations.
const JSDOM_MODULE = 'jsdom';
const loadJsdom = async () => ((await import(JSDOM_MODULE)) as { JSDOM: Jsdom }).JSDOM;

type ChatModule = typeof import('../renders/chat.tsx');

/** The chat bundled for Node: the kit inlined, React and TanStack Query from the bench's own node_modules. */
async function loadChat(): Promise<{ chat: ChatModule; cleanup: () => void }> {
  // Inside the bench, so the bundle's bare imports resolve to the bench's React.
  const dir = path.join(here, '..', '.data');
  mkdirSync(dir, { recursive: true });
  const outfile = path.join(dir, `chat-${process.pid}.mjs`);
  await build({
    entryPoints: [path.join(here, '../renders/chat.tsx')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    jsx: 'automatic',
    outfile,
    external: ['react', 'react-dom', 'react/*', 'react-dom/*', '@tanstack/react-query'],
    logLevel: 'silent',
  });
  const chat = (await import(pathToFileURL(outfile).href)) as ChatModule;
  return { chat, cleanup: () => rmSync(outfile, { force: true }) };
}

const textChunk = (runId: string, text: string): DecodeEvent => ({
  kind: 'chunk',
  chunk: { type: 'text-delta', runId, from: 'AGENT', payload: { id: 'text-1', text } },
});

interface Counts {
  commitsPerDelta: number;
  componentsPerDelta: number;
  commitsPerQuestion: number;
  componentsPerQuestion: number;
}

async function measure(
  chat: ChatModule,
  kind: 'rows' | 'naive',
  earlier: number,
  question: DecodeEvent[],
): Promise<Counts> {
  const container = document.createElement('div');
  document.body.append(container);
  const handle = chat.mountChat(kind, container);
  const items = () => container.querySelectorAll('li');
  try {
    await until(() => handle.run() !== undefined, 'the chat to mount');
    // Earlier messages and replies: one send and one read of text each.
    for (let turn = 0; turn < earlier / 2; turn++) {
      const sent = handle.run().send(`Message ${turn}`);
      handle.script.push([textChunk(`run-${turn}`, `Reply ${turn}`)]);
      handle.script.end();
      await sent;
    }
    await until(() => items().length === earlier, `${earlier} earlier entries`);

    const sent = handle.run().send('Plan a trip');
    handle.script.push([textChunk('run-live', 'Let me')]);
    await until(() => items()[earlier + 1]?.textContent === 'Let me', 'the reply to start');
    await sleep(SETTLE_MS);
    handle.counts.commits = 0;
    handle.rendered.count = 0;
    let expected = 'Let me';
    for (let delta = 0; delta < DELTAS; delta++) {
      expected += ` w${delta}`;
      handle.script.push([textChunk('run-live', ` w${delta}`)]);
      await until(() => items()[earlier + 1]?.textContent === expected, `delta ${delta}`);
      await sleep(SETTLE_MS);
    }
    const afterDeltas = { commits: handle.counts.commits, components: handle.rendered.count };

    handle.counts.commits = 0;
    handle.rendered.count = 0;
    handle.script.push(question);
    handle.script.end();
    await sent;
    await until(() => items().length === earlier + 3, 'the question');
    await sleep(SETTLE_MS);
    return {
      commitsPerDelta: afterDeltas.commits / DELTAS,
      componentsPerDelta: afterDeltas.components / DELTAS,
      commitsPerQuestion: handle.counts.commits,
      componentsPerQuestion: handle.rendered.count,
    };
  } finally {
    handle.unmount();
    container.remove();
  }
}

/** Section: commits and rendered components per text delta and per question, by transcript length. */
export async function transcriptRendersSection(): Promise<void> {
  console.log('\n## Long conversations: React commits and rendered components\n');
  const core = await loadCore();
  if (!core) {
    console.log('Skipped: @ask-user-kit/core has no entry yet.');
    return;
  }
  const dom = new (await loadJsdom())('<!doctype html><html><body></body></html>', {
    pretendToBeVisual: true,
  });
  const globals = globalThis as Record<string, unknown>;
  const installed: string[] = [];
  for (const name of [
    'window',
    'document',
    'navigator',
    'requestAnimationFrame',
    'cancelAnimationFrame',
    'HTMLElement',
    'Node',
  ]) {
    if (name in globals && name !== 'navigator') continue;
    Object.defineProperty(globals, name, {
      value: name === 'window' ? dom.window : (dom.window as unknown as Record<string, unknown>)[name],
      configurable: true,
      writable: true,
    });
    installed.push(name);
  }
  globals.IS_REACT_ACT_ENVIRONMENT = false;
  const { chat, cleanup } = await loadChat();
  // A question arriving: the recorded tool-call and tool-call-suspended chunks of a real run.
  const fixture = readFileSync(path.join(here, '../../packages/core/src/fixtures/single.stream.sse'), 'utf8');
  const question = core
    .decodeText(fixture)
    .filter((event) => event.kind === 'chunk' && event.chunk.type.startsWith('tool-call'));
  const rows: (string | number)[][] = [];
  try {
    for (const kind of ['rows', 'naive'] as const) {
      for (const earlier of LENGTHS) {
        const counts = await measure(chat, kind, earlier, question);
        rows.push([
          kind === 'rows' ? 'per-entry rows (useTranscriptEntry, memo)' : 'naive (host maps run.transcript)',
          earlier.toLocaleString('en-US'),
          fixed(counts.commitsPerDelta, 2),
          fixed(counts.componentsPerDelta, 2),
          counts.commitsPerQuestion,
          counts.componentsPerQuestion,
        ]);
      }
    }
  } finally {
    cleanup();
    // React's scheduler may still run a task that reads `window`: let it, then take the DOM away.
    await sleep(200);
    for (const name of installed) delete globals[name];
    dom.window.close();
  }
  printTable(
    [
      'chat',
      'earlier entries',
      'commits per text delta',
      'components rendered per text delta',
      'commits per question',
      'components rendered per question',
    ],
    rows,
  );
  console.log(
    '\njsdom (pretendToBeVisual: requestAnimationFrame at 60 Hz), React 19 development build (counts are the same as in production). ' +
      `Each of ${DELTAS} text deltas is its own network read, pushed once the previous one is on screen; ` +
      'components rendered = every function component body run (host and rows), counted in the component; commits by <Profiler onRender>. ' +
      'Target: constant in the transcript length.',
  );
}
