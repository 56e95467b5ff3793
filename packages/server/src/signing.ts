// Signed suspensions: the guard signs each question, form and approval it sees streamed or listed,
// and takes an answer only with the signature of what the run still waits on.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Suspension } from './findSuspension.ts';
import { isRecord } from './readAnswerIds.ts';

/**
 * The `code` of the guard's HTTP 403 for an answer whose `signature` is missing, wrong, or made for
 * another call or other arguments than the ones the run waits on (body: `{ error, code, runId, toolCallId }`).
 */
export const BAD_SIGNATURE_CODE = 'bad-signature';
export const BAD_SIGNATURE_MESSAGE =
  'This answer is not signed for the question the run waits on: it changed, or the signature is wrong.';

/** What a signature covers: the call, and what the person was shown (an approval's arguments, a question's or form's payload). */
export interface SignedCall {
  runId: string;
  toolCallId: string;
  toolName: string;
  approval: boolean;
  /** An approval's arguments; a question's or form's suspend payload. */
  shown: unknown;
}

/** JSON with every object's keys sorted, so that equal values give equal text whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'null';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isRecord(value)) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeys(value[key]);
  return sorted;
}

/** The HMAC-SHA256 (base64url) of a call and what it showed. */
export function signatureOf(secret: string, call: SignedCall): string {
  const kind = call.approval ? 'approval' : 'suspension';
  const text = canonicalJson([kind, call.runId, call.toolCallId, call.toolName, call.shown]);
  return createHmac('sha256', secret).update(text).digest('base64url');
}

/** True when `signature` is the one of the stored suspension (in constant time). */
export function isSignedFor(
  secret: string,
  runId: string,
  suspension: Suspension,
  signature: unknown,
): boolean {
  if (typeof signature !== 'string' || suspension.toolName === undefined) return false;
  const expected = Buffer.from(
    signatureOf(secret, {
      runId,
      toolCallId: suspension.toolCallId,
      toolName: suspension.toolName,
      approval: suspension.approval,
      shown: suspension.shown,
    }),
  );
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Adds `signature` to each suspension in one streamed or listed value, in place: Mastra's
 * `tool-call-suspended` and `tool-call-approval` chunks (also wrapped by `observe` as
 * `{ type: 'chunk', data }`), `@mastra/ai-sdk`'s `data-tool-call-suspended` and
 * `data-tool-call-approval` parts, `@ag-ui/mastra`'s `on_interrupt` events and `RUN_FINISHED`
 * interrupts, and the suspended-runs list's runs.
 */
export function signValue(secret: string, value: unknown): void {
  if (Array.isArray(value)) {
    for (const element of value) signValue(secret, element);
    return;
  }
  if (!isRecord(value)) return;
  const { type } = value;
  if (type === 'tool-call-suspended' || type === 'tool-call-approval') {
    if (isRecord(value.payload)) sign(secret, value.payload, value.runId, type === 'tool-call-approval');
    return;
  }
  if (type === 'data-tool-call-suspended' || type === 'data-tool-call-approval') {
    if (isRecord(value.data)) sign(secret, value.data, value.data.runId, type === 'data-tool-call-approval');
    return;
  }
  if (type === 'CUSTOM' && value.name === 'on_interrupt') {
    // @ag-ui/mastra sends the interrupt as a JSON string.
    if (typeof value.value === 'string') value.value = signedJson(secret, value.value);
    else if (isRecord(value.value)) sign(secret, value.value, value.value.runId, false);
    return;
  }
  if (type === 'RUN_FINISHED' && isRecord(value.outcome) && Array.isArray(value.outcome.interrupts)) {
    // The same interrupts again, as AG-UI 1.0 lists them: `{ toolCallId, metadata: { mastra } }`.
    for (const interrupt of value.outcome.interrupts) {
      if (!isRecord(interrupt) || !isRecord(interrupt.metadata) || !isRecord(interrupt.metadata.mastra))
        continue;
      const mastra = interrupt.metadata.mastra;
      const call: Record<string, unknown> = { ...mastra, toolCallId: interrupt.toolCallId };
      sign(secret, call, mastra.runId, false);
      if (call.signature !== undefined) mastra.signature = call.signature;
    }
    return;
  }
  if (type === 'chunk') return signValue(secret, value.data);
  if (Array.isArray(value.runs)) {
    for (const run of value.runs) {
      if (!isRecord(run) || !Array.isArray(run.toolCalls)) continue;
      for (const call of run.toolCalls)
        if (isRecord(call)) sign(secret, call, run.runId, call.requiresApproval === true);
    }
    return;
  }
  // chatHistoryRoute's `{ messages }`, and a message's `parts`.
  if (Array.isArray(value.messages)) signValue(secret, value.messages);
  if (Array.isArray(value.parts)) signValue(secret, value.parts);
}

function signedJson(secret: string, text: string): string {
  try {
    const interrupt: unknown = JSON.parse(text);
    if (!isRecord(interrupt)) return text;
    sign(secret, interrupt, interrupt.runId, false);
    return JSON.stringify(interrupt);
  } catch {
    return text;
  }
}

function sign(secret: string, call: Record<string, unknown>, runId: unknown, approval: boolean): void {
  const { toolCallId, toolName } = call;
  if (typeof runId !== 'string' || typeof toolCallId !== 'string' || typeof toolName !== 'string') return;
  const shown = approval ? call.args : call.suspendPayload;
  call.signature = signatureOf(secret, { runId, toolCallId, toolName, approval, shown });
}

/**
 * The response with its suspensions signed by `sign` (which signs one parsed value in place): an
 * SSE body frame by frame (`data: <json>` frames, others as they are), a workflow's stream record by
 * record (JSON records ended by U+001E), a JSON body whole. Any other body is left as it is.
 */
export async function signResponse(response: Response, sign: (value: unknown) => void): Promise<Response> {
  const contentType = response.headers.get('content-type') ?? '';
  if (!response.body) return response;
  const streamed = contentType.includes('text/event-stream')
    ? signedText(SSE_FRAME_END, '\n\n', (frame) => signFrame(frame, sign))
    : contentType.includes('text/plain')
      ? signedText(RECORD_END, RECORD_SEPARATOR, (record) => signStreamRecord(record, sign))
      : undefined;
  if (streamed) return new Response(response.body.pipeThrough(streamed), response);
  if (!contentType.includes('application/json')) return response;
  const text = await response.text();
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  const init = { status: response.status, statusText: response.statusText, headers };
  return new Response(signRecord(text, sign), init);
}

const SSE_FRAME_END = /\r?\n\r?\n/g;
const RECORD_SEPARATOR = '\u001e';
const RECORD_END = new RegExp(RECORD_SEPARATOR, 'g');
// The type names a frame with something to sign holds (the wrapped ones of `observe` too): any
// other frame (text deltas, most of a reply) is passed on unparsed. A suspension left unsigned
// is refused, never let through.
const MAY_HOLD_SUSPENSION = /suspended|approval|on_interrupt|RUN_FINISHED/;

/** One JSON text with its suspensions signed; the same text when it is no JSON. */
function signRecord(text: string, sign: (value: unknown) => void): string {
  try {
    const value: unknown = JSON.parse(text);
    sign(value);
    return JSON.stringify(value);
  } catch {
    return text;
  }
}

/** One SSE frame with each `data: <json>` line signed. */
function signFrame(frame: string, sign: (value: unknown) => void): string {
  if (!MAY_HOLD_SUSPENSION.test(frame)) return frame;
  return frame
    .split(/\r?\n/)
    .map((line) => {
      if (!line.startsWith('data:')) return line;
      const data = line.slice('data:'.length).trimStart();
      if (!data.startsWith('{')) return line;
      const signed = signRecord(data, sign);
      return signed === data ? line : `data: ${signed}`;
    })
    .join('\n');
}

/** One record of a workflow's stream, signed when it may hold a suspension. */
function signStreamRecord(record: string, sign: (value: unknown) => void): string {
  return MAY_HOLD_SUSPENSION.test(record) ? signRecord(record, sign) : record;
}

/**
 * UTF-8 text in, the same text out with each piece up to `end` (a global pattern) passed through
 * `signPiece` and ended by `separator`; what one read brings is written out in one piece. It
 * decodes and encodes itself: Node's `TextEncoderStream` costs ~10 µs a frame.
 */
function signedText(
  end: RegExp,
  separator: string,
  signPiece: (piece: string) => string,
): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = '';
  return new TransformStream({
    transform(bytes, controller) {
      pending += decoder.decode(bytes, { stream: true });
      let out = '';
      let start = 0;
      end.lastIndex = 0;
      for (let match = end.exec(pending); match; match = end.exec(pending)) {
        out += `${signPiece(pending.slice(start, match.index))}${separator}`;
        start = match.index + match[0].length;
      }
      pending = pending.slice(start);
      if (out) controller.enqueue(encoder.encode(out));
    },
    flush(controller) {
      pending += decoder.decode();
      if (pending) controller.enqueue(encoder.encode(signPiece(pending)));
    },
  });
}
