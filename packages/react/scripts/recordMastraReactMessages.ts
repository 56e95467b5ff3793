// node packages/react/scripts/recordMastraReactMessages.ts
//
// Records the messages @mastra/react's useChat holds when it talks to a real Mastra server, into
// packages/react/src/adapters/mastraReact/mastraMessages.json. A real Mastra server (Hono + LibSQL
// in memory, from @ask-user-kit/testing) serves the agent routes; each stream or resume is read
// chunk by chunk (the kit's decoder over the server's SSE) and folded into the conversation with
// @mastra/react's own `accumulateChunk`, with the metadata its useChat passes (`{ mode: 'stream',
// runId }`); a sent message is added with its `fromCoreUserMessagesToMastraDBMessage`, as useChat
// does. Nothing is edited; ids and run ids are the server's (message ids that useChat makes from
// the clock are replaced by their order, so the file does not change on every recording).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFetchTransport, type DecodeEvent } from '@ask-user-kit/core';
import { ask, reply, startMastraTestServer } from '@ask-user-kit/testing';
import { askUserAgent, tripPlannerScript } from '@ask-user-kit/testing/demo';
import { accumulateChunk, fromCoreUserMessagesToMastraDBMessage, type MastraDBMessage } from '@mastra/react';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(here, '../src/adapters/mastraReact/mastraMessages.json');

const agents = {
  trip: askUserAgent('trip', tripPlannerScript),
  malformed: askUserAgent('malformed', [
    ask.raw({ question: 'Pick one', options: [{ label: 'Same' }, { label: 'Same' }] }),
    reply('Thanks.'),
  ]),
  'two-asks': askUserAgent('two-asks', [
    ask.many(ask.text('First question?'), ask.text('Second question?')),
    reply(({ answers }) => `Answers: ${answers.join(' / ')}.`),
  ]),
};

const server = await startMastraTestServer({ agents });

/** One conversation, as useChat would hold it. */
function conversation(agentId: string) {
  const transport = createFetchTransport({ baseUrl: server.url, agentId });
  let messages: MastraDBMessage[] = [];
  let lastSuspended: { runId: string; toolCallId: string } | undefined;

  async function fold(events: AsyncIterable<DecodeEvent[]>) {
    for await (const batch of events) {
      for (const event of batch) {
        if (event.kind !== 'chunk') continue;
        const { chunk } = event;
        if (chunk.type === 'tool-call-suspended') {
          const payload = chunk.payload as { toolCallId: string };
          lastSuspended = { runId: chunk.runId!, toolCallId: payload.toolCallId };
        }
        messages = accumulateChunk({
          chunk: chunk as Parameters<typeof accumulateChunk>[0]['chunk'],
          conversation: messages,
          metadata: { mode: 'stream', runId: chunk.runId },
        } as Parameters<typeof accumulateChunk>[0]);
      }
    }
  }

  return {
    messages: () =>
      structuredClone(messages).map((message, index) => ({
        ...message,
        id: `message-${index}`,
        createdAt: '2026-12-03T00:00:00.000Z',
      })),
    /** The last suspension seen: what approveToolCall would resume. */
    suspended: () => lastSuspended!,
    async send(text: string) {
      messages = [...messages, fromCoreUserMessagesToMastraDBMessage([{ role: 'user', content: text }])];
      await fold(await transport.stream({ messages: [{ role: 'user', content: text }] }));
    },
    async resume(resumeData: string | string[], at = lastSuspended!) {
      await fold(await transport.resume({ ...at, resumeData }));
    },
  };
}

const recorded: Record<string, unknown[]> = {};

const trip = conversation('trip');
await trip.send('Plan a trip for me');
recorded['trip.asked-text'] = trip.messages();
await trip.resume('Lisbon');
recorded['trip.asked-single'] = trip.messages();
await trip.resume('Train');
recorded['trip.asked-multiple'] = trip.messages();
await trip.resume(['Museums', 'Food tours']);
recorded['trip.done'] = trip.messages();

// Two runs in one chat, each waiting: the first run's question is answered after the second asked.
const twoRuns = conversation('trip');
await twoRuns.send('Plan a trip for me');
const firstRun = twoRuns.suspended();
await twoRuns.send('And another one');
recorded['two-runs.both-asked'] = twoRuns.messages();
await twoRuns.resume('Lisbon', firstRun);
recorded['two-runs.first-answered'] = twoRuns.messages();

const malformed = conversation('malformed');
await malformed.send('Ask me something broken');
recorded['malformed.asked'] = malformed.messages();

const twoAsks = conversation('two-asks');
await twoAsks.send('Ask me two things');
recorded['two-asks.asked-first'] = twoAsks.messages();
await twoAsks.resume('One');
recorded['two-asks.asked-second'] = twoAsks.messages();
await twoAsks.resume('Two');
recorded['two-asks.done'] = twoAsks.messages();

await server.close();

const header = {
  recordedWith: 'node packages/react/scripts/recordMastraReactMessages.ts',
  how:
    "useChat's messages (@mastra/react 1.5.0 accumulateChunk over each chunk, as its useChat folds them) " +
    'from a real Mastra server with @mastra/core 1.71.0 and scripted models',
};
writeFileSync(out, `${JSON.stringify({ ...header, conversations: recorded }, null, 2)}\n`);
console.log(
  `recorded ${Object.keys(recorded).length} conversations into ${path.relative(process.cwd(), out)}`,
);
