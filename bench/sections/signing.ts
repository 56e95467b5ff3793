// Signed answers: what `answerGuard({ signingSecret })` costs a stream. With a secret the guard
// reads every SSE frame of an agent's reply, signs the suspensions in it and writes it out again;
// without one it passes the body as it is. Both are timed here on the same bytes: a reply of
// text deltas shaped as Mastra 1.71 streams them, ending on a question, read to its end.
import { signResponse, signValue } from '../../packages/server/src/signing.ts';
import { fixed, median, printTable } from '../lib/table.ts';

const SECRET = 'the benchmark signs with this secret of 40 chars';
const FRAMES = [1_000, 10_000];
const RUNS = 9;
// What a socket hands the server at a time, about.
const READ_BYTES = 16_384;

/** An agent's reply as SSE bytes: `deltas` text deltas, then the question it suspends on. */
function reply(deltas: number): Uint8Array {
  const runId = '5b0e3b52-7c8a-4a43-9d0b-4a4b1c7f3e21';
  const frames: string[] = [];
  for (let index = 0; index < deltas; index++) {
    const chunk = {
      type: 'text-delta',
      runId,
      from: 'AGENT',
      payload: { id: 'msg-1', text: `word${index} ` },
    };
    frames.push(`data: ${JSON.stringify(chunk)}\n\n`);
  }
  const suspended = {
    type: 'tool-call-suspended',
    runId,
    from: 'AGENT',
    payload: {
      toolCallId: 'call-1',
      toolName: 'ask_user',
      args: { question: 'Where would you like to go?' },
      suspendPayload: { question: 'Where would you like to go?', options: [] },
    },
  };
  frames.push(`data: ${JSON.stringify(suspended)}\n\n`, 'data: [DONE]\n\n');
  return new TextEncoder().encode(frames.join(''));
}

function responseOf(bytes: Uint8Array): Response {
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + READ_BYTES));
      offset += READ_BYTES;
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

async function readToEnd(response: Response): Promise<number> {
  const reader = response.body!.getReader();
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return bytes;
    bytes += value.byteLength;
  }
}

/** Milliseconds to read the reply through the guard, `RUNS` times (one warm-up first). */
async function timeReads(bytes: Uint8Array, secret: string | undefined): Promise<number[]> {
  const pass = async () => {
    const response = responseOf(bytes);
    const through =
      secret === undefined ? response : await signResponse(response, (value) => signValue(secret, value));
    return readToEnd(through);
  };
  await pass();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await pass();
    times.push(performance.now() - started);
  }
  return times;
}

export async function signingSection(): Promise<void> {
  console.log('\n## Signed answers: an agent reply through the guard, with and without `signingSecret`\n');
  console.log(
    `Each reply is text-delta frames then one question (tool-call-suspended), as SSE, read in ${READ_BYTES / 1024} KiB pieces; median of ${RUNS} runs.\n`,
  );
  const rows: (string | number)[][] = [];
  for (const frames of FRAMES) {
    const bytes = reply(frames);
    const plain = median(await timeReads(bytes, undefined));
    const signed = median(await timeReads(bytes, SECRET));
    const perSecond = (ms: number) => Math.round(((frames + 2) / ms) * 1000).toLocaleString('en');
    rows.push([
      frames.toLocaleString('en'),
      fixed(plain),
      perSecond(plain),
      fixed(signed),
      perSecond(signed),
      fixed(((signed - plain) / (frames + 2)) * 1000, 2),
    ]);
  }
  printTable(
    ['text deltas', 'no secret: ms', 'frames/s', 'secret: ms', 'frames/s', 'added µs per frame'],
    rows,
  );
}
