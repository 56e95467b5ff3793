import { canCollectGarbage, NEEDS_EXPOSE_GC, settledHeap } from '../lib/heap.ts';
import { loadCore } from '../lib/kit.ts';
import { fixed, printTable } from '../lib/table.ts';

type Core = NonNullable<Awaited<ReturnType<typeof loadCore>>>;

const MB = 1e6;
const READ = 64 * 1024;
const encoder = new TextEncoder();

/**
 * A body that hands out `total` bytes made by `bytesAt(offset, size)` in reads of `readSize`,
 * sampling the heap (no GC) after each read: the peak is what the decoder held at worst.
 */
function sampledBody(total: number, readSize: number, bytesAt: (offset: number, size: number) => Uint8Array) {
  let offset = 0;
  const stats = { peak: 0, reads: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        stats.peak = Math.max(stats.peak, process.memoryUsage().heapUsed);
        if (offset >= total) return controller.close();
        const size = Math.min(readSize, total - offset);
        controller.enqueue(bytesAt(offset, size));
        offset += size;
        stats.reads++;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, stats };
}

/** `count` frames of `size` bytes of malformed JSON (`data: {xxxx…`), each a fresh buffer. */
function malformedFrames(count: number, size: number) {
  const frame = encoder.encode(`data: {${'x'.repeat(size - 9)}\n\n`);
  return {
    total: frame.length * count,
    bytesAt: (offset: number, n: number) => slicedRepeat(frame, offset, n),
  };
}

/** Bytes [offset, offset + n) of `unit` repeated without end. */
function slicedRepeat(unit: Uint8Array, offset: number, n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n;) {
    const from = (offset + i) % unit.length;
    const take = Math.min(unit.length - from, n - i);
    out.set(unit.subarray(from, from + take), i);
    i += take;
  }
  return out;
}

/** Writes the part of `piece` (placed at `at` in the stream) that falls in `out` (placed at `offset`). */
function overlay(out: Uint8Array, offset: number, piece: Uint8Array, at: number) {
  for (let i = Math.max(at, offset); i < Math.min(at + piece.length, offset + out.length); i++)
    out[i - offset] = piece[i - at]!;
}

/** A `data:` line of `size` bytes of malformed JSON that ends with a blank line (`complete`), or never ends. */
function longLine(size: number, complete: boolean) {
  const head = encoder.encode('data: {"type":"text-delta","payload":{"text":"');
  const tail = encoder.encode(complete ? '\n\n' : '');
  const filler = encoder.encode('x'.repeat(READ));
  return {
    total: size,
    bytesAt: (offset: number, n: number) => {
      const out = slicedRepeat(filler, offset, n);
      overlay(out, offset, head, 0);
      overlay(out, offset, tail, size - tail.length);
      return out;
    },
  };
}

interface Case {
  name: string;
  total: number;
  bytesAt: (offset: number, n: number) => Uint8Array;
  options?: Record<string, number>;
  readSize?: number;
}

/** Streams a case through createRunStore over createFetchTransport; returns the heap figures and the snapshot's end. */
async function measure(core: Core, c: Case) {
  const before = settledHeap();
  const { stats, result } = await (async () => {
    const { body, stats } = sampledBody(c.total, c.readSize ?? READ, c.bytesAt);
    const transport = core.createFetchTransport({
      baseUrl: 'http://127.0.0.1:9',
      agentId: 'bench',
      fetch: async () =>
        new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
      ...c.options,
    });
    const store = core.createRunStore({ transport });
    const started = performance.now();
    await store.send('go');
    const ms = performance.now() - started;
    const snapshot = store.getSnapshot();
    const retained = settledHeap() - before;
    const excerpts = snapshot.issues.reduce((sum, issue) => sum + issue.excerpt.length, 0);
    return {
      stats,
      result: {
        ms,
        retained,
        excerpts,
        issues: snapshot.issues.length,
        status: snapshot.status,
        error: snapshot.error?.code ?? '',
      },
    };
  })();
  return { ...result, peak: stats.peak - before, reads: stats.reads };
}

/** Time to decode one long malformed frame in reads of `readSize` (the fastest of 3 runs). */
async function linearity(core: Core, size: number, readSize: number) {
  let best = Infinity;
  for (let run = 0; run < 3; run++) best = Math.min(best, await decodeTime(core, size, readSize));
  return best;
}

async function decodeTime(core: Core, size: number, readSize: number) {
  const { total, bytesAt } = longLine(size, true);
  const { body } = sampledBody(total, readSize, bytesAt);
  const started = performance.now();
  let events = 0;
  for await (const batch of core.decodeChunks(body, { maxFrameLength: 64 * MB })) events += batch.length;
  const ms = performance.now() - started;
  if (events !== 1) throw new Error(`expected one event, got ${events}`);
  return ms;
}

/** Section: frames too big or never ending, and what a stream's end leaves on the heap. */
export async function limitsSection(): Promise<void> {
  console.log('\n## Decoder limits and what a stream leaves behind\n');
  if (!canCollectGarbage()) {
    console.log(NEEDS_EXPOSE_GC);
    return;
  }
  const core = await loadCore();
  if (!core) {
    console.log('Skipped: @ask-user-kit/core has no entry yet.');
    return;
  }
  console.log(
    'Each stream is fed in 64 KB reads (fresh buffers, so nothing is shared with the source) to createRunStore over ' +
      'createFetchTransport. "peak" = heapUsed sampled after every read (no GC) minus the baseline; "retained" = heapUsed ' +
      'after forced full GCs with the store and its snapshot still alive, minus the baseline. Default options unless given.\n',
  );
  // Warm-up: code compiled on first use goes into the baseline.
  await measure(core, { name: 'warm-up', ...malformedFrames(4, 1024) });
  const big = { maxFrameLength: 64 * MB };
  const cases: Case[] = [
    { name: '50 malformed 1 MB frames', ...malformedFrames(50, MB) },
    { name: 'one 50 MB malformed line (complete)', ...longLine(50 * MB, true) },
    { name: 'one 50 MB malformed line, maxFrameLength 64 MB', ...longLine(50 * MB, true), options: big },
    { name: 'an unterminated 50 MB data: line', ...longLine(50 * MB, false) },
    {
      name: 'an unterminated 50 MB data: line, maxFrameLength 64 MB',
      ...longLine(50 * MB, false),
      options: big,
    },
    { name: 'an endless data: line (cut at 200 MB)', ...longLine(200 * MB, false) },
  ];
  const rows: (string | number)[][] = [];
  for (const c of cases) {
    const m = await measure(core, c);
    rows.push([
      c.name,
      fixed(m.peak / MB, 1),
      fixed(m.retained / MB, 2),
      `${m.issues} (${m.excerpts.toLocaleString('en-US')} chars)`,
      `${m.status}${m.error ? ` (${m.error})` : ''}`,
      `${fixed((m.reads * READ) / MB, 1)}`,
      fixed(m.ms, 0),
    ]);
  }
  printTable(['stream', 'peak MB', 'retained MB', 'issues (excerpts)', 'status', 'MB read', 'ms'], rows);

  console.log(
    '\nOne complete malformed frame of 8 MB, then 32 MB, decoded by decodeChunks (limit raised to 64 MB) in reads of each size: the fastest of 3 runs, and the ratio at 4n.\n',
  );
  const timing: (string | number)[][] = [];
  for (const readSize of [64, 1024, READ]) {
    const n = await linearity(core, 8 * MB, readSize);
    const n4 = await linearity(core, 32 * MB, readSize);
    timing.push([
      `${readSize.toLocaleString('en-US')} B reads`,
      fixed(n, 0),
      fixed(n4, 0),
      `${fixed(n4 / n, 2)}×`,
    ]);
  }
  printTable(['reads', '8 MB ms', '32 MB ms', 'ratio'], timing);
}
