import type { RunStatus } from '@ask-user-kit/react';
import type { Trouble } from './ErrorBanner.tsx';

const LABELS: Record<RunStatus, string> = {
  idle: 'Ready',
  streaming: 'Thinking…',
  reconnecting: 'Reconnecting…',
  'awaiting-input': 'Waiting for you',
  resuming: 'Thinking…',
  done: 'Done',
  error: 'Something went wrong',
};

const TROUBLE_LABELS: Record<Trouble, string> = {
  offline: 'Offline',
  unreachable: 'Not connected',
  failed: 'Something went wrong',
};

/** The run's status in words, announced politely to screen readers. */
export function StatusBadge({
  status,
  waiting,
  connecting,
  trouble,
}: {
  status: RunStatus;
  waiting: boolean;
  /** The conversation is being read from the server. */
  connecting: boolean;
  /** What is wrong, if something is: it wins over the status. */
  trouble: Trouble | undefined;
}) {
  // A question restored after a reload waits for the user whatever the last stream did.
  const shown: RunStatus = waiting && (status === 'idle' || status === 'done') ? 'awaiting-input' : status;
  const label = trouble
    ? TROUBLE_LABELS[trouble]
    : connecting && shown === 'idle'
      ? 'Connecting…'
      : LABELS[shown];
  const data = trouble ? 'error' : connecting && shown === 'idle' ? 'streaming' : shown;
  return (
    <p className="status" data-status={data} role="status">
      <span className="status__dot" aria-hidden="true" />
      <span className="visually-hidden">Status: </span>
      {label}
    </p>
  );
}
