import {
  AssistantRuntimeProvider,
  MessagePrimitive,
  ThreadPrimitive,
  type AssistantRuntime,
} from '@assistant-ui/react';
import { AssistantChatTransport, useAISDKChat, useChatRuntime } from '@assistant-ui/react-ai-sdk';
import { createFetchTransport } from '@ask-user-kit/core';
import { chatPrompts, type AskUserChatSource } from '@ask-user-kit/react/ai-sdk';
import { AskUserToolPart, makeAskUserDataUI } from '@ask-user-kit/react/assistant-ui';
import type { UIMessage } from 'ai';
import { useState } from 'react';
import { HistoryPending, useChatHistory } from './chatHistory.tsx';
import { Avatar } from '../rows.tsx';
import { StackShell, type StackPageProps } from './StackShell.tsx';

// The suspended-runs list tells an expired question from a failed resume (chatRoute says 500 for both).
const AskUserDataUI = makeAskUserDataUI({
  transport: createFetchTransport({ baseUrl: '', agentId: 'planner' }),
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
  return (
    <AssistantRuntimeProvider runtime={runtime}>
      <AskUserDataUI />
      <Thread {...props} runtime={runtime} />
    </AssistantRuntimeProvider>
  );
}

function Thread({ runtime, ...props }: StackPageProps & { runtime: AssistantRuntime }) {
  const chat = useAISDKChat() as AskUserChatSource | undefined;
  const messages = chat?.messages ?? [];
  const waiting = chatPrompts(messages).some((found) => found.state === 'ready');
  const busy = chat?.status === 'submitted' || chat?.status === 'streaming';
  const last = messages.at(-1);
  return (
    <StackShell
      {...props}
      stack="assistant-ui"
      busy={busy}
      waiting={waiting}
      error={chat?.status === 'error' && !waiting ? chat.error?.message : undefined}
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
