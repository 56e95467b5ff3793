import {
  RequestError,
  toRunError,
  type AgentTransport,
  type AnswerValue,
  type DecodeEvent,
  type Prompt,
  type PromptEntry,
  type RunError,
} from '@ask-user-kit/core';
import { accumulateChunk, type MastraDBMessage } from '@mastra/react';
import { useCallback, useInsertionEffect, useMemo, useRef, useState } from 'react';
import type { AskUserPromptRun } from '../../types.ts';
import { useStackAnswers, type Submission } from '../shared/useStackAnswers.ts';
import { mastraChatPrompts, type MastraPrompt } from './mastraPrompts.ts';

/** What the hook needs of `useChat()` (`@mastra/react`): its result fits. */
export interface AskUserMastraChatSource {
  messages: readonly MastraDBMessage[];
  setMessages(update: (messages: MastraDBMessage[]) => MastraDBMessage[]): void;
  isRunning: boolean;
}

export interface AskUserMastraChatOptions {
  /**
   * How answers reach the agent: `createFetchTransport({ baseUrl, agentId })` from
   * `@ask-user-kit/core`, or `createClientJsTransport(useMastraClient().getAgent(agentId))` from
   * `@ask-user-kit/core/client-js`. Its `resume` takes the prompt's own run id, and its refusals
   * (409 `answered-elsewhere`, `expired` confirmed by the suspended-runs list) become the
   * prompt's state.
   */
  transport: Pick<AgentTransport, 'resume'>;
  /** The resource the chat's runs belong to (useChat's `resourceId`), sent with each answer. */
  resourceId?: string;
  /** The chat's thread (useChat's `threadId`), sent with each answer. */
  threadId?: string;
}

/** `<AskUserPrompt run>` over a `@mastra/react` chat, with the prompts its messages hold. */
export interface AskUserMastraChat extends AskUserPromptRun {
  /** One entry per `ask_user` prompt of the chat, oldest first (the chat's messages hold the rest). */
  transcript: readonly PromptEntry[];
  /** The prompts still waiting: `ready`, `submitting`, `failed` or `malformed`. */
  openPrompts: readonly Prompt[];
}

type Remembered = ReadonlyMap<string, { prompt: Prompt; messageId: string }>;

/** `remembered` with the prompts of `found` it did not have; the same map when none are new. */
function remember(remembered: Remembered, found: readonly MastraPrompt[]): Remembered {
  let next: Map<string, { prompt: Prompt; messageId: string }> | undefined;
  for (const { prompt, messageId } of found) {
    if (remembered.has(prompt.key)) continue;
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
): AskUserMastraChat {
  const [remembered, setRemembered] = useState<Remembered>(() => new Map());
  const [submissions, setSubmissions] = useState<ReadonlyMap<string, Submission>>(() => new Map());
  const found = useMemo(() => mastraChatPrompts(chat.messages, remembered), [chat.messages, remembered]);
  // A prompt seen once stays known, even when its message's suspendedTools entry is replaced.
  const known = remember(remembered, found);
  if (known !== remembered) setRemembered(known);

  // What send() reads when it runs (in an event): the last committed render's values.
  const latest = useRef({ chat, options });
  useInsertionEffect(() => {
    latest.current = { chat, options };
  });

  const send = useCallback(async ({ prompt }: MastraPrompt, answer: AnswerValue): Promise<void> => {
    const key = prompt.key;
    const record = (submission: Submission) =>
      setSubmissions((current) => new Map(current).set(key, submission));
    record({ phase: 'sending', answer });
    const { transport, resourceId, threadId } = latest.current.options;
    try {
      const { runId, toolCallId } = prompt;
      const events = await transport.resume({ runId, toolCallId, resumeData: answer, resourceId, threadId });
      record({ phase: 'taken', answer });
      await foldInto(latest.current.chat, events);
    } catch (rejection) {
      const error = toRunError(rejection);
      if (error.code === 'answered-elsewhere' || error.code === 'expired') {
        record({ phase: error.code, answer });
      } else {
        record({ phase: 'failed', answer, error: error as RunError });
      }
      throw new RequestError(error, { promptKey: key, cause: rejection });
    }
  }, []);

  return useStackAnswers({ found, submissions, send, busy: () => latest.current.chat.isRunning });
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
