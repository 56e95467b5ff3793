// @vitest-environment node
// One answer whose labels hold ", ", given through a real Mastra server, read back on every path
// the kit reads askUserTool's output on: memory (core's history), the AI SDK's useChat messages
// (live, and reloaded through chatHistoryRoute), @mastra/react's useChat messages and AG-UI's
// events. Each stack's messages are built by its own package, as the adapters' recordings are
// (see packages/react/scripts/record*.ts); Mastra runs in Node, so this file does too.
import type { BaseEvent } from '@ag-ui/client';
import { getLocalAgent } from '@ag-ui/mastra';
import { createFetchTransport, createRunStore, type DecodeEvent } from '@ask-user-kit/core';
import { loadThreadHistory } from '@ask-user-kit/core/history';
import { chatHistoryRoute } from '@ask-user-kit/server/ai-sdk';
import { ask, reply, startMastraTestServer, type MastraTestServer } from '@ask-user-kit/testing';
import { askUserAgent } from '@ask-user-kit/testing/demo';
import { chatRoute } from '@mastra/ai-sdk';
import { accumulateChunk, fromCoreUserMessagesToMastraDBMessage, type MastraDBMessage } from '@mastra/react';
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agUiPrompts, type AgUiEventLike } from '../agUi/agUiPrompts.ts';
import { chatPrompts, type ChatMessageLike } from '../aiSdk/chatPrompts.ts';
import { mastraChatPrompts, type MastraMessageLike } from '../mastraReact/mastraPrompts.ts';

const ANSWER = ['Paris, France', 'Rome'];
const agentId = 'cities';

let server: MastraTestServer;
beforeAll(async () => {
  server = await startMastraTestServer({
    agents: {
      [agentId]: askUserAgent(agentId, [
        ask.multiple('Which cities?', ['Paris, France', 'Rome', 'Oslo']),
        reply('Noted.'),
      ]),
    },
    memory: true,
    apiRoutes: [chatHistoryRoute(), chatRoute({ path: '/chat/:agentId' })],
  });
});
afterAll(() => server?.close());

describe('an answer whose labels hold ", ", read back on every path', () => {
  it('is the two labels in memory, through core’s history', async () => {
    const store = createRunStore({
      transport: createFetchTransport({ baseUrl: server.url, agentId }),
      threadId: 'kit',
      resourceId: 'kit',
    });
    await store.send('Where to?');
    await store.submit(store.getSnapshot().openPrompts[0]!.key, ANSWER);
    const { entries } = await loadThreadHistory({
      baseUrl: server.url,
      agentId,
      threadId: 'kit',
      resourceId: 'kit',
    });
    expect(entries.find((entry) => entry.type === 'prompt')).toMatchObject({
      state: 'answered',
      answer: ANSWER,
    });
  });

  it('is the two labels in the AI SDK’s messages, live and reloaded from memory', async () => {
    const memory = { thread: 'ai-sdk', resource: 'ai-sdk' };
    const transport = new DefaultChatTransport<UIMessage>({
      api: `${server.url}/chat/${agentId}`,
      body: { memory },
    });
    let messages: UIMessage[] = [
      { id: 'user-0', role: 'user', parts: [{ type: 'text', text: 'Where to?' }] },
    ];
    // As useChat reads a reply: a resume goes into the last assistant message.
    const request = async (body: Record<string, unknown>) => {
      const last = messages.at(-1)!;
      const continues = last.role === 'assistant';
      const stream = await transport.sendMessages({
        chatId: 'ai-sdk',
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
      }))
        message = next;
      messages = continues ? [...messages.slice(0, -1), message!] : [...messages, message!];
    };
    await request({});
    const [asked] = chatPrompts(messages as ChatMessageLike[]);
    await request({ resumeData: ANSWER, runId: asked!.prompt.runId, toolCallId: asked!.prompt.toolCallId });
    expect(chatPrompts(messages as ChatMessageLike[])[0]).toMatchObject({
      state: 'answered',
      answer: ANSWER,
    });

    const response = await fetch(`${server.url}/chat/${agentId}/history?${new URLSearchParams(memory)}`);
    const reloaded = ((await response.json()) as { messages: ChatMessageLike[] }).messages;
    expect(chatPrompts(reloaded)[0]).toMatchObject({ state: 'answered', answer: ANSWER });
  });

  it('is the two labels in @mastra/react’s messages', async () => {
    const transport = createFetchTransport({ baseUrl: server.url, agentId });
    let messages: MastraDBMessage[] = [];
    // As @mastra/react's useChat folds each chunk of a stream into its messages.
    const fold = async (events: AsyncIterable<DecodeEvent[]>) => {
      for await (const batch of events)
        for (const event of batch) {
          if (event.kind !== 'chunk') continue;
          messages = accumulateChunk({
            chunk: event.chunk as Parameters<typeof accumulateChunk>[0]['chunk'],
            conversation: messages,
            metadata: { mode: 'stream', runId: event.chunk.runId },
          } as Parameters<typeof accumulateChunk>[0]);
        }
    };
    const text = 'Where to?';
    messages = [fromCoreUserMessagesToMastraDBMessage([{ role: 'user', content: text }])];
    await fold(await transport.stream({ messages: [{ role: 'user', content: text }] }));
    const [asked] = mastraChatPrompts(messages as MastraMessageLike[]);
    const { runId, toolCallId } = asked!.prompt;
    await fold(await transport.resume({ runId, toolCallId, resumeData: ANSWER }));
    expect(mastraChatPrompts(messages as MastraMessageLike[])[0]).toMatchObject({
      state: 'answered',
      answer: ANSWER,
    });
  });

  it('is the two labels in AG-UI’s events', async () => {
    const agent = getLocalAgent({ mastra: server.mastra as never, agentId, resourceId: 'ag-ui' });
    const events: BaseEvent[] = [];
    // A run of the thread, its events collected as an AG-UI client receives them.
    const run = (runId: string, forwardedProps: Record<string, unknown>) =>
      new Promise<void>((resolve, reject) =>
        agent
          .run({
            threadId: 'ag-ui',
            runId,
            messages: [{ id: 'message-1', role: 'user', content: 'Where to?' }],
            tools: [],
            context: [],
            state: {},
            forwardedProps,
          })
          .subscribe({ next: (event) => events.push(event), error: reject, complete: resolve }),
      );
    await run('run-1', {});
    const [asked] = agUiPrompts(events as AgUiEventLike[]);
    // As CopilotKit's useInterrupt resumes it.
    await run('run-2', { command: { resume: ANSWER, interruptEvent: asked!.interrupt } });
    expect(agUiPrompts(events as AgUiEventLike[])[0]).toMatchObject({ state: 'answered', answer: ANSWER });
  });
});
