import path from 'node:path';
import { ask, reply, scriptedModel, startMastraTestServer } from '@ask-user-kit/testing';
import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerGuard } from './answerGuard.ts';
import { askUser } from './askUser.ts';
import { libsqlClaimStore } from './libsqlClaimStore.ts';
import { serverFixture } from './test/serverFixture.ts';
import { pendingCall, readSse, type Chunk } from './test/sse.ts';

const fixture = serverFixture('ask-user');
const { servers, stores } = fixture;

const rooms = [{ label: 'Single' }, { label: 'Double', description: 'Two beds' }];
const extras = [{ label: 'Breakfast' }, { label: 'Parking' }, { label: 'Late checkout' }];
const guest = z.object({ name: z.string().min(1), nights: z.int().min(1).max(14) });

/** What each run of the tool got from `askUser`: the answers it went on with. */
const received: unknown[][] = [];

const bookRoom = createTool({
  id: 'book_room',
  description: 'Books a room, asking the guest what it needs to know.',
  inputSchema: z.object({ ask: z.enum(['text', 'single', 'multiple', 'form', 'all']) }),
  execute: async (input, context) => {
    const answers: unknown[] = [];
    if (input.ask === 'text' || input.ask === 'all')
      answers.push(await askUser(context, { question: 'Any wishes for your stay?' }));
    if (input.ask === 'single' || input.ask === 'all')
      answers.push(await askUser(context, { question: 'Which room?', options: rooms }));
    if (input.ask === 'multiple' || input.ask === 'all')
      answers.push(
        await askUser(context, { question: 'Any extras?', options: extras, selectionMode: 'multi_select' }),
      );
    if (input.ask === 'form' || input.ask === 'all')
      answers.push(await askUser(context, { question: 'Who is staying?', schema: guest }));
    received.push(answers);
    return { booked: true, answers };
  },
});

async function startServer(
  ask: string,
  storage = `file:${path.join(fixture.dir, `mastra-${servers.length}-${Date.now()}.db`)}`,
) {
  const claims = libsqlClaimStore({ url: storage });
  stores.push(claims);
  const concierge = new Agent({
    id: 'concierge',
    name: 'concierge',
    instructions: 'Book rooms.',
    model: scriptedModel(
      [ask_(ask), reply(({ results }) => `Done: ${JSON.stringify(results.at(-1)?.value)}`)],
      { modelId: 'concierge' },
    ),
    tools: { book_room: bookRoom },
  });
  const server = await startMastraTestServer({
    agents: { concierge },
    storage,
    middleware: [answerGuard({ claims })],
  });
  servers.push(server);
  const post = (route: string, body: unknown) =>
    fetch(`${server.url}/api/agents/concierge/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return { post, url: server.url, storage, close: () => server.close() };
}

const ask_ = (kind: string) => ask.raw({ ask: kind }, 'book_room');
const start = { messages: [{ role: 'user', content: 'Book me a room' }] };
const suspension = (chunks: Chunk[]) => chunks.find((chunk) => chunk.type === 'tool-call-suspended')!.payload;
const toolResult = (chunks: Chunk[]) => chunks.find((chunk) => chunk.type === 'tool-result')?.payload.result;

describe('askUser', { timeout: 60_000 }, () => {
  it('asks in free text, and the tool carries on with the answer, trimmed', async () => {
    const { post } = await startServer('text');
    const asked = await readSse(await post('stream', start));
    expect(suspension(asked).suspendPayload).toEqual({
      question: 'Any wishes for your stay?',
      askUser: { index: 0, answers: [] },
    });
    const done = await readSse(
      await post('resume-stream', { ...pendingCall(asked), resumeData: ' Quiet room ' }),
    );
    expect(toolResult(done)).toEqual({ booked: true, answers: ['Quiet room'] });
  });

  it('asks for one choice as ask_user does, and refuses a label not offered without running the tool on', async () => {
    const { post } = await startServer('single');
    const asked = await readSse(await post('stream', start));
    expect(suspension(asked).suspendPayload).toMatchObject({
      question: 'Which room?',
      options: rooms,
      selectionMode: 'single_select',
    });
    const before = received.length;
    const refused = await readSse(
      await post('resume-stream', { ...pendingCall(asked), resumeData: 'Penthouse' }),
    );
    expect(toolResult(refused)).toBeUndefined();
    expect(received).toHaveLength(before);
    expect(suspension(refused).suspendPayload).toEqual(suspension(asked).suspendPayload);
    const done = await readSse(
      await post('resume-stream', { ...pendingCall(refused), resumeData: 'Double' }),
    );
    expect(toolResult(done)).toEqual({ booked: true, answers: ['Double'] });
  });

  it('asks for several choices, and refuses one answered as text', async () => {
    const { post } = await startServer('multiple');
    const asked = await readSse(await post('stream', start));
    expect(suspension(asked).suspendPayload).toMatchObject({
      options: extras,
      selectionMode: 'multi_select',
    });
    const refused = await readSse(
      await post('resume-stream', { ...pendingCall(asked), resumeData: 'Parking' }),
    );
    expect(toolResult(refused)).toBeUndefined();
    const done = await readSse(
      await post('resume-stream', { ...pendingCall(refused), resumeData: ['Breakfast', 'Parking'] }),
    );
    expect(toolResult(done)).toEqual({ booked: true, answers: [['Breakfast', 'Parking']] });
  });

  it('asks with a form from a zod schema, and refuses data the schema does not take', async () => {
    const { post } = await startServer('form');
    const asked = await readSse(await post('stream', start));
    const { suspendPayload, resumeSchema } = suspension(asked);
    expect(suspendPayload).not.toHaveProperty('question');
    expect(JSON.parse(resumeSchema)).toEqual(suspendPayload.resumeSchema);
    expect(suspendPayload.resumeSchema).toMatchObject({
      type: 'object',
      title: 'Who is staying?',
      required: ['name', 'nights'],
      properties: {
        name: { type: 'string', minLength: 1 },
        nights: { type: 'integer', minimum: 1, maximum: 14 },
      },
    });
    const refused = await readSse(
      await post('resume-stream', { ...pendingCall(asked), resumeData: { name: 'Ada', nights: 40 } }),
    );
    expect(toolResult(refused)).toBeUndefined();
    const done = await readSse(
      await post('resume-stream', { ...pendingCall(refused), resumeData: { name: 'Ada', nights: 3 } }),
    );
    expect(toolResult(done)).toEqual({ booked: true, answers: [{ name: 'Ada', nights: 3 }] });
    expect(JSON.stringify(done)).toContain('Done: {\\"booked\\":true');
  });

  it('asks several questions in one tool call, one at a time, and the tool gets every answer', async () => {
    const { post } = await startServer('all');
    let chunks = await readSse(await post('stream', start));
    const sent: unknown[] = ['By the sea', 'Single', ['Late checkout'], { name: 'Grace', nights: 2 }];
    const questions: unknown[] = [];
    for (const resumeData of sent) {
      const { suspendPayload } = suspension(chunks);
      questions.push(suspendPayload.question ?? suspendPayload.resumeSchema.title);
      chunks = await readSse(await post('resume-stream', { ...pendingCall(chunks), resumeData }));
    }
    expect(questions).toEqual(['Any wishes for your stay?', 'Which room?', 'Any extras?', 'Who is staying?']);
    expect(toolResult(chunks)).toEqual({ booked: true, answers: sent });
  });

  it('takes exactly one of two answers sent at once through answerGuard: the other is 409', async () => {
    const { post } = await startServer('single');
    const asked = pendingCall(await readSse(await post('stream', start)));
    const before = received.length;
    const replies = await Promise.all([
      post('resume-stream', { ...asked, resumeData: 'Single' }),
      post('resume-stream', { ...asked, resumeData: 'Double' }),
    ]);
    const statuses = replies.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 409]);
    await Promise.all(replies.map((res) => res.text()));
    expect(received.length - before).toBe(1);
  });

  it('a question waiting when the server restarts is listed again after it, and the tool carries on with its answer', async () => {
    const before = await startServer('single');
    const resource = 'guest-restart';
    const asked = await readSse(
      await before.post('stream', { ...start, memory: { thread: 'stay-1', resource } }),
    );
    const { toolCallId } = suspension(asked);
    await before.close();

    const after = await startServer('single', before.storage);
    const listed = (await (
      await fetch(`${after.url}/api/agents/concierge/suspended-runs?resourceId=${resource}`)
    ).json()) as { runs: { runId: string; toolCalls: { toolCallId: string; suspendPayload: unknown }[] }[] };
    const [run] = listed.runs;
    expect(run?.toolCalls).toMatchObject([
      { toolCallId, suspendPayload: { question: 'Which room?', options: rooms } },
    ]);
    const done = await readSse(
      await after.post('resume-stream', { runId: run!.runId, toolCallId, resumeData: 'Double' }),
    );
    expect(toolResult(done)).toEqual({ booked: true, answers: ['Double'] });
  });
});
