import type { ReactNode } from 'react';
import {
  Actions,
  Answer,
  Approve,
  Decline,
  ErrorMessage,
  Reason,
  Retry,
  Status,
  TimeLeft,
  Title,
} from './approvalParts.tsx';

/** Every part, with `args` where the arguments go: each renders nothing in the states it does not apply to. */
export function ApprovalLayout({ args }: { args: ReactNode }) {
  return (
    <>
      <Title />
      {args}
      <Answer />
      <Reason />
      <ErrorMessage />
      <TimeLeft />
      <Actions>
        <Approve />
        <Decline />
        <Retry />
      </Actions>
      <Status />
    </>
  );
}
