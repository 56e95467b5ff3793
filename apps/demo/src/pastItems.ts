import type { ItemEntry, ItemKind } from '@ask-user-kit/core';
import type { FormData } from '@ask-user-kit/core/items';
import { useCallback, useMemo, useState } from 'react';

/**
 * What the concierge's thread holds of its approvals and forms. The kit's history reads a thread's
 * messages and `ask_user` questions only, and the run's items are the calls that wait now; this is
 * the rest, read from the same messages as the history reads them (the page gives `fetch` to
 * `useThreadHistory`, so nothing is read twice): the calls answered before (an approval given or
 * refused, a form sent), and the turn each call was made in, open ones included.
 */
export interface PastItems {
  /** The calls answered before, as items in their answered state, oldest first. */
  answered: readonly ItemEntry[];
  /** The turn (how many messages of the user came before it) of each call, by tool call id. */
  turns: ReadonlyMap<string, number>;
}

interface StoredInvocation {
  state?: unknown;
  toolCallId?: unknown;
  toolName?: unknown;
  args?: unknown;
  result?: unknown;
  approval?: { approved?: unknown; reason?: unknown };
}

// Mastra stores this reason for a call declined without one: the user gave none.
const DEFAULT_DECLINE_REASON = 'Tool call was not approved by the user';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The answer an invocation's stored state says it was given, if it was answered. */
function answerOf(invocation: StoredInvocation): ItemEntry['answer'] | undefined {
  const { approval } = invocation;
  if (isRecord(approval) && approval.approved === true) return { type: 'approve' };
  if (isRecord(approval) && approval.approved === false) {
    const reason = typeof approval.reason === 'string' ? approval.reason : undefined;
    return reason && reason !== DEFAULT_DECLINE_REASON ? { type: 'decline', reason } : { type: 'decline' };
  }
  if (invocation.state === 'result' && isRecord(invocation.result))
    return { type: 'submit', data: invocation.result as FormData };
  return undefined;
}

/**
 * The past items of a thread's messages (Mastra memory, oldest first), as the page's item kinds
 * read them; tools no kind takes (`ask_user`) are left out. Untrusted data: whatever cannot be read
 * is skipped.
 */
export function readPastItems(messages: readonly unknown[], kinds: readonly ItemKind[]): PastItems {
  const answered: ItemEntry[] = [];
  const turns = new Map<string, number>();
  let turn = 0;
  for (const message of messages) {
    if (!isRecord(message) || typeof message.id !== 'string') continue;
    if (message.role === 'user') turn += 1;
    if (message.role !== 'assistant' || !isRecord(message.content)) continue;
    const parts = Array.isArray(message.content.parts) ? (message.content.parts as unknown[]) : [];
    for (const part of parts) {
      if (!isRecord(part) || part.type !== 'tool-invocation' || !isRecord(part.toolInvocation)) continue;
      const invocation = part.toolInvocation as StoredInvocation;
      const { toolCallId, toolName } = invocation;
      if (typeof toolCallId !== 'string' || typeof toolName !== 'string') continue;
      const answer = answerOf(invocation);
      const call = {
        // The run is not kept once a call is answered: the message stands for it.
        runId: `history:${message.id}`,
        toolCallId,
        toolName,
        requiresApproval: answer?.type === 'approve' || answer?.type === 'decline',
        args: invocation.args,
      };
      const item = kinds.map((kind) => kind.parse(call, `${call.runId}:${toolCallId}`)).find(Boolean);
      if (!item) continue;
      turns.set(toolCallId, turn);
      if (answer) answered.push({ type: 'item', id: item.key, item, state: 'answered', answer });
    }
  }
  return { answered, turns };
}

/** The messages of one read of a thread: its pages, newest first (page 0 holds the newest). */
type Pages = ReadonlyMap<number, readonly unknown[]>;

/** Oldest first, each message once. */
function messagesOf(pages: Pages): unknown[] {
  const seen = new Set<unknown>();
  return [...pages.entries()]
    .sort(([a], [b]) => b - a)
    .flatMap(([, messages]) => messages)
    .filter((message) => {
      const id = isRecord(message) ? message.id : message;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
}

const MESSAGES_ROUTE = /\/memory\/threads\/[^/]+\/messages$/;

/**
 * A `fetch` for `useThreadHistory` that reads each page of the thread's messages as it goes by,
 * and the past items those messages hold.
 */
export function usePastItems(kinds: readonly ItemKind[]): { fetch: typeof fetch; past: PastItems } {
  const [pages, setPages] = useState<Pages>(new Map());
  const watchingFetch = useCallback<typeof fetch>(async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (!response.ok || !MESSAGES_ROUTE.test(url.pathname)) return response;
    const page = Number(url.searchParams.get('page') ?? 0);
    const body = (await response.clone().json()) as { messages?: unknown };
    const messages = Array.isArray(body.messages) ? (body.messages as unknown[]) : [];
    // Page 0 starts a new read: the pages of an earlier one are older news.
    setPages((before) => new Map(page === 0 ? [] : before).set(page, messages));
    return response;
  }, []);
  const past = useMemo(() => readPastItems(messagesOf(pages), kinds), [pages, kinds]);
  return { fetch: watchingFetch, past };
}
