import type { RunStatus } from '@ask-user-kit/react';

const LABELS: Record<RunStatus, string> = {
  idle: 'Ready',
  streaming: 'Thinking…',
  'awaiting-input': 'Waiting for you',
  resuming: 'Thinking…',
  done: 'Done',
  error: 'Something went wrong',
};

/** The run's status in words, announced politely to screen readers. */
export function StatusBadge({
  status,
  waiting,
  restoring,
}: {
  status: RunStatus;
  waiting: boolean;
  restoring: boolean;
}) {
  // A question restored after a reload waits for the user whatever the last stream did.
  const shown: RunStatus = waiting && (status === 'idle' || status === 'done') ? 'awaiting-input' : status;
  const connecting = restoring && shown === 'idle';
  return (
    <p className="status" data-status={connecting ? 'streaming' : shown} role="status">
      <span className="status__dot" aria-hidden="true" />
      <span className="visually-hidden">Status: </span>
      {connecting ? 'Connecting…' : LABELS[shown]}
    </p>
  );
}
