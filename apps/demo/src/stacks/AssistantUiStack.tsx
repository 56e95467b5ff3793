import {
  AssistantRuntimeProvider,
  MessagePrimitive,
  ThreadPrimitive,
  type AssistantRuntime,
} from '@assistant-ui/react';
import { AssistantChatTransport, useAISDKChat, useChatRuntime } from '@assistant-ui/react-ai-sdk';
import { createFetchTransport } from '@ask-user-kit/core';
import { useAskUserChat, type AskUserChatSource } from '@ask-user-kit/react/ai-sdk';
import {
  AskUserToolPart,
  makeAskUserDataUI,
  type AskUserDataPartOptions,
} from '@ask-user-kit/react/assistant-ui';
import type { UIMessage } from 'ai';
import { useState } from 'react';
import { HistoryPending, readChatHistory, useChatHistory } from './chatHistory.tsx';
import { Avatar } from '../rows.tsx';
import { StackShell, type StackPageProps } from './StackShell.tsx';

const runs = createFetchTransport({ baseUrl: '', agentId: 'planner' });

/**
 * The answers' options: the suspended-runs list tells an expired question from a failed resume
 * (chatRoute says 500 for both); the history brings another window's answer and the question
 * waiting now.
 */
const answerOptions = (conversationId: string): AskUserDataPartOptions => ({
  suspendedRuns: async () => (await runs.listSuspended({ resourceId: conversationId })).runs,
  history: () => readChatHistory(conversationId),
  promptProps: { autoFocus: true },
});

/**
 * The planner through assistant-ui's AI SDK runtime over @mastra/ai-sdk's chatRoute (/chat/planner,
 * proxied by Vite): the kit's renderer registered for chatRoute's `tool-call-suspended` data parts.
 * As with the AI SDK's useChat, the thread is read from the server's chatHistoryRoute first and
 * given to `useChatRuntime({ messages })`, so a reload brings the conversation back; questions
 * answered before it are only their tool's part there, rendered by the kit's `AskUserToolPart`.
 */
export default function AssistantUiStack(props: StackPageProps) {
  const history = useChatHistory(props.conversationId, props.newThread);
  if (history === undefined || history instanceof Error)
    return <HistoryPending {...props} stack="assistant-ui" history={history} />;
  return <AssistantUiChat key={props.conversationId} {...props} initialMessages={history} />;
}

function AssistantUiChat({ initialMessages, ...props }: StackPageProps & { initialMessages: UIMessage[] }) {
  const memory = { thread: props.conversationId, resource: props.conversationId };
  const [transport] = useState(() => new AssistantChatTransport({ api: '/chat/planner', body: { memory } }));
  const runtime = useChatRuntime({ transport, messages: initialMessages });
  const [options] = useState(() => answerOptions(props.conversationId));
  const [AskUserDataUI] = useState(() => makeAskUserDataUI(options));
  return (
    <AssistantRuntimeProvider runtime={runtime}>
      <AskUserDataUI />
      <Thread {...props} runtime={runtime} options={options} />
    </AssistantRuntimeProvider>
  );
}

interface ThreadProps extends StackPageProps {
  runtime: AssistantRuntime;
  options: AskUserDataPartOptions;
}

function Thread(props: ThreadProps) {
  const chat = useAISDKChat() as AskUserChatSource | undefined;
  return chat ? <ChatThread {...props} chat={chat} /> : null;
}

function ChatThread({ runtime, options, chat, ...props }: ThreadProps & { chat: AskUserChatSource }) {
  // The same answers as the thread's questions show: one per chat.
  const run = useAskUserChat(chat, options);
  const messages = chat.messages;
  const waiting = run.openPrompts.length > 0;
  const busy = chat.status === 'submitted' || chat.status === 'streaming';
  const last = messages.at(-1);
  return (
    <StackShell
      {...props}
      stack="assistant-ui"
      busy={busy}
      waiting={waiting}
      runError={waiting ? undefined : run.error}
      rowCount={messages.length}
      thinking={busy && last?.role !== 'assistant'}
      onSend={(text) => runtime.thread.append(text)}
    >
      <ThreadPrimitive.Messages components={{ UserMessage, AssistantMessage }} />
    </StackShell>
  );
}

// Each text part is its own bubble: assistant-ui's default Text part is a <p> of its own, which
// inside the bubble's <p> would be invalid markup.
function UserMessage() {
  return (
    <li className="message message--user">
      <span className="visually-hidden">You said:</span>
      <MessagePrimitive.Parts components={{ Text: UserBubble }} />
    </li>
  );
}

function UserBubble({ text }: { text: string }) {
  return text ? <p className="bubble">{text}</p> : null;
}

// Questions answered before a reload: their tool's part (the waiting ones are data parts, AskUserDataUI).
const tools = { by_name: { ask_user: AskUserToolPart } };

/** Text parts as the default page's bubbles; each question in its place, rendered by the kit. */
function AssistantMessage() {
  return (
    <li className="message message--assistant message--prompt">
      <Avatar />
      <div className="stack-parts">
        <MessagePrimitive.Parts components={{ Text: TextBubble, tools }} />
      </div>
    </li>
  );
}

function TextBubble({ text }: { text: string }) {
  if (!text) return null;
  return (
    <p className="bubble">
      <span className="visually-hidden">Planner:</span>
      {text}
    </p>
  );
}
