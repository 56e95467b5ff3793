import { type AnswerValue, type Prompt, type RunError } from '@ask-user-kit/core';
import {
  classifyFailure,
  createSubmissionTracker,
  type FoundPrompt,
  type SubmissionTracker,
} from '@ask-user-kit/core/internal';
import { useEffect, useInsertionEffect, useMemo, useSyncExternalStore } from 'react';
import { useStackRun, type StackRun, type StackRunOptions } from '../shared/useStackRun.ts';
import { chatPrompts, type ChatMessageLike } from './chatPrompts.ts';

/** What the hook needs of `useChat()` (`@ai-sdk/react`): its result fits. */
export interface AskUserChatSource {
  messages: readonly ChatMessageLike[];
  status: 'submitted' | 'streaming' | 'ready' | 'error';
  error: Error | undefined;
  sendMessage(message: undefined, options: { body: object }): Promise<void>;
  /** Replaces the chat's messages (useChat's own, for its own message type): with `history`'s. */
  setMessages?(messages: never): void;
}

/** `useAskUserChat`'s options. */
export interface AskUserChatOptions extends StackRunOptions {
  /**
   * The conversation as the server keeps it (e.g. `@ask-user-kit/server/ai-sdk`'s
   * chatHistoryRoute), read into the chat (`setMessages`) after a question was answered in another
   * window: the other window's answer and the question that waits now show in this one.
   */
  history?: () => Promise<ChatMessageLike[]>;
}

type ChatState = Pick<AskUserChatSource, 'status' | 'error'>;

/**
 * The chat's error as core's `classifyFailure` reads an HTTP failure: the AI SDK's `APICallError`
 * has the status as `statusCode` and the body as text (`responseBody`, JSON from Mastra and the
 * answer guard).
 */
function failureOf(error: Error): Error {
  const { statusCode, responseBody } = error as { statusCode?: unknown; responseBody?: unknown };
  if (typeof statusCode !== 'number') return error;
  let payload = responseBody;
  try {
    payload = JSON.parse(String(responseBody)) as unknown;
  } catch {
    // Not JSON: the text itself.
  }
  return Object.assign(new Error(error.message, { cause: error }), { status: statusCode, payload });
}

const isBusy = ({ status }: ChatState) => status === 'submitted' || status === 'streaming';

/**
 * A resume the chat runs: `sendMessage` does not reject, it ends with the chat's status and error,
 * which a render after it shows (the chat is busy from the moment `sendMessage` is called).
 */
interface Resume {
  errorBefore: Error | undefined;
  settle(error?: Error): void;
}

/**
 * The answers of one chat, whichever of its parts sends them (assistant-ui renders a part per
 * question): one tracker, and the resume running. useChat's functions are its chat's own, the
 * same every render: `sendMessage` keys them.
 */
interface ChatAnswers {
  tracker: SubmissionTracker<FoundPrompt>;
  /** The last committed render's chat and options. */
  latest: { chat: AskUserChatSource; options: AskUserChatOptions };
  resume?: Resume;
  /** The errors the chat's resumes failed with: their questions show them. */
  answerErrors: WeakSet<Error>;
}
const answersByChat = new WeakMap<AskUserChatSource['sendMessage'], ChatAnswers>();

function answersOf(chat: AskUserChatSource, options: AskUserChatOptions): ChatAnswers {
  const known = answersByChat.get(chat.sendMessage);
  if (known) return known;
  const answers: ChatAnswers = {
    latest: { chat, options },
    answerErrors: new WeakSet(),
    tracker: createSubmissionTracker({
      busy: () => isBusy(answers.latest.chat),
      suspendedRuns: () => answers.latest.options.suspendedRuns?.(),
      send: ({ prompt, signature }, answer) => resume(answers, prompt, answer, signature),
      refetch: () => {
        const { chat: current, options: latest } = answers.latest;
        const { history } = latest;
        if (!history || !current.setMessages) return undefined;
        return history().then((messages) => current.setMessages?.(messages as never));
      },
    }),
  };
  answersByChat.set(chat.sendMessage, answers);
  return answers;
}

/** Sends the answer as chatRoute resumes; settles once a render shows the chat's state after it. */
function resume(
  answers: ChatAnswers,
  { runId, toolCallId }: Prompt,
  answer: AnswerValue,
  signature: string | undefined,
): Promise<void> {
  const { chat } = answers.latest;
  return new Promise((resolve, reject) => {
    answers.resume = { errorBefore: chat.error, settle: (error) => (error ? reject(error) : resolve()) };
    // `answer` passed validateAnswer: never "" nor [] (a falsy resumeData would start a new run).
    void chat.sendMessage(undefined, { body: { resumeData: answer, runId, toolCallId, signature } });
  });
}

/** Settles the chat's resume by the first chat state a render committed after the request. */
function settleResume(answers: ChatAnswers, chat: ChatState): void {
  const current = answers.resume;
  if (!current || isBusy(chat)) return;
  // A render from before the request: the error it shows is not this resume's.
  if (chat.status === 'error' && chat.error === current.errorBefore) return;
  answers.resume = undefined;
  if (chat.status === 'error' && chat.error) answers.answerErrors.add(chat.error);
  current.settle(chat.status === 'error' && chat.error ? failureOf(chat.error) : undefined);
}

/**
 * Answers `ask_user` questions in an AI SDK chat served by `@mastra/ai-sdk`'s `chatRoute`: finds
 * the questions in `useChat()`'s messages, and sends a validated answer the way that route
 * resumes, `sendMessage(undefined, { body: { resumeData, runId, toolCallId } })`, so the resumed
 * reply joins the same assistant message. The result fits `<AskUserPrompt run>` unchanged, and
 * `<AgentRunError run>` shows the chat's own failed request (a wrong `api`, a missing proxy).
 * @example
 * const chat = useChat({ transport: new DefaultChatTransport({ api: '/chat/planner' }) });
 * const run = useAskUserChat(chat);
 * run.openPrompts.map((prompt) => <AskUserPrompt key={prompt.key} run={run} prompt={prompt} />);
 */
export function useAskUserChat(chat: AskUserChatSource, options: AskUserChatOptions = {}): StackRun {
  const answers = answersOf(chat, options);
  const { tracker } = answers;
  const snapshot = useSyncExternalStore(tracker.subscribe, tracker.getSnapshot, tracker.getSnapshot);
  const found = useMemo(() => chatPrompts(chat.messages), [chat.messages]);
  // Each of the chat's parts may give options, or none (assistant-ui's answered tool parts): what any gave is kept.
  // eslint-disable-next-line react-hooks/immutability -- the chat's record lives outside React, read by its tracker in events
  useInsertionEffect(() => {
    answers.latest = { chat, options: { ...answers.latest.options, ...options } };
  });
  const { status, error, messages } = chat;
  // A resume ends with a new error, or with what it streamed into the messages.
  useEffect(() => settleResume(answers, { status, error }), [answers, status, error, messages]);
  // The chat's own failed request, as the kit's error; a resume's failure its question shows.
  const chatError = useMemo(
    () => (error ? (classifyFailure(failureOf(error)) as RunError) : undefined),
    [error],
  );
  const own = status === 'error' && error && !answers.resume && !answers.answerErrors.has(error);
  return useStackRun({ tracker, snapshot }, found, own ? chatError : undefined);
}
