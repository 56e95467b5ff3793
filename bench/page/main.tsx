// The benchmark page: built with Vite (production React, profiling build for <Profiler>), driven
// by Playwright from bench/sections/browser.ts through window.bench.
import { AskUserPrompt, useAgentRun, type AgentRun } from '@ask-user-kit/react';
import '@ask-user-kit/react/styles.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Profiler, useEffect, useState, type ProfilerOnRenderCallback } from 'react';
import { createRoot, type Root } from 'react-dom/client';

const macrotask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });
const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

// ---------------------------------------------------------------- renders

export type Feed = 'reads-16k' | 'chunk-per-read';

/** Cuts recorded bytes as they would arrive: 16 KB network reads, or one SSE frame per read. */
function slicesOf(bytes: Uint8Array, feed: Feed): Uint8Array[] {
  const out: Uint8Array[] = [];
  if (feed === 'reads-16k') {
    for (let i = 0; i < bytes.length; i += 16 * 1024) out.push(bytes.subarray(i, i + 16 * 1024));
    return out;
  }
  let start = 0;
  for (let i = 1; i < bytes.length; i++) {
    if (bytes[i] === 10 && bytes[i - 1] === 10) {
      out.push(bytes.subarray(start, i + 1));
      start = i + 1;
    }
  }
  if (start < bytes.length) out.push(bytes.subarray(start));
  return out;
}

/** A `fetch` answering with recorded bytes, each read arriving in its own task, as from a socket. */
function recordedFetch(slices: Uint8Array[]): typeof fetch {
  return async () => {
    let i = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          await macrotask();
          if (i < slices.length) controller.enqueue(slices[i++]!);
          else controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
}

interface Runner {
  send(text: string): Promise<void>;
}

function KitRun({ fetchImpl, expose }: { fetchImpl: typeof fetch; expose: (r: Runner) => void }) {
  const run = useAgentRun({ agentId: 'bench', baseUrl: '', fetch: fetchImpl, restore: false });
  useEffect(() => expose({ send: run.send }), [run.send, expose]);
  return (
    <article>
      <p>{run.status}</p>
      <p>{run.text}</p>
    </article>
  );
}

/** The naive hook: its own SSE loop and one setState per chunk, as hand-written chat hooks do. */
function useNaiveRun(fetchImpl: typeof fetch) {
  const [state, setState] = useState({ status: 'idle', text: '', chunks: 0 });
  const send = async (_text: string) => {
    setState((s) => ({ ...s, status: 'streaming' }));
    const response = await fetchImpl('/api/agents/bench/stream', { method: 'POST' });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const frames = buffer.split('\n\n');
      buffer = frames.pop() ?? '';
      for (const frame of frames) {
        if (!frame.startsWith('data: ') || frame === 'data: [DONE]') continue;
        const chunk = JSON.parse(frame.slice(6)) as { type: string; payload?: { text?: string } };
        setState((s) => ({
          ...s,
          chunks: s.chunks + 1,
          text: chunk.type === 'text-delta' ? s.text + (chunk.payload?.text ?? '') : s.text,
        }));
      }
    }
    setState((s) => ({ ...s, status: 'done' }));
  };
  return { ...state, send };
}

function NaiveRun({ fetchImpl, expose }: { fetchImpl: typeof fetch; expose: (r: Runner) => void }) {
  const run = useNaiveRun(fetchImpl);
  useEffect(() => expose({ send: run.send }));
  return (
    <article>
      <p>{run.status}</p>
      <p>{run.text}</p>
    </article>
  );
}

export interface RenderResult {
  impl: string;
  feed: Feed;
  reads: number;
  commits: number;
  frames: number;
  maxCommitsInAFrame: number;
  framesWithMoreThanOneCommit: number;
  renderMs: number;
  burstMs: number;
  textLength: number;
}

async function measureRenders(impl: 'kit' | 'naive', feed: Feed, url: string): Promise<RenderResult> {
  const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
  const slices = slicesOf(bytes, feed);
  const fetchImpl = recordedFetch(slices);
  const container = document.createElement('div');
  document.body.append(container);
  const root: Root = createRoot(container);
  let measuring = false;
  let frame = 0;
  let commits = 0;
  let renderMs = 0;
  const perFrame = new Map<number, number>();
  const onRender: ProfilerOnRenderCallback = (_id, _phase, actualDuration) => {
    if (!measuring) return;
    commits++;
    renderMs += actualDuration;
    perFrame.set(frame, (perFrame.get(frame) ?? 0) + 1);
  };
  let runner: Runner | undefined;
  const ready = new Promise<void>((resolve) => {
    const expose = (r: Runner) => {
      runner = r;
      resolve();
    };
    const Run = impl === 'kit' ? KitRun : NaiveRun;
    root.render(
      <QueryClientProvider client={new QueryClient()}>
        <Profiler id="run" onRender={onRender}>
          <Run fetchImpl={fetchImpl} expose={expose} />
        </Profiler>
      </QueryClientProvider>,
    );
  });
  await ready;
  await nextFrame();
  await nextFrame();
  let counting = true;
  const countFrames = () => {
    if (!counting) return;
    frame++;
    requestAnimationFrame(countFrames);
  };
  measuring = true;
  const started = performance.now();
  requestAnimationFrame(countFrames);
  await runner!.send('Plan a three-day trip.');
  // Let the last update commit and paint, then stop counting.
  await nextFrame();
  await nextFrame();
  const burstMs = performance.now() - started;
  measuring = false;
  counting = false;
  const textLength = container.querySelectorAll('p')[1]?.textContent?.length ?? 0;
  root.unmount();
  container.remove();
  const counts = [...perFrame.values()];
  return {
    impl,
    feed,
    reads: slices.length,
    commits,
    frames: frame,
    maxCommitsInAFrame: Math.max(0, ...counts),
    framesWithMoreThanOneCommit: counts.filter((c) => c > 1).length,
    renderMs,
    burstMs,
    textLength,
  };
}

// ---------------------------------------------------------------- latency

export interface LatencyMarks {
  /** Bytes holding `tool-call-suspended` reached the page (first read that has them). */
  arrived?: number;
  /** The floor: the next animation frame after arrival, with no work done (waiting for the display's next frame). */
  floorFrame?: number;
  /** The question's form was put in the DOM (React commit). */
  committed?: number;
  /** The next animation frame after the commit (the frame that paints it). */
  frame?: number;
  /** A task queued from that frame: runs once the frame is painted. */
  afterPaint?: number;
  /** The submit button's click (the event's own timestamp). */
  clicked?: number;
  /** The kit called fetch for resume-stream. */
  resumeFetch?: number;
  /** Resource Timing: the browser started sending the resume-stream request. */
  resumeRequestStart?: number;
}

let marks: LatencyMarks = {};

const latencyFetch: typeof fetch = async (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  if (url.includes('/resume-stream')) marks.resumeFetch = performance.now();
  const response = await fetch(input, init);
  if (!response.body || !/\/(resume-)?stream$/.test(new URL(url, location.href).pathname)) return response;
  const decoder = new TextDecoder();
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (
          marks.arrived === undefined &&
          decoder.decode(chunk, { stream: true }).includes('"tool-call-suspended"')
        ) {
          marks.arrived = performance.now();
          requestAnimationFrame(() => (marks.floorFrame = performance.now()));
        }
        controller.enqueue(chunk);
      },
    }),
  );
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
};

let latencyRun: AgentRun | undefined;

function LatencyApp() {
  const run = useAgentRun({ agentId: 'quick', baseUrl: '', fetch: latencyFetch, restore: false });
  // The benchmark drives the run from outside React: it keeps the latest one.
  // eslint-disable-next-line react-hooks/globals -- the page exposes the run to the benchmark on purpose
  latencyRun = run;
  return (
    <main>
      <p data-testid="status">{run.status}</p>
      {run.openPrompts.map((prompt) => (
        <AskUserPrompt key={prompt.key} run={run} prompt={prompt} />
      ))}
    </main>
  );
}

function mountLatency() {
  const container = document.createElement('div');
  document.body.append(container);
  createRoot(container).render(
    <QueryClientProvider client={new QueryClient()}>
      <LatencyApp />
    </QueryClientProvider>,
  );
  new MutationObserver(() => {
    if (marks.committed !== undefined || marks.arrived === undefined) return;
    if (!container.querySelector('main form')) return;
    marks.committed = performance.now();
    requestAnimationFrame(() => {
      marks.frame = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (marks.afterPaint = performance.now());
      channel.port2.postMessage(0);
    });
  }).observe(container, { childList: true, subtree: true });
  document.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element | null)?.closest?.('button[type="submit"]'))
        marks.clicked = event.timeStamp;
    },
    { capture: true },
  );
}

const bench = {
  measureRenders,
  mountLatency,
  /** Starts a latency run: a new conversation, one message. */
  async startLatencyRun() {
    marks = {};
    performance.clearResourceTimings();
    latencyRun!.reset();
    await nextFrame();
    void latencyRun!.send('Plan a trip.');
  },
  latencyMarks(): LatencyMarks {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const resume = entries.filter((e) => e.name.includes('/resume-stream')).at(-1);
    return {
      ...marks,
      resumeRequestStart: resume && resume.requestStart > 0 ? resume.requestStart : undefined,
    };
  },
  status: () => latencyRun?.status,
};

declare global {
  interface Window {
    bench: typeof bench;
  }
}
window.bench = bench;
