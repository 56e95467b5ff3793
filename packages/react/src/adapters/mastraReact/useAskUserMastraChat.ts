import { parsePrompt, type AgentTransport, type DecodeEvent, type Prompt } from '@ask-user-kit/core';
import type { FoundPrompt } from '@ask-user-kit/core/internal';
import { accumulateChunk, type MastraDBMessage } from '@mastra/react';
import { useEffect, useMemo, useState } from 'react';
import { useLatest, useStackRun, useTracker, withRestored, type StackRun } from '../shared/useStackRun.ts';
import { mastraChatPrompts, type MastraPrompt } from './mastraPrompts.ts';

/** What the hook needs of `useChat()` (`@mastra/react`): its result fits. */
export interface AskUserMastraChatSource {
  messages: readonly MastraDBMessage[];
  setMessages(update: (messages: MastraDBMessage[]) => MastraDBMessage[]): void;
  isRunning: boolean;
}

/** `useAskUserMastraChat`'s options. */
export interface AskUserMastraChatOptions {
  /**
   * How answers reach the agent: `createFetchTransport({ baseUrl, agentId })` from
   * `@ask-user-kit/core`, or `createClientJsTransport(useMastraClient().getAgent(agentId))` from
   * `@ask-user-kit/core/client-js`. Its `resume` takes the question's own run id, and its refusals
   * (409 `answered-elsewhere`, `expired` confirmed by the suspended-runs list) become the
   * question's state; after one answered in another window, its `listSuspended` finds the next
   * (given `resourceId` or `threadId`). Behind an answer guard that signs (`signingSecret`), its
   * `listSuspended` also gives the signature of each question answered (one read per answer).
   */
  transport: Pick<AgentTransport, 'resume' | 'listSuspended'>;
  /** The resource the chat's runs belong to (useChat's `resourceId`), sent with each answer. */
  resourceId?: string;
  /** The chat's thread (useChat's `threadId`), sent with each answer. */
  threadId?: string;
}

type Remembered = ReadonlyMap<string, { prompt: Prompt; messageId: string }>;

/** `remembered` with the prompts of `found` it did not have; the same map when none are new. */
function remember(remembered: Remembered, found: readonly (MastraPrompt | FoundPrompt)[]): Remembered {
  let next: Map<string, { prompt: Prompt; messageId: string }> | undefined;
  for (const entry of found) {
    if (!('messageId' in entry) || remembered.has(entry.prompt.key)) continue;
    const { prompt, messageId } = entry;
    next ??= new Map(remembered);
    next.set(prompt.key, { prompt, messageId });
  }
  return next ?? remembered;
}

/**
 * Answers `ask_user` questions in a `@mastra/react` chat: finds the prompts in `useChat()`'s
 * messages (`content.metadata.suspendedTools`, remembering those a later suspension of the same
 * tool replaced there), and resumes a validated answer with the prompt's **own** run id through
 * `transport`, folding the resumed stream into the chat's messages with @mastra/react's
 * `accumulateChunk`, as useChat folds its own. Not through `approveToolCall(toolCallId, data)`:
 * that resumes the hook's latest run, so a question of an earlier run of the chat could not be
 * answered. The result fits `<AskUserPrompt run>` unchanged.
 * @example
 * const chat = useChat({ agentId: 'planner' });
 * const [transport] = useState(() => createFetchTransport({ baseUrl, agentId: 'planner' }));
 * const run = useAskUserMastraChat(chat, { transport });
 * run.openPrompts.map((prompt) => <AskUserPrompt key={prompt.key} run={run} prompt={prompt} />);
 */
export function useAskUserMastraChat(
  chat: AskUserMastraChatSource,
  options: AskUserMastraChatOptions,
): StackRun {
  const [remembered, setRemembered] = useState<Remembered>(() => new Map());
  const latest = useLatest({ chat, options });
  const answers = useTracker<FoundPrompt>({
    busy: () => latest.current.chat.isRunning,
    // The chat's own runs: without its resource or thread, another chat's would come too.
    suspendedRuns: () => {
      const { transport, resourceId, threadId } = latest.current.options;
      if (resourceId === undefined && threadId === undefined) return undefined;
      return transport.listSuspended({ resourceId, threadId }).then(({ runs }) => runs);
    },
    send: async ({ prompt, signature }, answer) => {
      const {
        chat: current,
        options: { transport, resourceId, threadId },
      } = latest.current;
      const { runId, toolCallId } = prompt;
      const resumeData = answer;
      const events = await transport.resume({
        runId,
        toolCallId,
        resumeData,
        resourceId,
        threadId,
        signature: signature ?? (await listedSignature(transport, prompt, { resourceId, threadId })),
      });
      // Taken: the reply folds into the chat as it streams; one that breaks off shows as it stands.
      void foldInto(current, events).catch(() => {});
    },
  });
  const { restored } = answers.snapshot;
  const found = useMemo(
    () => withRestored(mastraChatPrompts(chat.messages, remembered), restored),
    [chat.messages, remembered, restored],
  );
  // A question seen once stays known, even when its message's suspendedTools entry is replaced.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- kept after the commit that first showed it; the same map (no render) when none is new
    setRemembered((current) => remember(current, found));
  }, [found]);
  return useStackRun(answers, found);
}

/**
 * The answer guard's signature (`signingSecret`) of a question, read from the suspended-runs list
 * when it shows there exactly as it was shown here: useChat's messages keep no signature
 * (@mastra/react copies only the fields it knows of a suspension). A signature depends only on
 * what it covers, so it is the one the question's stream carried as long as nothing changed; a
 * question changed since gets none, and the guard refuses the answer (403). `undefined` also when
 * the list has none (a server that does not sign) or cannot be read.
 */
async function listedSignature(
  transport: Pick<AgentTransport, 'listSuspended'>,
  shown: Prompt,
  owner: { resourceId?: string; threadId?: string },
): Promise<string | undefined> {
  try {
    const { runs } = await transport.listSuspended(owner);
    for (const run of runs) {
      if (run.runId !== shown.runId) continue;
      const call = run.toolCalls.find((candidate) => candidate.toolCallId === shown.toolCallId);
      if (!call || typeof call.signature !== 'string') return undefined;
      const listed = parsePrompt({ ...call, runId: run.runId });
      return JSON.stringify(listed) === JSON.stringify(shown) ? call.signature : undefined;
    }
  } catch {
    // No list, no signature: the guard, when it signs, says why the answer was refused.
  }
  return undefined;
}

type AccumulatedChunk = Parameters<typeof accumulateChunk>[0]['chunk'];

/** Folds a resumed stream into the chat's messages, chunk by chunk, as useChat folds its own. */
async function foldInto(chat: AskUserMastraChatSource, events: AsyncIterable<DecodeEvent[]>): Promise<void> {
  for await (const batch of events) {
    const chunks = batch.flatMap((event) => (event.kind === 'chunk' ? [event.chunk] : []));
    if (chunks.length === 0) continue;
    chat.setMessages((messages) =>
      chunks.reduce(
        (conversation, chunk) =>
          accumulateChunk({
            chunk: chunk as AccumulatedChunk,
            conversation,
            metadata: { mode: 'stream', runId: chunk.runId },
          }),
        messages,
      ),
    );
  }
}
