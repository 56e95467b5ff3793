import {
  clientJsDecoder,
  eventsourceParserDecoder,
  eventsourceParserStreamDecoder,
  floorDecoder,
  type Decoder,
} from '../lib/decoders.ts';
import { feed, READ_SIZES } from '../lib/feed.ts';
import { kitDecodeOnly, kitDecodeReduce, kitStore, loadCore } from '../lib/kit.ts';
import { loadRecordings, type Recording } from '../lib/recordings.ts';
import { throughputSpecs } from '../lib/streams.ts';
import { fixed, median, printTable } from '../lib/table.ts';
import { timeOnce } from '../lib/time.ts';

interface Method {
  id: string;
  label: string;
  decoder: Decoder;
  /** Only at this read size (the peer is slow: one read size is enough to place it). */
  onlyReadSize?: number;
  /** Per-run limit. */
  timeoutMs?: number;
}

const REPS = { warmup: 2, min: 5, max: 15, budgetMs: 3_000 };
/** A timed sample decodes at least this many bytes (a short stream is decoded several times in a row), so JIT tiering and timer noise do not dominate. */
const SAMPLE_BYTES = 4_000_000;
const PEER_TIMEOUT_MS = 120_000;
const PEER_READ_SIZE = 64 * 1024;

/** Section 2: MB/s of the kit, the floor, eventsource-parser and client-js on the same recorded bytes. */
export async function throughputSection(options: { quick?: boolean } = {}): Promise<void> {
  console.log('\n## Stream throughput\n');
  const specs = throughputSpecs().filter((s) => !options.quick || s.deltas <= 2_500);
  const recordings = await loadRecordings(specs, { log: (s) => console.log(`(${s})`) });
  describeRecordings(recordings);

  const core = await loadCore();
  let peerErrors = 0;
  const methods: Method[] = [
    { id: 'floor', label: 'floor', decoder: floorDecoder },
    { id: 'esp', label: 'eventsource-parser', decoder: eventsourceParserDecoder },
    { id: 'espStream', label: 'EventSourceParserStream', decoder: eventsourceParserStreamDecoder },
  ];
  if (core) {
    methods.push(
      { id: 'kitDecode', label: 'kit decode', decoder: kitDecodeOnly(core) },
      { id: 'kit', label: 'kit decode+reduce', decoder: kitDecodeReduce(core) },
      { id: 'kitStore', label: 'kit store', decoder: kitStore(core) },
    );
  } else {
    console.log(
      'The kit (@ask-user-kit/core) has no entry yet: only the floor and the peers are measured.\n',
    );
  }
  methods.push({
    id: 'clientjs',
    label: 'client-js',
    decoder: clientJsDecoder({ onConsoleError: () => peerErrors++ }),
    onlyReadSize: PEER_READ_SIZE,
    timeoutMs: PEER_TIMEOUT_MS,
  });

  // times[readSize][recording][method] = CPU ms of each run; wall[...] the wall-clock ms.
  const times = new Map<number, Map<string, Map<string, number[]>>>();
  const walls = new Map<number, Map<string, Map<string, number[]>>>();
  for (const { size } of READ_SIZES) {
    const perRec = new Map<string, Map<string, number[]>>();
    const wallPerRec = new Map<string, Map<string, number[]>>();
    times.set(size, perRec);
    walls.set(size, wallPerRec);
    for (const rec of recordings) {
      const perMethod = new Map<string, number[]>();
      const wallPerMethod = new Map<string, number[]>();
      perRec.set(rec.spec.name, perMethod);
      wallPerRec.set(rec.spec.name, wallPerMethod);
      const active = methods.filter((m) => m.onlyReadSize === undefined || m.onlyReadSize === size);
      // Interleaved: each rep runs every method once, so drift in machine load hits all alike.
      const started = performance.now();
      let lastPeer = 0;
      const repeat = Math.max(1, Math.round(SAMPLE_BYTES / rec.bytes.length));
      process.stderr.write(
        `(throughput: ${rec.spec.name}, ${READ_SIZES.find((r) => r.size === size)!.label}, ${repeat} decode(s) per sample)\n`,
      );
      for (let rep = 0; rep < REPS.warmup + REPS.max; rep++) {
        if (rep >= REPS.warmup + REPS.min && performance.now() - started > REPS.budgetMs) break;
        for (const m of active) {
          const runs = perMethod.get(m.id) ?? [];
          const wallRuns = wallPerMethod.get(m.id) ?? [];
          perMethod.set(m.id, runs);
          wallPerMethod.set(m.id, wallRuns);
          // The peer takes seconds on long streams: once a run passed 5 s, one timed run is enough.
          if (m.id === 'clientjs' && rep > 0 && lastPeer > 5_000) continue;
          const sample = await timeOnce(async () => {
            let seen: number | undefined;
            for (let i = 0; i < repeat; i++) seen = await m.decoder(feed(rec.bytes, size));
            return seen;
          }, m.timeoutMs);
          const { value } = sample;
          const [cpu, wall] = [sample.cpu / repeat, sample.wall / repeat];
          if (m.id === 'clientjs') lastPeer = Math.max(lastPeer, wall);
          if (Number.isFinite(wall) && typeof value === 'number' && value >= 0 && value !== rec.meta.chunks) {
            throw new Error(
              `${m.label} saw ${value} chunks in ${rec.spec.name}, the recording has ${rec.meta.chunks}`,
            );
          }
          // Warm-up samples are not counted, unless it was a peer run too slow to repeat.
          if (rep >= REPS.warmup || !Number.isFinite(wall) || (m.id === 'clientjs' && wall > 5_000)) {
            runs.push(cpu);
            wallRuns.push(wall);
          }
        }
      }
    }
  }

  for (const { label, size } of READ_SIZES)
    printThroughput(
      `${label}: MB/s of CPU time`,
      size,
      times.get(size)!,
      recordings,
      methods,
      core !== undefined,
    );
  printThroughput(
    '64 KB reads: MB/s of wall-clock time',
    PEER_READ_SIZE,
    walls.get(PEER_READ_SIZE)!,
    recordings,
    methods,
    core !== undefined,
  );
  console.log(
    `\nclient-js wrote ${peerErrors} console.error line(s) during its runs (silenced while timed).` +
      '\nColumns: floor = TextDecoder + split on blank lines + JSON.parse; eventsource-parser = createParser().feed + JSON.parse; ' +
      'EventSourceParserStream = TextDecoderStream → EventSourceParserStream + JSON.parse; kit decode = decodeChunks; ' +
      'kit decode+reduce = decodeChunks + reduceRun per batch; kit store = createRunStore over createFetchTransport (send → end); ' +
      'client-js = MastraClient({ fetch }).getAgent().stream() + processDataStream, fed the same bytes. ' +
      'CPU time = user + system of the node process (all threads, GC included): other processes on the machine do not count.',
  );
  if (core) {
    summarize('CPU time', recordings, times);
    summarize('wall-clock', recordings, walls);
  }
}

type Runs = Map<string, Map<string, number[]>>;

function printThroughput(
  title: string,
  size: number,
  perRec: Runs,
  recordings: Recording[],
  methods: Method[],
  hasKit: boolean,
): void {
  const mbps = (bytes: number, ms: number | undefined) =>
    ms === undefined ? NaN : bytes / 1e6 / (ms / 1000);
  const ratio = (a: number | undefined, b: number | undefined) =>
    a === undefined || b === undefined
      ? '–'
      : !Number.isFinite(a)
        ? `>${fixed(PEER_TIMEOUT_MS / b, 0)}×`
        : `${fixed(a / b, 2)}×`;
  const active = methods.filter((m) => m.onlyReadSize === undefined || m.onlyReadSize === size);
  const peer = active.some((m) => m.id === 'clientjs');
  console.log(`\n### ${title} (medians); ratios of median times\n`);
  const head = ['stream', 'MB', 'chunks', ...active.map((m) => m.label)];
  if (hasKit) head.push('kit ÷ floor', 'kit ÷ eventsource-parser', 'store ÷ floor');
  if (peer && hasKit) head.push('client-js ÷ kit store');
  const rows = recordings.map((rec) => {
    const med = (id: string) => {
      const runs = perRec.get(rec.spec.name)!.get(id);
      return runs?.length ? median(runs) : undefined;
    };
    const row: (string | number)[] = [
      rec.spec.name,
      fixed(rec.meta.bytes / 1e6, 2),
      rec.meta.chunks,
      ...active.map((m) => {
        const ms = med(m.id);
        return ms !== undefined && !Number.isFinite(ms)
          ? `<${fixed(mbps(rec.meta.bytes, PEER_TIMEOUT_MS), 2)}`
          : fixed(mbps(rec.meta.bytes, ms), 1);
      }),
    ];
    if (hasKit)
      row.push(
        ratio(med('kit'), med('floor')),
        ratio(med('kit'), med('esp')),
        ratio(med('kitStore'), med('floor')),
      );
    if (peer && hasKit) row.push(ratio(med('clientjs'), med('kitStore')));
    return row;
  });
  printTable(head, rows);
  const counts = recordings.map((r) => perRec.get(r.spec.name)!.get('floor')?.length ?? 0);
  const peerRuns = recordings.map((r) => perRec.get(r.spec.name)!.get('clientjs')?.length ?? 0);
  console.log(
    `\nTimed samples per cell, by stream: ${counts.join(', ')} (after ${REPS.warmup} warm-up samples; a sample decodes ` +
      `the stream ${SAMPLE_BYTES / 1e6} MB ÷ its size times, at least once)` +
      (peer ? `; client-js: ${peerRuns.join(', ')} (no more once one passed 5 s)` : '') +
      '.',
  );
}

function describeRecordings(recordings: Recording[]): void {
  const first = recordings[0]!.meta;
  console.log(
    `Streams: ${first.how.replace(/\d+ steps each calling/, 'N steps each calling').replace(/\d+ text deltas/, 'M text deltas')}.`,
  );
  console.log(
    `Server: ${Object.entries(first.versions)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}; recorded ${first.recordedAt.slice(0, 10)}.\n`,
  );
  printTable(
    ['stream', 'bytes', 'chunks', 'text-delta', 'tool-call', 'largest step-finish (bytes)'],
    recordings.map((r) => [
      r.spec.name,
      r.meta.bytes.toLocaleString('en-US'),
      r.meta.chunks,
      r.meta.types['text-delta']?.count ?? 0,
      r.meta.types['tool-call']?.count ?? 0,
      (r.meta.types['step-finish']?.maxBytes ?? 0).toLocaleString('en-US'),
    ]),
  );
}

function summarize(kind: string, recordings: Recording[], times: Map<number, Runs>): void {
  let worstFloor = 0;
  let worstFloorAt = '';
  let worstBest = 0;
  let worstBestAt = '';
  let worstPeer = Infinity;
  let worstPeerAt = '';
  for (const { label, size } of READ_SIZES) {
    for (const rec of recordings) {
      if (!times.has(size)) continue;
      const m = times.get(size)!.get(rec.spec.name)!;
      const med = (id: string) => median(m.get(id) ?? []);
      const f = med('kit') / med('floor');
      if (f > worstFloor) [worstFloor, worstFloorAt] = [f, `${rec.spec.name}, ${label}`];
      const b = med('kit') / Math.min(med('floor'), med('esp'));
      if (b > worstBest) [worstBest, worstBestAt] = [b, `${rec.spec.name}, ${label}`];
      if (m.get('clientjs')?.length) {
        const p = med('clientjs') / med('kitStore');
        if (p < worstPeer) [worstPeer, worstPeerAt] = [p, `${rec.spec.name}, ${label}`];
      }
    }
  }
  console.log(
    `\nTargets (${kind}): kit decode+reduce within 1.5× of the floor at every length and read size: worst ${fixed(worstFloor, 2)}× ` +
      `(${worstFloorAt}), ${worstFloor <= 1.5 ? 'met' : 'MISSED'}; against the faster of floor and eventsource-parser ` +
      `per cell: worst ${fixed(worstBest, 2)}× (${worstBestAt}). ` +
      `Kit ≥ 3× faster than client-js: slowest margin ${Number.isFinite(worstPeer) ? fixed(worstPeer, 1) : '>' + PEER_TIMEOUT_MS / 1000 + ' s'}× ` +
      `(${worstPeerAt}), ${worstPeer >= 3 ? 'met' : 'MISSED'}.`,
  );
}
