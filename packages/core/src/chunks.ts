import { z } from 'zod';
import { excerptOf } from './excerpt.ts';
import type { DecodeIssue, MastraChunk } from './types.ts';

// Only the fields the reducer reads are checked; everything else passes through untouched
// (`looseObject`), so a huge `step-finish` costs one type check, not a deep walk.
const runId = z.string({ error: 'runId must be text' });
const envelope = <T extends string, P extends z.ZodType>(type: T, payload: P) =>
  z.looseObject({ type: z.literal(type), runId: runId.optional(), payload });
const anyPayload = z.unknown();
const toolCallId = z.string({ error: 'payload.toolCallId must be text' });
const toolName = z.string({ error: 'payload.toolName must be text' });

/** Zod schemas of the Mastra agent-stream chunks the kit models, by chunk type. */
export const chunkSchemas = {
  start: envelope('start', anyPayload),
  'step-start': envelope('step-start', anyPayload),
  'step-finish': envelope('step-finish', anyPayload),
  'text-start': envelope('text-start', anyPayload),
  'text-delta': envelope(
    'text-delta',
    z.looseObject({ text: z.string({ error: 'payload.text must be text' }) }, { error: 'payload must be an object' }),
  ),
  'text-end': envelope('text-end', anyPayload),
  'tool-call': envelope(
    'tool-call',
    z.looseObject({ toolCallId, toolName, args: z.unknown() }, { error: 'payload must be an object' }),
  ),
  'tool-call-suspended': envelope(
    'tool-call-suspended',
    z.looseObject(
      { toolCallId, toolName, suspendPayload: z.unknown(), args: z.unknown() },
      { error: 'payload must be an object' },
    ),
  ).extend({ runId }),
  'tool-call-approval': envelope(
    'tool-call-approval',
    z.looseObject({ toolCallId, toolName, args: z.unknown() }, { error: 'payload must be an object' }),
  ).extend({ runId }),
  'tool-result': envelope(
    'tool-result',
    z.looseObject({ toolCallId, toolName: toolName.optional(), result: z.unknown(), isError: z.boolean({ error: 'payload.isError must be true or false' }).optional() }, {
      error: 'payload must be an object',
    }),
  ),
  'tool-error': envelope(
    'tool-error',
    z.looseObject({ toolCallId, toolName: toolName.optional(), error: z.unknown() }, { error: 'payload must be an object' }),
  ),
  error: envelope('error', z.looseObject({ error: z.unknown() }, { error: 'payload must be an object' })),
  finish: envelope('finish', anyPayload),
  abort: envelope('abort', anyPayload),
} as const;

type Schemas = typeof chunkSchemas;
/** The chunk types the kit models. */
export type KnownChunkType = keyof Schemas;
/** A chunk of a modelled type, with the fields the reducer reads checked. */
export type KnownChunk = { [K in KnownChunkType]: z.infer<Schemas[K]> }[KnownChunkType];
/** A chunk of a type the kit does not model: kept as data, never an error. */
export interface UnknownChunk {
  type: 'unknown';
  chunk: MastraChunk;
}

/** What `parseChunk` gives: a checked chunk, an unknown one passed through, or the issue with it. */
export type ParsedChunk = { ok: true; chunk: KnownChunk | UnknownChunk } | { ok: false; issue: DecodeIssue };

const isKnownType = (type: string): type is KnownChunkType => Object.hasOwn(chunkSchemas, type);

/**
 * Checks a decoded chunk against the schema of its type. Unknown types pass through as
 * `{ type: 'unknown', chunk }`; a known type with a malformed payload gives an issue. Never throws.
 * @example
 * parseChunk({ type: 'text-delta', payload: { text: 42 } })
 * // → { ok: false, issue: { message: 'Skipped a "text-delta" chunk: payload.text must be text.', excerpt: '{"type":…' } }
 */
export function parseChunk(chunk: MastraChunk): ParsedChunk {
  if (!isKnownType(chunk.type)) return { ok: true, chunk: { type: 'unknown', chunk } };
  const parsed = chunkSchemas[chunk.type].safeParse(chunk);
  if (parsed.success) return { ok: true, chunk: parsed.data as KnownChunk };
  const detail = parsed.error.issues[0]?.message ?? 'malformed';
  return { ok: false, issue: { message: `Skipped a "${chunk.type}" chunk: ${detail}.`, excerpt: excerptOf(chunk) } };
}
