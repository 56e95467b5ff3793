import { excerptOf } from './excerpt.ts';
import { quote } from './quote.ts';
import type { DecodeIssue, MastraChunk } from './types.ts';

type Loose = { [key: string]: unknown };
type Envelope<T extends string, P, R = string | undefined> = Loose & { type: T; runId: R; payload: P };
type ToolPayload = Loose & { toolCallId: string; toolName: string; args?: unknown };

/** A chunk of a modelled type, with the fields the reducer reads checked. Other fields pass through. */
export type KnownChunk =
  | Envelope<'start' | 'step-start' | 'step-finish' | 'text-start' | 'text-end' | 'finish' | 'abort', unknown>
  | Envelope<'text-delta', Loose & { text: string }>
  | Envelope<'tool-call', ToolPayload>
  | Envelope<'tool-call-suspended', ToolPayload & { suspendPayload: unknown }, string>
  | Envelope<'tool-call-approval', ToolPayload, string>
  | Envelope<
      'tool-result',
      Loose & { toolCallId: string; toolName?: string; result?: unknown; isError?: boolean }
    >
  | Envelope<'tool-error', Loose & { toolCallId: string; toolName?: string; error?: unknown }>
  | Envelope<'error', Loose & { error?: unknown }>;
/** The chunk types the kit models. */
export type KnownChunkType = KnownChunk['type'];
/** A chunk of a type the kit does not model: kept as data, never an error. */
export interface UnknownChunk {
  type: 'unknown';
  chunk: MastraChunk;
}

/** What `parseChunk` gives: a checked chunk, an unknown one passed through, or the issue with it. */
export type ParsedChunk = { ok: true; chunk: KnownChunk | UnknownChunk } | { ok: false; issue: DecodeIssue };

// The modelled types, 1 when the reducer reads the payload. Only the payload fields it reads are
// checked, by typeof, so a huge `step-finish` costs one lookup, not a deep walk.
const types: Record<KnownChunkType, 0 | 1> = {
  start: 0,
  'step-start': 0,
  'step-finish': 0,
  'text-start': 0,
  'text-end': 0,
  finish: 0,
  abort: 0,
  'text-delta': 1,
  'tool-call': 1,
  'tool-call-suspended': 1,
  'tool-call-approval': 1,
  'tool-result': 1,
  'tool-error': 1,
  error: 1,
};

/**
 * Checks the fields the reducer reads of a decoded chunk. Unknown types pass through as
 * `{ type: 'unknown', chunk }`; a known type with a malformed payload gives an issue. Never throws.
 * @example
 * parseChunk({ type: 'text-delta', payload: { text: 42 } })
 * // → { ok: false, issue: { message: 'Skipped a "text-delta" chunk: payload.text must be text.', excerpt: '{"type":…' } }
 */
export function parseChunk(chunk: MastraChunk): ParsedChunk {
  const { type } = chunk;
  if (!Object.hasOwn(types, type)) return { ok: true, chunk: { type: 'unknown', chunk } };
  const problem = problemOf(chunk, type as KnownChunkType);
  if (!problem) return { ok: true, chunk: chunk as KnownChunk };
  return {
    ok: false,
    issue: { message: `Skipped a "${quote(type)}" chunk: ${problem}.`, excerpt: excerptOf(chunk) },
  };
}

/**
 * The first problem with the fields the reducer reads, or `undefined`. A suspended or approval call
 * (`tool-call-…`) is resumed by its runId: it must have one. Every tool chunk names its call; a
 * call names its tool, a result or an error may leave the tool's name out; `isError` is true or
 * false when given.
 */
function problemOf({ runId, payload }: MastraChunk, type: KnownChunkType): string | undefined {
  const resumable = type === 'tool-call-suspended' || type === 'tool-call-approval';
  if ((runId !== undefined || resumable) && typeof runId !== 'string') return 'runId must be text';
  if (!types[type]) return undefined;
  if (typeof payload !== 'object' || !payload || Array.isArray(payload)) return 'payload must be an object';
  const fields = payload as Loose;
  if (type === 'text-delta' && typeof fields.text !== 'string') return 'payload.text must be text';
  if (!type.startsWith('tool-')) return undefined;
  if (typeof fields.toolCallId !== 'string') return 'payload.toolCallId must be text';
  const namesItsTool = type.startsWith('tool-call');
  if (typeof fields.toolName !== 'string' && (namesItsTool || fields.toolName !== undefined))
    return 'payload.toolName must be text';
  if (type === 'tool-result' && typeof fields.isError !== 'boolean' && fields.isError !== undefined)
    return 'payload.isError must be true or false';
  return undefined;
}

/** A well-formed `text-delta` (what `parseChunk` accepts), told apart without building a result. */
type TextDelta = MastraChunk & { runId: string | undefined; payload: { text: string } };

export function isTextDelta(chunk: MastraChunk): chunk is TextDelta {
  if (chunk.type !== 'text-delta') return false;
  const { runId, payload } = chunk;
  if (runId !== undefined && typeof runId !== 'string') return false;
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return false;
  return typeof (payload as TextDelta['payload']).text === 'string';
}
