import type { MastraChunk } from './types.ts';

/**
 * The chunk types whose payload nothing in the kit reads: the reducer takes a `finish` for its type
 * alone and passes over a `step-finish`, and so does `@mastra/react`'s `accumulateChunk` (the
 * mastra-react adapter). They are also the frames that grow with the conversation: both repeat its
 * messages, so a long answer or long tool arguments make them the largest frames of a stream.
 */
const PAYLOAD_UNREAD: ReadonlySet<string> = new Set(['step-finish', 'finish']);

/** How much of a frame's start is searched for its payload. */
const HEAD_LENGTH = 4096;

/**
 * The head of a frame whose payload the kit does not read, from the start of its data: the members
 * before its payload (Mastra writes `{"type":"finish","runId":"…","from":"AGENT","payload":{…}}`)
 * as a chunk; the rest is not read, nor checked. `undefined` when the frame is of another type, or
 * its start is not such members. The chunk keeps nothing of `start` alive (JSON.parse reads a copy
 * of at most 4 KiB of it).
 * @example
 * headChunk('{"type":"finish","runId":"r1","payload":{"messages":[…') // → { type: 'finish', runId: 'r1' }
 */
export function headChunk(start: string): MastraChunk | undefined {
  const end = start.slice(0, HEAD_LENGTH).indexOf(',"payload":');
  if (end < 0) return undefined;
  let head: { type?: unknown };
  try {
    head = JSON.parse(`${start.slice(0, end)}}`) as { type?: unknown };
  } catch {
    return undefined;
  }
  return typeof head.type === 'string' && PAYLOAD_UNREAD.has(head.type) ? (head as MastraChunk) : undefined;
}
