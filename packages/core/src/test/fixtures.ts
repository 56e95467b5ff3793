import { readdirSync, readFileSync } from 'node:fs';
import { decodeChunks } from '../decodeChunks.ts';
import type { AgentTransport, DecodeEvent, ResumeRequest, StreamRequest, SuspendedRun } from '../types.ts';

const dir = new URL('../fixtures/', import.meta.url);

/** The recorded `.sse` fixtures (see fixtures/README.md). */
export const sseFixtures = readdirSync(dir)
  .filter((f) => f.endsWith('.sse'))
  .sort();

/** A recorded fixture, byte for byte. */
export const fixtureBytes = (name: string): Uint8Array => new Uint8Array(readFileSync(new URL(name, dir)));
export const fixtureText = (name: string): string => readFileSync(new URL(name, dir), 'utf8');

/**
 * The chunks of a recording, parsed independently of the kit's decoder (split on blank lines,
 * JSON.parse every `data:` frame but `[DONE]`): the reference the decoder is checked against.
 */
export function referenceChunks(name: string): Record<string, unknown>[] {
  return fixtureText(name)
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: ') && frame !== 'data: [DONE]')
    .map((frame) => JSON.parse(frame.slice('data: '.length)) as Record<string, unknown>);
}

/** A byte stream delivering exactly these reads. */
export function streamOfReads(reads: Uint8Array[], onCancel?: () => void): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < reads.length) controller.enqueue(reads[i++]!);
      else controller.close();
    },
    cancel: () => onCancel?.(),
  });
}

/** Cuts bytes at the given offsets (sorted, deduplicated, inside the array). */
export function splitBytes(bytes: Uint8Array, offsets: number[]): Uint8Array[] {
  const cuts = [...new Set(offsets.filter((o) => o > 0 && o < bytes.length))].sort((a, b) => a - b);
  const parts: Uint8Array[] = [];
  let from = 0;
  for (const cut of cuts) {
    parts.push(bytes.subarray(from, cut));
    from = cut;
  }
  parts.push(bytes.subarray(from));
  return parts;
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

export const chunksOf = (events: DecodeEvent[]) =>
  events.map((e) => (e.kind === 'chunk' ? e.chunk : { issue: e.issue }));

/**
 * A transport that replays recorded responses (real Mastra bytes) in order and counts requests:
 * for store tests that need no server. Live behaviour is covered by the integration tests.
 */
export function replayTransport(script: {
  stream?: string[];
  resume?: string[];
  suspended?: SuspendedRun[];
}) {
  const streams = [...(script.stream ?? [])];
  const resumes = [...(script.resume ?? [])];
  const requests: { kind: 'stream' | 'resume' | 'list'; request: StreamRequest | ResumeRequest | object }[] =
    [];
  const next = (queue: string[], kind: string) => {
    const name = queue.shift();
    if (!name) throw new Error(`replayTransport: no recorded ${kind} response left`);
    // One read per frame pair, as a network would deliver bursts.
    const bytes = fixtureBytes(name);
    return decodeChunks(streamOfReads(splitBytes(bytes, [Math.floor(bytes.length / 2)])));
  };
  const transport: AgentTransport = {
    async stream(request) {
      requests.push({ kind: 'stream', request });
      return next(streams, 'stream');
    },
    async resume(request) {
      requests.push({ kind: 'resume', request });
      return next(resumes, 'resume');
    },
    async listSuspended(request) {
      requests.push({ kind: 'list', request });
      return { runs: script.suspended ?? [], issues: [] };
    },
  };
  return { transport, requests };
}
