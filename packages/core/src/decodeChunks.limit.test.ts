// maxFrameLength against what a real Mastra server sends when the user gives a long answer or a
// tool is called with long arguments: `step-finish` and `finish` repeat the conversation, so they
// grow to several times the answer, past the limit, while the frames the kit reads stay under it.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Agent } from '@mastra/core/agent';
import type { MastraModelConfig } from '@mastra/core/llm';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
import {
  ask,
  reply,
  scriptedModel,
  startMastraTestServer,
  type MastraTestServer,
} from '@ask-user-kit/testing';
import { askUserAgent } from '@ask-user-kit/testing/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunStore } from './createRunStore.ts';
import {
  createChunkDecoder,
  decodeText,
  DEFAULT_MAX_FRAME_LENGTH,
  type DecodeOptions,
} from './decodeChunks.ts';
import { TransportError } from './errors.ts';
import { approvals } from './itemKinds.ts';
import { initialRunSnapshot, reduceRun } from './reduceRun.ts';
import { chunksOf, referenceChunks, splitBytes } from './test/fixtures.ts';
import { createFetchTransport } from './transports/fetchTransport.ts';
import type { DecodeEvent } from './types.ts';

const MI = 1024 * 1024;
const encode = (text: string) => new TextEncoder().encode(text);
const decodeReads = (reads: Uint8Array[], options?: DecodeOptions): DecodeEvent[] => {
  const decoder = createChunkDecoder(options);
  return [...reads.flatMap((read) => decoder.push(read)), ...decoder.end()];
};
/** The code of the TransportError `run` throws. */
const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof TransportError) return error.error.code;
    throw error;
  }
  return expect.unreachable('expected a TransportError');
};
// The longest answer `validateAnswer` takes here: 1 Mi characters. Quotes and backslashes take two
// characters each in JSON, control characters six (`\u0001`): pasted code or a terminal's output.
const longAnswer = 'a"\\\u0001'.repeat(MI / 4);
// The most a character takes in JSON, every one of them: the tool-result the kit reads is 6 MiB.
const worstAnswer = '\u0001'.repeat(MI);
const answerLimit = { maxLength: MI };

/** A tool that saves a note once the user approved the call. */
const saveNoteTool = createTool({
  id: 'save_note',
  description: 'Saves a note. The user approves it first.',
  inputSchema: z.object({ note: z.string() }),
  requireApproval: true,
  execute: async ({ note }) => ({ saved: note.length }),
});

let server: MastraTestServer;
beforeAll(async () => {
  server = await startMastraTestServer({
    // Mastra saves the run's snapshot, megabytes here, at every step: LibSQL takes four times as long
    // to store it as Mastra's in-memory storage, and what is stored is not what this file tests.
    storage: new InMemoryStore(),
    agents: {
      interview: askUserAgent('interview', [ask.text('Paste the log, please.'), reply('Thanks, noted.')]),
      notes: new Agent({
        id: 'notes',
        name: 'notes',
        instructions: 'Save the note the user gives.',
        model: scriptedModel([ask.raw({ note: longAnswer }, 'save_note'), reply('Saved.')], {
          modelId: 'notes',
        }) as MastraModelConfig,
        tools: { save_note: saveNoteTool },
      }),
    },
  });
});
afterAll(() => server?.close());

/** A fetch that records the length of every frame of the streams it fetches, by type. */
function measuringFetch() {
  const frames: { type: string; length: number }[] = [];
  const measured: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (!response.headers.get('content-type')?.includes('text/event-stream')) return response;
    const text = await response.text();
    for (const frame of text.split('\n\n')) {
      const type = /"type":"([^"]*)"/.exec(frame.slice(0, 200))?.[1];
      if (type) frames.push({ type, length: frame.length });
    }
    return new Response(text, { status: response.status, headers: response.headers });
  };
  /** The types of the frames longer than `length`. */
  const typesOver = (length: number) => [
    ...new Set(frames.filter((frame) => frame.length > length).map((frame) => frame.type)),
  ];
  return { fetch: measured, typesOver };
}

describe('the default maxFrameLength against a real server', () => {
  it.each([
    ['mixed text', longAnswer],
    ['control characters', worstAnswer],
  ])(
    'a 1 Mi-character answer of %s to ask_user: the run is done, its oversized step-finish and finish skipped',
    async (_, answer) => {
      const measured = measuringFetch();
      const store = createRunStore({
        transport: createFetchTransport({ baseUrl: server.url, agentId: 'interview', fetch: measured.fetch }),
        threadId: `long-answer-${answer.length}-${answer[0]}`,
        resourceId: 'u1',
      });
      await store.send('I have a long log for you.');
      const [prompt] = store.getSnapshot().openPrompts;
      await store.submit(prompt!.key, answer, answerLimit);

      const s = store.getSnapshot();
      expect(s.error).toBeUndefined();
      expect(s.status).toBe('done');
      expect(s.text).toBe('Thanks, noted.');
      expect(s.issues).toEqual([]);
      // The answer reached the tool whole, and its call is done.
      expect(s.toolCalls.map((call) => call.state)).toEqual(['done']);
      expect(s.toolCalls[0]!.result).toEqual({ content: `User answered: ${answer}`, isError: false });
      // The stream did pass the limit, with the frames the kit does not read only.
      expect(measured.typesOver(DEFAULT_MAX_FRAME_LENGTH).sort()).toEqual(['finish', 'step-finish']);
    },
    60_000,
  );

  it('an approval of a call with 1 Mi characters of arguments: the run is done', async () => {
    const measured = measuringFetch();
    const store = createRunStore({
      transport: createFetchTransport({ baseUrl: server.url, agentId: 'notes', fetch: measured.fetch }),
      threadId: 'long-arguments',
      resourceId: 'u1',
      items: [approvals],
    });
    await store.send('Save my note.');
    const [approval] = store.getSnapshot().openItems;
    expect(approval).toMatchObject({ kind: 'approval', toolName: 'save_note', args: { note: longAnswer } });
    await store.submit(approval!.key, { type: 'approve' });

    const s = store.getSnapshot();
    expect(s.error).toBeUndefined();
    expect(s.status).toBe('done');
    expect(s.text).toBe('Saved.');
    expect(s.toolCalls.map((call) => [call.state, call.result])).toEqual([['done', { saved: MI }]]);
    expect(measured.typesOver(DEFAULT_MAX_FRAME_LENGTH).sort()).toEqual(['finish', 'step-finish']);
  }, 60_000);
});

describe('frames past maxFrameLength', () => {
  // Frames of a recorded resume: a step-finish between the chunks around it, and the finish.
  const all = referenceChunks('text.resume.sse');
  const at = all.findIndex((chunk) => chunk.type === 'step-finish');
  const finish = all.findLast((chunk) => chunk.type === 'finish')!;
  const recorded = [...all.slice(at - 1, at + 2), finish];
  const headOf = (chunk: Record<string, unknown>) => ({
    type: chunk.type,
    runId: chunk.runId,
    from: chunk.from,
  });
  const frame = (chunk: unknown) => `data: ${JSON.stringify(chunk)}\n\n`;
  const limit = { maxFrameLength: 1024 };

  it('a step-finish or finish past the limit is delivered as its head, whole or split at any byte', () => {
    expect(JSON.stringify(finish).length).toBeGreaterThan(limit.maxFrameLength);
    const bytes = encode(recorded.map(frame).join(''));
    const expected = recorded.map((chunk) =>
      JSON.stringify(chunk).length > limit.maxFrameLength ? headOf(chunk) : chunk,
    );
    expect(expected.filter((chunk) => !('payload' in chunk)).map((chunk) => chunk.type)).toEqual([
      'step-finish',
      'finish',
    ]);
    for (let offset = 0; offset < bytes.length; offset++) {
      const events = decodeReads(splitBytes(bytes, [offset]), limit);
      if (JSON.stringify(events.map((e) => e.kind === 'chunk' && e.chunk)) !== JSON.stringify(expected))
        expect.unreachable(`split at byte ${offset} decoded differently`);
    }
    // One byte at a time, and with CRLF line ends.
    const reads = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
    expect(chunksOf(decodeReads(reads, limit))).toEqual(expected);
    const crlf = recorded.map(frame).join('').replaceAll('\n', '\r\n');
    expect(chunksOf(decodeText(crlf, limit))).toEqual(expected);
  });

  it('its head is the members before its payload, in any order, over data lines and comments', () => {
    const payload = { text: 'x'.repeat(2000) };
    const json = JSON.stringify({
      from: 'AGENT',
      type: 'finish',
      runId: 'r1',
      n: -2.5e3,
      ok: true,
      no: null,
      payload,
    });
    // Three data lines (JSON allows a line break between tokens), the last one past the limit.
    const [runId, text] = [json.indexOf('"runId"'), json.indexOf('"text"')];
    const lines = [json.slice(0, runId), json.slice(runId, text), json.slice(text)];
    const sse = `data: ${lines[0]}\n: a comment\ndata:${lines[1]}\ndata: ${lines[2]}\n\n`;
    expect(JSON.parse(lines.join('\n'))).toEqual(JSON.parse(json));
    expect(decodeText(sse, limit)).toEqual([
      { kind: 'chunk', chunk: { from: 'AGENT', type: 'finish', runId: 'r1', n: -2500, ok: true, no: null } },
    ]);
    // Split anywhere, the same head.
    const bytes = encode(sse);
    for (let offset = 1; offset < bytes.length; offset++)
      expect(decodeReads(splitBytes(bytes, [offset]), limit)).toEqual(decodeText(sse, limit));
  });

  it.each([
    ['a text-delta', { type: 'text-delta', runId: 'r1', payload: { text: 'x'.repeat(2000) } }],
    [
      'a tool-result',
      { type: 'tool-result', runId: 'r1', payload: { toolCallId: 'c', result: 'x'.repeat(2000) } },
    ],
    ['a step-start', { runId: 'r1', type: 'step-start', payload: { messageId: 'x'.repeat(2000) } }],
    ['a finish whose type comes after its payload', { payload: { text: 'x'.repeat(2000) }, type: 'finish' }],
    ['a finish whose head is not JSON', `{"type":"finish" "runId":"r1",${'x'.repeat(2000)}`],
    ['a finish with a malformed number in its head', `{"type":"finish","n":1e+e,${'x'.repeat(2000)}`],
  ])('%s past the limit still ends the stream as too-large', (_, chunk) => {
    const text = typeof chunk === 'string' ? `data: ${chunk}\n\n` : frame(chunk);
    expect(codeOf(() => decodeText(text, limit))).toBe('too-large');
  });

  it('a comment line past the limit in a finish frame is skipped with it; a lone one is too-large', () => {
    const head = 'data: {"type":"finish","runId":"r1","payload":\ndata: {}}\n';
    expect(decodeText(`${head}: ${'c'.repeat(2000)}\n\n${frame({ type: 'done' })}`, limit)).toEqual([
      { kind: 'chunk', chunk: { type: 'finish', runId: 'r1' } },
      { kind: 'chunk', chunk: { type: 'done' } },
    ]);
    expect(codeOf(() => decodeText(`: ${'c'.repeat(2000)}\n\n`, limit))).toBe('too-large');
  });

  it('a skipped frame the stream cuts inside a line is reported; one that lacks only its blank line is delivered', () => {
    const start = `data: {"type":"finish","runId":"r1","payload":{"text":"${'x'.repeat(2000)}`;
    const cut = decodeText(start, limit);
    expect(cut).toEqual([
      {
        kind: 'decode-error',
        issue: {
          message: 'The stream ended inside a "finish" frame skipped for its length.',
          excerpt: '{"type":"finish","runId":"r1"}',
        },
      },
    ]);
    // A run cut there ended early: the finish it never got whole does not settle it.
    let s = reduceRun(initialRunSnapshot, { type: 'send', id: 'm1', text: 'go' });
    s = reduceRun(s, { type: 'events', events: cut });
    expect(reduceRun(s, { type: 'stream-end' }).error?.code).toBe('ended-early');
    for (const end of ['\n', '\r', '\r\n'])
      expect(decodeText(`${start}"}}${end}`, limit)).toEqual([
        { kind: 'chunk', chunk: { type: 'finish', runId: 'r1' } },
      ]);
  });
});

describe('memory past the limit', () => {
  // Vitest runs without --expose-gc; V8 still hands out gc() to a new context once the flag is set.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const heapAfterGc = () => {
    for (let i = 0; i < 3; i++) gc();
    return process.memoryUsage().heapUsed;
  };
  const READ = 64 * 1024;
  const filler = encode('x'.repeat(READ));

  it('a 50 MB step-finish is skipped in 64 KB reads with nothing of it kept, by the decoder or its head', () => {
    const decoder = createChunkDecoder();
    const before = heapAfterGc();
    const events = decoder.push(encode(`data: {"type":"step-finish","runId":"r1","payload":{"text":"`));
    for (let read = 0; read < 800; read++) events.push(...decoder.push(filler.slice()));
    const held = heapAfterGc() - before;
    events.push(...decoder.push('"}}\n\ndata: {"type":"finish","runId":"r1"}\n\n'), ...decoder.end());
    const kept = heapAfterGc() - before;
    expect(events).toEqual([
      { kind: 'chunk', chunk: { type: 'step-finish', runId: 'r1' } },
      { kind: 'chunk', chunk: { type: 'finish', runId: 'r1' } },
    ]);
    expect(held).toBeLessThan(2_000_000);
    expect(kept).toBeLessThan(2_000_000);
  });

  it('an unterminated 50 MB text-delta line still ends as too-large, once the limit is read', () => {
    const decoder = createChunkDecoder();
    let pushed = 0;
    const code = codeOf(() => {
      decoder.push(`data: {"type":"text-delta","runId":"r1","payload":{"text":"`);
      for (let read = 0; read < 800; read++) {
        decoder.push(filler);
        pushed += READ;
      }
    });
    expect(code).toBe('too-large');
    expect(pushed).toBeLessThan(DEFAULT_MAX_FRAME_LENGTH);
    expect(pushed).toBeGreaterThan(DEFAULT_MAX_FRAME_LENGTH - 2 * READ);
  });
});
