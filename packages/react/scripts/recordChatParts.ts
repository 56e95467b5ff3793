// node packages/react/scripts/recordChatParts.ts
//
// Records the UI messages the AI SDK's useChat holds when it talks to @mastra/ai-sdk's chatRoute,
// into packages/react/src/adapters/aiSdk/chatMessages.json. A real Mastra server (Hono + LibSQL in
// memory, from @ask-user-kit/testing) serves `chatRoute({ path: '/chat/:agentId' })`; the AI SDK's
// own DefaultChatTransport sends the requests and its readUIMessageStream builds the messages, as
// useChat does (a resume is read into the last assistant message, as `sendMessage(undefined, …)`
// does). Nothing is edited; ids and run ids are the server's. The `reloaded.*` conversations are
// read back, as a reloaded page does, through @ask-user-kit/server's chatHistoryRoute on a second
// server whose agent has memory (chatRoute's `memory: { thread, resource }`), then go on live.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chatHistoryRoute } from '@ask-user-kit/server/ai-sdk';
import { ask, reply, startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
import { askUserAgent, tripPlannerScript } from '@ask-user-kit/testing/demo';
import { chatRoute } from '@mastra/ai-sdk';
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(here, '../src/adapters/aiSdk/chatMessages.json');

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

const server = await startMastraTestServer({ agents, apiRoutes: [chatRoute({ path: '/chat/:agentId' })] });
const remembering = await startMastraTestServer({
  agents: { trip: askUserAgent('trip', tripPlannerScript) },
  memory: true,
  apiRoutes: [chatHistoryRoute(), chatRoute({ path: '/chat/:agentId' })],
});
const memory = { thread: 'reloaded-thread', resource: 'reloaded-resource' };

/** The thread's messages as chatHistoryRoute gives them back to a reloaded page. */
async function history(): Promise<UIMessage[]> {
  const response = await fetch(`${remembering.url}/chat/trip/history?${new URLSearchParams(memory)}`);
  if (!response.ok) throw new Error(`history: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { messages: UIMessage[] }).messages;
}

/** One conversation, as useChat would hold it (from `initial`, as `useChat({ messages })` starts). */
function conversation(
  agentId: string,
  {
    on = server,
    body = {},
    initial = [],
  }: { on?: MastraTestServer; body?: object; initial?: UIMessage[] } = {},
) {
  const transport = new DefaultChatTransport<UIMessage>({ api: `${on.url}/chat/${agentId}`, body });
  let messages: UIMessage[] = initial;

  async function request(body: Record<string, unknown>): Promise<void> {
    const last = messages.at(-1);
    const continues = last?.role === 'assistant';
    const stream = await transport.sendMessages({
      chatId: `chat-${agentId}`,
      messages,
      trigger: 'submit-message',
      messageId: undefined,
      abortSignal: undefined,
      body,
    });
    let message: UIMessage | undefined;
    for await (const next of readUIMessageStream<UIMessage>({
      message: continues ? structuredClone(last) : undefined,
      stream,
      terminateOnError: true,
    })) {
      message = next;
    }
    if (!message) throw new Error(`${agentId}: the stream built no message`);
    messages = continues ? [...messages.slice(0, -1), message] : [...messages, message];
  }

  return {
    messages: () => structuredClone(messages),
    async send(text: string) {
      messages = [
        ...messages,
        { id: `user-${messages.length}`, role: 'user', parts: [{ type: 'text', text }] },
      ];
      await request({});
    },
    async resume(resumeData: string | string[]) {
      const suspended = messages
        .at(-1)!
        .parts.filter((part) => part.type === 'data-tool-call-suspended')
        .at(-1) as { data: { runId: string; toolCallId: string } };
      await request({ resumeData, runId: suspended.data.runId, toolCallId: suspended.data.toolCallId });
    },
  };
}

const recorded: Record<string, UIMessage[]> = {};

const trip = conversation('trip');
await trip.send('Plan a trip for me');
recorded['trip.asked-text'] = trip.messages();
await trip.resume('Lisbon');
recorded['trip.asked-single'] = trip.messages();
await trip.resume('Train');
recorded['trip.asked-multiple'] = trip.messages();
await trip.resume(['Museums', 'Food tours']);
recorded['trip.done'] = trip.messages();

const malformed = conversation('malformed');
await malformed.send('Ask me something broken');
recorded['malformed.asked'] = malformed.messages();

const twoAsks = conversation('two-asks');
await twoAsks.send('Ask me two things');
recorded['two-asks.asked-first'] = twoAsks.messages();
await twoAsks.resume('One');
recorded['two-asks.asked-second'] = twoAsks.messages();

// A page answers the first question, is reloaded, reads the thread back and answers the rest.
const beforeReload = conversation('trip', { on: remembering, body: { memory } });
await beforeReload.send('Plan a trip for me');
await beforeReload.resume('Lisbon');
const reloaded = conversation('trip', { on: remembering, body: { memory }, initial: await history() });
recorded['reloaded.asked-single'] = reloaded.messages();
await reloaded.resume('Train');
recorded['reloaded.asked-multiple'] = reloaded.messages();
await reloaded.resume(['Museums', 'Food tours']);
recorded['reloaded.done'] = reloaded.messages();
// And once more after the run ended: every question answered, none suspended.
recorded['reloaded.done-history'] = await history();

await server.close();
await remembering.close();

const header = {
  recordedWith: 'node packages/react/scripts/recordChatParts.ts',
  how:
    "useChat's messages (DefaultChatTransport + readUIMessageStream of ai 7.0.173) from @mastra/ai-sdk 1.10.4 " +
    "chatRoute (default version 'v5') on a real Mastra server with @mastra/core 1.71.0 and scripted models; " +
    "reloaded.*: read back through @ask-user-kit/server's chatHistoryRoute (Mastra memory, LibSQL in memory)",
};
writeFileSync(out, `${JSON.stringify({ ...header, conversations: recorded }, null, 2)}\n`);
console.log(
  `recorded ${Object.keys(recorded).length} conversations into ${path.relative(process.cwd(), out)}`,
);
