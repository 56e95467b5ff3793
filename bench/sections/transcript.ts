import { readFileSync } from 'node:fs';
import { loadCore } from '../lib/kit.ts';
import { fixed, median, printTable } from '../lib/table.ts';
import { collect } from '../lib/time.ts';

type Core = NonNullable<Awaited<ReturnType<typeof loadCore>>>;
type Snapshot = ReturnType<Core['reduceRun']>;
type Events = Parameters<Core['reduceRun']>[1] & { type: 'events' };

/** Earlier entries in the conversation: the cost of a batch must not grow with them. */
const LENGTHS = [10, 100, 1_000, 10_000];
/** Batches timed per sample, and samples per cell (the median counts). */
const BATCHES = 2_000;
const SAMPLES = 9;

const fixture = (name: string) =>
  readFileSync(new URL(`../../packages/core/src/fixtures/${name}`, import.meta.url), 'utf8');

/** A conversation of `length` entries, built by the reducer: sends, each with one reply. */
function conversation(core: Core, length: number): Snapshot {
  let s = core.initialRunSnapshot;
  for (let i = 0; s.transcript.length < length; i++) {
    s = core.reduceRun(s, { type: 'send', id: `m${i}`, text: `Message ${i}` });
    const chunk = { type: 'text-delta', runId: `run-${i}`, payload: { id: 't', text: `Reply ${i}` } };
    s = core.reduceRun(s, { type: 'events', events: [{ kind: 'chunk', chunk }] });
    s = core.reduceRun(s, { type: 'stream-end' });
  }
  return s;
}

/** µs per batch, wall clock and CPU: `BATCHES` batches applied in turn to `from` (each from the last). */
function perBatch(core: Core, from: Snapshot, batch: Events, chained = true): { wall: number; cpu: number } {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let sample = 0; sample < SAMPLES + 1; sample++) {
    collect();
    const cpu = process.cpuUsage();
    const started = performance.now();
    let s = from;
    for (let i = 0; i < BATCHES; i++) s = core.reduceRun(chained ? s : from, batch);
    const elapsed = performance.now() - started;
    const { user, system } = process.cpuUsage(cpu);
    // The first sample warms the JIT up.
    if (sample === 0) continue;
    walls.push((elapsed * 1000) / BATCHES);
    cpus.push((user + system) / BATCHES);
  }
  return { wall: median(walls), cpu: median(cpus) };
}

/** Section: reduce time per batch with 10 to 10,000 earlier entries. */
export async function transcriptSection(): Promise<void> {
  console.log('\n## Long conversations: reduce time per batch\n');
  const core = await loadCore();
  if (!core) {
    console.log('Skipped: @ask-user-kit/core has no entry yet.');
    return;
  }
  // A network read of a reply: 80 deltas of 5 characters (a 16 KB read of the chat-* streams).
  const deltas: Events = {
    type: 'events',
    events: Array.from({ length: 80 }, () => ({
      kind: 'chunk' as const,
      chunk: { type: 'text-delta', runId: 'live', payload: { id: 't', text: 'abcde' } },
    })),
  };
  // A question arriving: the recorded tool-call and tool-call-suspended chunks of a real run.
  const question: Events = {
    type: 'events',
    events: core
      .decodeText(fixture('single.stream.sse'))
      .filter((event) => event.kind === 'chunk' && event.chunk.type.startsWith('tool-call')),
  };
  const cells = (length: number) => {
    const before = conversation(core, length);
    // A reply under way, then 2,000 more reads of it.
    const streaming = core.reduceRun(
      core.reduceRun(before, { type: 'send', id: 'live', text: 'Go' }),
      deltas,
    );
    const asking = core.reduceRun(before, { type: 'send', id: 'ask', text: 'Ask me' });
    // The same question applied again is known: time the first asking of it, from the same snapshot.
    return { text: perBatch(core, streaming, deltas), ask: perBatch(core, asking, question, false) };
  };
  // A whole pass first, untimed: the first length timed must not pay for the JIT.
  for (const length of LENGTHS) cells(length);
  const rows: (string | number)[][] = [];
  for (const length of LENGTHS) {
    const { text, ask } = cells(length);
    rows.push([
      length.toLocaleString('en-US'),
      fixed(text.wall, 2),
      fixed(text.cpu, 2),
      fixed(ask.wall, 2),
      fixed(ask.cpu, 2),
    ]);
  }
  printTable(
    [
      'earlier entries',
      'µs per read of 80 text deltas',
      'CPU µs, same',
      'µs per read with a question',
      'CPU µs, same',
    ],
    rows,
  );
  console.log(
    `\nMedian of ${SAMPLES} samples of ${BATCHES.toLocaleString('en-US')} batches each, after a warm-up sample and ` +
      'an untimed pass over every length; CPU time is user + system of the process (less moved by load). ' +
      'The conversation is built by reduceRun itself (a send and a reply per two entries). Target: flat ' +
      '(at most 1.5× between 10 and 10,000 entries). The transcript is a list of 32-entry chunks: a batch ' +
      'copies the chunk it changes and the list of chunks (one reference per 32 entries), and the ' +
      "snapshot's transcript array is built only when read.",
  );
  await historySection(core);
}

// withHistory is not public (createHistoryObserver applies it): timed from its source.
type WithHistory = typeof import('../../packages/core/src/history.ts').withHistory;
type TranscriptEntry = Snapshot['transcript'][number];

/** Questions in the conversation when its history is read back: the cost must grow with them, no faster. */
const QUESTIONS = [100, 1_000, 10_000, 40_000];

/**
 * A conversation of `count` answered questions as this client saw it (keyed by run), and as
 * memory gives it back (`historyEntries`: keyed by message, a user message before each).
 */
function answeredConversation(core: Core, count: number) {
  const known: TranscriptEntry[] = [];
  const history: TranscriptEntry[] = [];
  for (let i = 0; i < count; i++) {
    const call = {
      toolCallId: `call_${i}`,
      toolName: 'ask_user',
      suspendPayload: { question: `Question ${i}?` },
    };
    const prompt = core.parsePrompt({ ...call, runId: `run-${i}` });
    known.push({ type: 'prompt', id: prompt.key, prompt, state: 'answered', answer: `${i}` });
    const key = core.promptKey(`history:message-${i}`, call.toolCallId);
    const stored = core.parsePrompt({ ...call, runId: 'history' }, key);
    history.push({ type: 'user', id: `user-${i}`, text: `Message ${i}` });
    history.push({ type: 'prompt', id: key, prompt: stored, state: 'answered', answer: `${i}` });
  }
  return { snapshot: { ...core.initialRunSnapshot, status: 'done' as const, transcript: known }, history };
}

/** Table: `withHistory` time for a history of 100 to 40,000 questions the snapshot knows. */
async function historySection(core: Core): Promise<void> {
  const loaded = await import('../../packages/core/src/history.ts').then(
    (m) => m.withHistory as WithHistory,
    () => undefined,
  );
  console.log('\n### Reading a history back: withHistory\n');
  if (!loaded) {
    console.log('Skipped: @ask-user-kit/core has no history entry yet.');
    return;
  }
  const rows: (string | number)[][] = [];
  for (const count of QUESTIONS) {
    const { snapshot, history } = answeredConversation(core, count);
    const times: number[] = [];
    for (let sample = 0; sample < SAMPLES + 1; sample++) {
      collect();
      const started = performance.now();
      loaded(snapshot, history);
      // The first sample warms the JIT up.
      if (sample > 0) times.push(performance.now() - started);
    }
    const ms = median(times);
    rows.push([count.toLocaleString('en-US'), fixed(ms, 2), fixed((ms * 1000) / count, 2)]);
  }
  printTable(['questions', 'ms per withHistory', 'µs per question'], rows);
  console.log(
    `\nMedian of ${SAMPLES} calls after a warm-up one. Each question of the history is paired with the ` +
      "snapshot's entry for it through maps, a fixed number of steps per question (history.test.ts counts " +
      'the reads); the time per question still rises past 1,000 questions, as plain Map operations on as ' +
      'many keys do (cache misses). Pairing by searching the snapshot took 3.2 ms for 1,000 questions and ' +
      '103 ms for 4,000 (2026-12-04).',
  );
}
