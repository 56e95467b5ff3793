import { excerptOf } from './excerpt.ts';
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
  | Envelope<'tool-result', Loose & { toolCallId: string; toolName?: string; result?: unknown; isError?: boolean }>
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

// Only the payload fields the reducer reads are checked, by typeof, so a huge `step-finish` costs
// one lookup, not a deep walk. `isError` is true or false, the others text; `?`: may be missing.
// `0`: the payload is not read.
const tool = ['toolCallId', 'toolName'];
const payloads: Record<KnownChunkType, string[] | 0> = {
  start: 0,
  'step-start': 0,
  'step-finish': 0,
  'text-start': 0,
  'text-end': 0,
  finish: 0,
  abort: 0,
  'text-delta': ['text'],
  'tool-call': tool,
  'tool-call-suspended': tool,
  'tool-call-approval': tool,
  'tool-result': ['toolCallId', 'toolName?', 'isError?'],
  'tool-error': ['toolCallId', 'toolName?'],
  error: [],
};

function problemOf({ type, runId, payload }: MastraChunk, fields: string[] | 0): string | undefined {
  // A suspended or approval call (`tool-call-…`) is resumed by its runId: it must have one.
  if ((runId !== undefined || type.startsWith('tool-call-')) && typeof runId !== 'string') return 'runId must be text';
  if (!fields) return undefined;
  if (typeof payload !== 'object' || !payload || Array.isArray(payload)) return 'payload must be an object';
  for (const field of fields) {
    const name = field.replace('?', '');
    const value = (payload as Loose)[name];
    const boolean = name === 'isError';
    if (typeof value !== (boolean ? 'boolean' : 'string') && (value !== undefined || name === field)) {
      return `payload.${name} must be ${boolean ? 'true or false' : 'text'}`;
    }
  }
  return undefined;
}

/**
 * Checks the fields the reducer reads of a decoded chunk. Unknown types pass through as
 * `{ type: 'unknown', chunk }`; a known type with a malformed payload gives an issue. Never throws.
 * @example
 * parseChunk({ type: 'text-delta', payload: { text: 42 } })
 * // → { ok: false, issue: { message: 'Skipped a "text-delta" chunk: payload.text must be text.', excerpt: '{"type":…' } }
 */
export function parseChunk(chunk: MastraChunk): ParsedChunk {
  if (!Object.hasOwn(payloads, chunk.type)) return { ok: true, chunk: { type: 'unknown', chunk } };
  const problem = problemOf(chunk, payloads[chunk.type as KnownChunkType]);
  if (!problem) return { ok: true, chunk: chunk as KnownChunk };
  return { ok: false, issue: { message: `Skipped a "${chunk.type}" chunk: ${problem}.`, excerpt: excerptOf(chunk) } };
}
