import type {
  AgentTransport,
  AnswerValue,
  ItemKind,
  Reconnect,
  RunError,
  RunSnapshot,
  RunStore,
} from '@ask-user-kit/core';
import type { AnswerOptions, FetchTransportOptions, RunObserver } from '@ask-user-kit/core/internal';
import type { QueryClient } from '@tanstack/react-query';

// The options and the result of useAgentRun.

/** Which agent to talk to: Mastra's HTTP routes by `agentId` + `baseUrl`, or any core transport. */
export type AgentRunSource =
  | {
      /** The agent's id (its key in `new Mastra({ agents })`). */
      agentId: string;
      /** The Mastra server's origin; `''` for the page's own origin (a proxy). */
      baseUrl: string;
      /** Mastra's route prefix (`server.apiPrefix`). Default `/api`. */
      apiPrefix?: string;
      /** The `fetch` to use (auth wrappers, tests). Default: the global one, looked up at each call. */
      fetch?: typeof globalThis.fetch;
      /** Extra request headers, or a function returning them before each request. */
      headers?: FetchTransportOptions['headers'];
      transport?: never;
    }
  | {
      /** A core transport (fetch, client-js, in-process agent). Each request uses the latest one given. */
      transport: AgentTransport;
      /** Names the agent in cache keys; recommended when several runs share a QueryClient. */
      agentId?: string;
      baseUrl?: never;
      apiPrefix?: never;
      fetch?: never;
      headers?: never;
    };

/** `useAgentRun`'s options: where the agent is (`baseUrl` + `agentId`, or a `transport`) and the conversation. */
export type UseAgentRunOptions = AgentRunSource & {
  /**
   * The conversation's thread. With `resourceId` too, runs are recorded with both (Mastra's
   * `memory: { thread, resource }`), which is what lets restore find them again.
   */
  threadId?: string;
  /**
   * The user (or other owner) of the conversation. Alone, or with `threadId`: see `useAgentRun`
   * for what each combination records and restores.
   */
  resourceId?: string;
  /**
   * On mount, bring back questions still waiting on the server for this `threadId` / `resourceId`
   * (after a reload or a server restart). Default true; needs a `threadId` or a `resourceId`, since
   * without one every user's waiting questions would be listed.
   */
  restore?: boolean;
  /**
   * The app has just made this `threadId` (a new conversation, nothing sent yet): there is nothing
   * on the server to restore, so nothing is read on mount and the run is ready at once. `restore()`
   * still reads (another tab may have moved it on). Read when the conversation starts.
   */
  newThread?: boolean;
  /**
   * A message sent once when the hook mounts (after restore, and only if no question came back):
   * for agents that open the conversation. StrictMode-safe: one request, not two.
   */
  initialMessage?: string;
  /** The QueryClient to use instead of the one from `<QueryClientProvider>`. */
  queryClient?: QueryClient;
  /**
   * Default true: the hook renders on every change, text included (once per animation frame). A
   * chat that renders its messages in rows of their own passes false: the hook then renders only
   * when more than the reply being written changed (status, a new entry, open prompts, tool calls,
   * error), and `text` and that reply's entry are as of then. The rows read them with
   * `useTranscriptEntry` or `useRunSelector`, so a text delta renders the streaming message alone.
   */
  watchText?: boolean;
  /**
   * The kinds of items besides `ask_user` prompts to show (`approvals`, `forms` from
   * `@ask-user-kit/core/items`): they then come in `items` and `openItems`, answered with
   * `<ToolApproval>` and `<ResumeForm>`. Read when a conversation starts.
   */
  items?: readonly ItemKind[];
  /**
   * `reconnect` from `@ask-user-kit/core`: a reply whose connection broke is read on (the status
   * is `reconnecting` meanwhile), for durable agents. With a `transport` of your own, it re-attaches
   * through that transport's `observe`. Read when a conversation starts.
   */
  reconnect?: Reconnect;
};

/** A conversation with an agent: its state and stable actions. */
export interface AgentRun extends Omit<RunSnapshot, 'openPrompts' | 'transcript'> {
  /** Prompts the run still waits on (`ready`, `submitting`, `failed`, `malformed`), oldest first. */
  openPrompts: RunSnapshot['openPrompts'];
  /** User messages, assistant text and prompts in order; each prompt entry has its `state`, `answer` and `error`. */
  transcript: RunSnapshot['transcript'];
  /** The suspended-runs request of restore is in flight (or due, on mount). */
  restoring: boolean;
  /** Why restoring failed, if it did (the conversation still works; `restore()` tries again). */
  restoreError: RunError | undefined;
  /**
   * Sends a user message and streams the run. Rejects with a `RequestError` (`empty-message`,
   * `busy`) when nothing was sent.
   */
  send(text: string): Promise<void>;
  /**
   * Validates and submits an answer, then streams the resumed run. Rejects with a `RequestError`
   * when the answer was not taken; the prompt's transcript entry says what became of it
   * (`failed` keeps the answer for `retry`).
   */
  submit(promptKey: string, answer: AnswerValue, options?: AnswerOptions): Promise<void>;
  /**
   * Submits a `failed` prompt's answer again, unchanged, with the same options. Rejects as `submit`
   * does. Nothing is ever re-sent on its own (a resume is not idempotent): retrying is the user's call.
   */
  retry(promptKey: string): Promise<void>;
  /** Aborts the stream in flight, if any; what arrived is kept. */
  cancel(): void;
  /** Clears the conversation. */
  reset(): void;
  /** Lists the suspended runs again and brings back what is waiting (does nothing when restore is off). */
  restore(): void;
  /** The underlying core store (framework-agnostic): the same state as the run, for advanced use. */
  store: RunStore;
  /** The core observer behind the hook (`createRunObserver`): what `useThreadHistory` follows. */
  observer: RunObserver;
}
