import { createFetchTransport, type PromptEntry } from '@ask-user-kit/core';
import { AskUserPrompt, type AskUserPromptRun } from '@ask-user-kit/react';
import { historyEntries } from '@ask-user-kit/core/history';
import { useAskUserMastraChat } from '@ask-user-kit/react/mastra-react';
import { MastraReactProvider, useChat } from '@mastra/react';
import { useEffect, useState } from 'react';
import { isOpen, MessageRow, PromptRow } from '../rows.tsx';
import { StackShell, type StackPageProps } from './StackShell.tsx';

type StoredMessage = NonNullable<Parameters<typeof useChat>[0]['initialMessages']>[number];

const NOTHING_YET: StoredMessage[] = [];

/**
 * The planner through @mastra/react's useChat. useChat reads no history itself: the thread's stored
 * messages are read from Mastra's memory route first and given as `initialMessages`, so a reload
 * brings the conversation back, with the question that waits in its message's metadata. A
 * conversation the page just made has nothing to read.
 */
export default function MastraReactStack(props: StackPageProps) {
  const [read, setRead] = useState<StoredMessage[] | Error>();
  const { conversationId, newThread, onNewConversation } = props;
  useEffect(() => {
    if (newThread) return;
    const abort = new AbortController();
    threadMessages(conversationId, abort.signal).then(setRead, (error: unknown) => {
      if (!abort.signal.aborted) setRead(error instanceof Error ? error : new Error(String(error)));
    });
    return () => abort.abort();
  }, [conversationId, newThread]);
  const initial = newThread ? NOTHING_YET : read;

  if (initial === undefined || initial instanceof Error)
    return (
      <StackShell
        stack="mastra-react"
        conversationId={conversationId}
        onNewConversation={onNewConversation}
        busy={false}
        waiting={false}
        connecting={initial === undefined}
        unreadable={initial !== undefined}
        rowCount={0}
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

type Row =
  | { type: 'text'; key: string; role: 'user' | 'assistant'; text: string }
  | { type: 'prompt'; key: string; entry: PromptEntry; live: boolean };

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
  const busy = chat.isRunning || submitting;
  const shown = rows(chat.messages, run.transcript);
  const last = shown.at(-1);
  // A question answered before the reload, which the chat's messages hold only as its tool's part.
  const answeredBefore = (entry: PromptEntry): AskUserPromptRun => ({
    submit: run.submit,
    retry: run.retry,
    transcript: [entry],
    openPrompts: [],
  });

  return (
    <StackShell
      stack="mastra-react"
      conversationId={conversationId}
      onNewConversation={onNewConversation}
      busy={busy}
      waiting={waiting}
      rowCount={shown.length}
      thinking={busy && !(last?.type === 'text' && last.role === 'assistant')}
      onSend={(message) => void chat.sendMessage({ message, threadId: conversationId })}
    >
      {shown.map((row) =>
        row.type === 'prompt' ? (
          <PromptRow key={row.key} open={isOpen(run.openPrompts, row.entry.prompt.key)}>
            <AskUserPrompt
              run={row.live ? run : answeredBefore(row.entry)}
              prompt={row.entry.prompt}
              autoFocus
            />
          </PromptRow>
        ) : (
          <MessageRow key={row.key} role={row.role} text={row.text} speaker="Planner" />
        ),
      )}
    </StackShell>
  );
}

/**
 * The chat's messages in order, each assistant message's questions before its text. A question
 * the adapter follows (`live`) shows as it has it; one the chat's messages hold only as its tool's
 * part (answered before a reload: no longer in `suspendedTools`) is read from that part as the
 * kit's history reads it. Questions no message names yet come after the last message of the user.
 */
function rows(messages: readonly StoredMessage[], live: readonly PromptEntry[]): Row[] {
  const byCall = new Map(live.map((entry) => [entry.prompt.toolCallId, entry]));
  const placed = new Set<PromptEntry>();
  const placedRows = messages.map((message): Row[] => {
    const text: Row = {
      type: 'text',
      key: message.id,
      role: message.role === 'user' ? 'user' : 'assistant',
      text: textOf(message),
    };
    if (message.role !== 'assistant') return [text];
    const prompts = historyEntries([message]).flatMap((stored): Row[] => {
      if (stored.type !== 'prompt') return [];
      const followed = byCall.get(stored.prompt.toolCallId);
      if (followed) placed.add(followed);
      const entry = followed ?? stored;
      return [{ type: 'prompt', key: entry.id, entry, live: followed !== undefined }];
    });
    return [...prompts, text];
  });
  const unplaced = live
    .filter((entry) => !placed.has(entry))
    .map((entry): Row => ({ type: 'prompt', key: entry.id, entry, live: true }));
  const lastUser = messages.findLastIndex((message) => message.role === 'user');
  return [
    ...placedRows.slice(0, lastUser + 1).flat(),
    ...unplaced,
    ...placedRows.slice(lastUser + 1).flat(),
  ].filter((row) => row.type === 'prompt' || row.text);
}

function textOf(message: StoredMessage): string {
  const { content } = message;
  if (typeof content === 'string') return content;
  return content.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** The thread's stored messages, oldest first. */
async function threadMessages(threadId: string, signal: AbortSignal): Promise<StoredMessage[]> {
  const query = new URLSearchParams({ agentId: 'planner', resourceId: threadId, perPage: '100' });
  const response = await fetch(`/api/memory/threads/${encodeURIComponent(threadId)}/messages?${query}`, {
    signal,
  });
  // A thread never written to (a link to a conversation that was not begun): nothing to show.
  if (response.status === 404) return [];
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  const { messages } = (await response.json()) as { messages?: StoredMessage[] };
  return messages ?? [];
}
