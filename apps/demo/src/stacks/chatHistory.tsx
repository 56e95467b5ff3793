import type { UIMessage } from 'ai';
import { useEffect, useState } from 'react';
import { StackShell, type StackName, type StackPageProps } from './StackShell.tsx';

/** What a chat stack over chatRoute starts from: its thread's messages, once read. */
export type ChatHistory = UIMessage[] | Error | undefined;

const NOTHING_YET: UIMessage[] = [];

/**
 * The conversation's messages, read from the server's chatHistoryRoute (`/chat/planner/history`,
 * proxied by Vite): chatRoute keeps the thread in Mastra's memory but serves no history, so this is
 * what brings a conversation, and the question it waits on, back after a reload. `undefined` while
 * it is read; an `Error` when it could not be. A conversation the page just made has nothing to
 * read: none at once.
 */
export function useChatHistory(conversationId: string, newThread: boolean): ChatHistory {
  const [history, setHistory] = useState<{ conversationId: string; history: ChatHistory }>();
  useEffect(() => {
    if (newThread) return;
    const abort = new AbortController();
    const settle = (next: UIMessage[] | Error) => {
      if (!abort.signal.aborted) setHistory({ conversationId, history: next });
    };
    readChatHistory(conversationId, abort.signal).then(settle, (error: unknown) =>
      settle(error instanceof Error ? error : new Error(String(error))),
    );
    return () => abort.abort();
  }, [conversationId, newThread]);
  if (newThread) return NOTHING_YET;
  // A history read for the previous conversation is not this one's.
  return history?.conversationId === conversationId ? history.history : undefined;
}

/** The page while the history is read ("Opening your conversation…"), or when it could not be. */
export function HistoryPending({
  stack,
  history,
  conversationId,
  onNewConversation,
}: StackPageProps & { stack: StackName; history: Error | undefined }) {
  return (
    <StackShell
      stack={stack}
      conversationId={conversationId}
      onNewConversation={onNewConversation}
      busy={false}
      waiting={false}
      connecting={history === undefined}
      unreadable={history !== undefined}
      rowCount={0}
      onSend={() => {}}
    >
      {null}
    </StackShell>
  );
}

/** The thread's UI messages, oldest first; none for a conversation not begun yet. */
export async function readChatHistory(thread: string, signal?: AbortSignal): Promise<UIMessage[]> {
  // chatRoute's body names the thread and its resource (`memory`): the demo uses one id for both.
  const query = new URLSearchParams({ thread, resource: thread });
  const response = await fetch(`/chat/planner/history?${query}`, { signal });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  const { messages } = (await response.json()) as { messages?: UIMessage[] };
  return messages ?? [];
}
