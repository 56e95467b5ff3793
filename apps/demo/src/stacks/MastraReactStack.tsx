import { createFetchTransport } from '@ask-user-kit/core';
import { AskUserPrompt } from '@ask-user-kit/react';
import { useAskUserMastraChat } from '@ask-user-kit/react/mastra-react';
import { MastraReactProvider, useChat } from '@mastra/react';
import { useEffect, useState } from 'react';
import { MessageRow, PromptRow, StackShell, statusOf, type StackPageProps } from './StackShell.tsx';

type StoredMessage = NonNullable<Parameters<typeof useChat>[0]['initialMessages']>[number];

const HISTORY_FAILED = 'The conversation could not be read from the server. Reload to try again.';

/**
 * The planner through @mastra/react's useChat. useChat reads no history itself: the thread's stored
 * messages are read from Mastra's memory route first and given as `initialMessages`, so a reload
 * brings the conversation back, with the question that waits in its message's metadata.
 */
export default function MastraReactStack(props: StackPageProps) {
  const [initial, setInitial] = useState<StoredMessage[] | Error>();
  useEffect(() => {
    const abort = new AbortController();
    threadMessages(props.conversationId, abort.signal).then(setInitial, (error: unknown) => {
      if (!abort.signal.aborted) setInitial(error instanceof Error ? error : new Error(String(error)));
    });
    return () => abort.abort();
  }, [props.conversationId]);

  if (initial === undefined || initial instanceof Error)
    return (
      <StackShell
        {...props}
        stack="mastra-react"
        status="idle"
        waiting={false}
        connecting={initial === undefined}
        empty
        error={initial && HISTORY_FAILED}
        onSend={() => {}}
      >
        {null}
      </StackShell>
    );
  return (
    // useChat's client: the page's own origin, where Vite proxies /api to the Mastra server.
    <MastraReactProvider baseUrl={window.location.origin}>
      <MastraChat {...props} initialMessages={initial} />
    </MastraReactProvider>
  );
}

function MastraChat({
  conversationId,
  onNewConversation,
  initialMessages,
}: StackPageProps & { initialMessages: StoredMessage[] }) {
  const ids = { threadId: conversationId, resourceId: conversationId };
  const chat = useChat({ agentId: 'planner', ...ids, initialMessages });
  const [transport] = useState(() => createFetchTransport({ baseUrl: '', agentId: 'planner' }));
  const run = useAskUserMastraChat(chat, { transport, ...ids });
  const waiting = run.openPrompts.length > 0;
  const submitting = run.transcript.some((entry) => entry.state === 'submitting');
  // Questions show after the message that led to them (suspendedTools keeps only the latest one).
  const lastUser = chat.messages.findLastIndex((message) => message.role === 'user');
  const messageRows = (messages: StoredMessage[]) =>
    messages.map((message) => (
      <MessageRow
        key={message.id}
        role={message.role === 'user' ? 'user' : 'assistant'}
        text={textOf(message)}
      />
    ));

  return (
    <StackShell
      stack="mastra-react"
      conversationId={conversationId}
      onNewConversation={onNewConversation}
      status={statusOf({
        busy: chat.isRunning || submitting,
        waiting,
        failed: false,
        said: chat.messages.length > 0,
      })}
      waiting={waiting}
      empty={chat.messages.length === 0}
      onSend={(message) => void chat.sendMessage({ message, threadId: conversationId })}
    >
      {messageRows(chat.messages.slice(0, lastUser + 1))}
      {run.transcript.map((entry) => (
        <PromptRow key={entry.prompt.key}>
          <AskUserPrompt run={run} prompt={entry.prompt} autoFocus />
        </PromptRow>
      ))}
      {messageRows(chat.messages.slice(lastUser + 1))}
    </StackShell>
  );
}

function textOf(message: StoredMessage): string {
  const { content } = message;
  if (typeof content === 'string') return content;
  return content.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** The thread's stored messages, oldest first; none for a thread not begun yet (404). */
async function threadMessages(threadId: string, signal: AbortSignal): Promise<StoredMessage[]> {
  const query = new URLSearchParams({ agentId: 'planner', resourceId: threadId, perPage: '100' });
  const response = await fetch(`/api/memory/threads/${encodeURIComponent(threadId)}/messages?${query}`, {
    signal,
  });
  if (response.status === 404) return [];
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  const { messages } = (await response.json()) as { messages?: StoredMessage[] };
  return messages ?? [];
}
