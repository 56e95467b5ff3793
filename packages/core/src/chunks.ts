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
  | Envelope<'tool-call-suspended', ToolPayload & { suspendPayload?: unknown }, string>
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

// Only the payload fields the reducer reads are checked, by typeof (`?`: may be missing), so a huge
// `step-finish` costs one lookup, not a deep walk. `0`: the payload is not read.
const tool = { toolCallId: 'string', toolName: 'string' };
const payloads: Record<KnownChunkType, Record<string, string> | 0> = {
  start: 0,
  'step-start': 0,
  'step-finish': 0,
  'text-start': 0,
  'text-end': 0,
  finish: 0,
  abort: 0,
  'text-delta': { text: 'string' },
  'tool-call': tool,
  'tool-call-suspended': tool,
  'tool-call-approval': tool,
  'tool-result': { toolCallId: 'string', toolName: 'string?', isError: 'boolean?' },
  'tool-error': { toolCallId: 'string', toolName: 'string?' },
  error: {},
};

function problemOf({ type, runId, payload }: MastraChunk, fields: Record<string, string> | 0): string | undefined {
  // A suspended or approval call is resumed by its runId: it must have one.
  const needsRunId = type === 'tool-call-suspended' || type === 'tool-call-approval';
  if ((needsRunId || runId !== undefined) && typeof runId !== 'string') return 'runId must be text';
  if (!fields) return undefined;
  if (typeof payload !== 'object' || !payload || Array.isArray(payload)) return 'payload must be an object';
  for (const [name, kind] of Object.entries(fields)) {
    const value = (payload as Loose)[name];
    if (kind.endsWith('?') && value === undefined) continue;
    if (typeof value !== kind.replace('?', '')) return `payload.${name} must be ${kind[0] === 'b' ? 'true or false' : 'text'}`;
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
