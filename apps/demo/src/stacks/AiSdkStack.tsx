import { useChat } from '@ai-sdk/react';
import { createFetchTransport, type Prompt } from '@ask-user-kit/core';
import { AskUserPrompt } from '@ask-user-kit/react';
import {
  promptFromPart,
  storedPromptFromPart,
  useAskUserChat,
  type ChatMessageLike,
} from '@ask-user-kit/react/ai-sdk';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { useState } from 'react';
import { HistoryPending, readChatHistory, useChatHistory } from './chatHistory.tsx';
import { isOpen, MessageRow, PromptRow } from '../rows.tsx';
import { StackShell, type StackPageProps } from './StackShell.tsx';

/**
 * The planner through the AI SDK's useChat over @mastra/ai-sdk's chatRoute (/chat/planner, proxied
 * by Vite). The thread is kept in Mastra's memory; chatRoute serves no history, so the page reads
 * it from the server's chatHistoryRoute first and gives it to `useChat({ messages })`: a reload
 * brings the conversation back, with the question it waits on.
 */
export default function AiSdkStack(props: StackPageProps) {
  const history = useChatHistory(props.conversationId, props.newThread);
  if (history === undefined || history instanceof Error)
    return <HistoryPending {...props} stack="ai-sdk" history={history} />;
  return <AiSdkChat key={props.conversationId} {...props} initialMessages={history} />;
}

function AiSdkChat({
  conversationId,
  onNewConversation,
  initialMessages,
}: StackPageProps & { initialMessages: UIMessage[] }) {
  const memory = { thread: conversationId, resource: conversationId };
  const [transport] = useState(() => new DefaultChatTransport({ api: '/chat/planner', body: { memory } }));
  // The suspended-runs list tells an expired question from a failed resume (chatRoute says 500 for both).
  const [runs] = useState(() => createFetchTransport({ baseUrl: '', agentId: 'planner' }));
  const chat = useChat({ id: conversationId, transport, messages: initialMessages });
  const run = useAskUserChat(chat, {
    suspendedRuns: async () => (await runs.listSuspended({ resourceId: conversationId })).runs,
    history: () => readChatHistory(conversationId),
  });
  const waiting = run.openPrompts.length > 0;
  const busy = chat.status === 'submitted' || chat.status === 'streaming';
  const shown = rows(chat.messages);
  const last = shown.at(-1);

  return (
    <StackShell
      stack="ai-sdk"
      conversationId={conversationId}
      onNewConversation={onNewConversation}
      busy={busy}
      waiting={waiting}
      runError={waiting ? undefined : run.error}
      rowCount={shown.length}
      thinking={busy && !(last?.type === 'text' && last.role === 'assistant')}
      onSend={(text) => void chat.sendMessage({ text })}
    >
      {shown.map((row) =>
        row.type === 'prompt' ? (
          <PromptRow key={row.key} open={isOpen(run.openPrompts, row.prompt.key)}>
            <AskUserPrompt run={run} prompt={row.prompt} autoFocus />
          </PromptRow>
        ) : (
          <MessageRow key={row.key} role={row.role} text={row.text} speaker="Planner" />
        ),
      )}
    </StackShell>
  );
}

type Row =
  | { type: 'text'; key: string; role: 'user' | 'assistant'; text: string }
  | { type: 'prompt'; key: string; prompt: Prompt };

/**
 * The chat's parts in order, each question once: the resumed reply joins the assistant message
 * after its question, so the plan comes after the answers. A question the history brought back
 * answered is only its tool's part (storedPromptFromPart).
 */
function rows(messages: readonly ChatMessageLike[]): Row[] {
  const seen = new Set<string>();
  return messages.flatMap((message) =>
    message.parts.flatMap((part, index): Row[] => {
      const key = `${message.id}-${index}`;
      const role = message.role === 'user' ? 'user' : 'assistant';
      if (isText(part)) return [{ type: 'text', key, role, text: part.text }];
      const prompt = promptFromPart(part) ?? storedPromptFromPart(part, message);
      if (!prompt || seen.has(prompt.key)) return [];
      seen.add(prompt.key);
      return [{ type: 'prompt', key: prompt.key, prompt }];
    }),
  );
}

const isText = (part: unknown): part is { type: 'text'; text: string } =>
  (part as { type?: unknown }).type === 'text';
