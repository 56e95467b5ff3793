import { createFetchTransport, type PromptEntry } from '@ask-user-kit/core';
import { AskUserPrompt } from '@ask-user-kit/react';
import { useAskUserCopilotKit } from '@ask-user-kit/react/copilotkit';
import { CopilotKitProvider, useAgent, useCopilotKit } from '@copilotkit/react-core/v2';
import { useCallback, useEffect, useState } from 'react';
import { isOpen, MessageRow, PromptRow } from '../rows.tsx';
import { StackShell, type StackPageProps } from './StackShell.tsx';

const AGENT_ID = 'planner';

/**
 * The planner through CopilotKit: its React provider speaks to CopilotKit's runtime (/copilotkit,
 * proxied by Vite), which runs the Mastra agent through @ag-ui/mastra; a question is an AG-UI
 * interrupt. The CopilotKit thread is the conversation; after a reload the runtime's connect
 * replays the thread's events, and the thread's suspended runs bring back the question that waits.
 */
export default function CopilotKitStack(props: StackPageProps) {
  // copilotkit.runAgent and connectAgent never reject: a failed request reaches the provider's onError.
  const [failure, setFailure] = useState<string>();
  const onError = useCallback(({ error }: { error: Error }) => {
    if (!isAnsweredElsewhere(error)) setFailure(error.message);
  }, []);
  const onRunStarted = useCallback(() => setFailure(undefined), []);
  return (
    <CopilotKitProvider
      runtimeUrl="/copilotkit"
      showDevConsole={false}
      enableInspector={false}
      onError={onError}
    >
      <Planner {...props} failure={failure} onRunStarted={onRunStarted} />
    </CopilotKitProvider>
  );
}

/**
 * The answer guard's 409 (another tab answered the question first), as AG-UI's HttpAgent rejects
 * it (`status`): the prompt itself says "answered in another window", the page has nothing to add.
 */
const isAnsweredElsewhere = (error: Error) => (error as Error & { status?: unknown }).status === 409;

type AgentMessage = ReturnType<typeof useAgent>['agent']['messages'][number];

interface PlannerProps extends StackPageProps {
  /** What the last failed CopilotKit request said. */
  failure?: string;
  /** A run (a message, an answer) starts: the last failure no longer applies. */
  onRunStarted: () => void;
}

function Planner({ conversationId, newThread, onNewConversation, failure, onRunStarted }: PlannerProps) {
  const { copilotkit } = useCopilotKit();
  // Until the runtime has said which agents it serves, useAgent lends a stand-in agent, replaced
  // by the runtime's own once it answers: a message sent through the stand-in would never show.
  const { agent, isReady } = useAgent({ agentId: AGENT_ID });
  const [runs] = useState(() => createFetchTransport({ baseUrl: '', agentId: AGENT_ID }));
  // A conversation the page just made has no question waiting: the read on mount is skipped. The
  // list is still read later, for the question that waits after another device answered one.
  const [suspendedRuns] = useState(() => {
    let made = newThread;
    return async () => {
      if (made) {
        made = false;
        return [];
      }
      // Mastra keeps the thread under the resource of the same id (@ag-ui/mastra without a resourceId).
      return (await runs.listSuspended({ resourceId: conversationId })).runs;
    };
  });
  const run = useAskUserCopilotKit({ agentId: AGENT_ID, suspendedRuns });
  // A conversation the page just made has no events to replay: nothing to connect to yet.
  const [replaying, setReplaying] = useState(!newThread);
  const connecting = !isReady || replaying;

  useEffect(() => {
    // eslint-disable-next-line react-hooks/immutability -- CopilotKit's own chat binds the shared agent to its thread this way before connecting
    agent.threadId = conversationId;
    if (newThread || !isReady) return;
    let current = true;
    void copilotkit.connectAgent({ agent }).finally(() => current && setReplaying(false));
    return () => {
      current = false;
    };
  }, [agent, isReady, copilotkit, conversationId, newThread]);

  // Where each question goes: after the message that was last when it came (see rows). Set while
  // rendering (React's pattern for state that follows other state), so it never shows misplaced.
  const [anchors, setAnchors] = useState<ReadonlyMap<string, string | undefined>>(() => new Map());
  const fresh = run.transcript.filter((entry) => !anchors.has(entry.id));
  if (fresh.length > 0) {
    const lastMessageId = agent.messages.at(-1)?.id;
    setAnchors(new Map([...anchors, ...fresh.map((entry) => [entry.id, lastMessageId] as const)]));
  }

  const waiting = run.openPrompts.length > 0;
  // An answer on its way is a request of this tab (its prompt still counts as open): the other tabs
  // hold their sends meanwhile, and read the conversation again once its run ended.
  const submitting = run.transcript.some((entry) => entry.state === 'submitting');
  const busy = submitting || (agent.isRunning && !waiting);
  const messages = agent.messages;

  useEffect(() => {
    const subscription = copilotkit.subscribe({ onAgentRunStarted: onRunStarted });
    return () => subscription.unsubscribe();
  }, [copilotkit, onRunStarted]);

  const send = (text: string) => {
    agent.addMessage({ id: crypto.randomUUID(), role: 'user', content: text });
    void copilotkit.runAgent({ agent });
  };

  const shown = rows(messages, run.transcript, anchors);
  const last = shown.at(-1);
  return (
    <StackShell
      stack="copilotkit"
      conversationId={conversationId}
      onNewConversation={onNewConversation}
      busy={busy}
      waiting={waiting}
      connecting={connecting}
      error={waiting ? undefined : failure}
      rowCount={shown.length}
      thinking={busy && !(last?.type === 'text' && last.role === 'assistant')}
      onSend={send}
    >
      {shown.map((row) =>
        row.type === 'prompt' ? (
          <PromptRow key={row.key} open={isOpen(run.openPrompts, row.entry.prompt.key)}>
            <AskUserPrompt run={run} prompt={row.entry.prompt} autoFocus />
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
  | { type: 'prompt'; key: string; entry: PromptEntry };

/**
 * The thread's messages, each question after the message that was last when it came: @ag-ui/mastra
 * sends no tool call for a suspended one, so no message names it. A question that came before any
 * message (restored from the suspended runs before the thread's messages) comes last.
 */
function rows(
  messages: readonly AgentMessage[],
  transcript: readonly PromptEntry[],
  anchors: ReadonlyMap<string, string | undefined>,
): Row[] {
  const ids = new Set(messages.map((message) => message.id));
  const promptRows = (entries: readonly PromptEntry[]) =>
    entries.map((entry): Row => ({ type: 'prompt', key: entry.id, entry }));
  const result = messages.flatMap((message): Row[] => {
    const asked = promptRows(transcript.filter((entry) => anchors.get(entry.id) === message.id));
    if (message.role !== 'user' && message.role !== 'assistant') return asked;
    return [{ type: 'text', key: message.id, role: message.role, text: textOf(message.content) }, ...asked];
  });
  const unplaced = transcript.filter((entry) => !ids.has(anchors.get(entry.id) ?? ''));
  // A message with nothing to read (a tool call's) is no row.
  return [...result, ...promptRows(unplaced)].filter((row) => row.type === 'prompt' || row.text);
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: { type?: string; text?: string }) => (part.type === 'text' ? (part.text ?? '') : ''))
    .join('');
}
