/**
 * Until the `<AskUserPrompt>` rewrite lands: the members the current component still reads of its
 * `run` (`pending`, `answer`, `answerState`), derived from the run's transcript, so `run={run}`
 * keeps working on this branch. Delete this file and its one call in `useAgentRun.ts` once the
 * component reads `AskUserPromptRun` from `types.ts`.
 */
import type { AnswerValue, RunError } from '@ask-user-kit/core';
import type { AgentRun } from '../useAgentRun.ts';

interface OldAnswerState {
  status: 'idle' | 'pending' | 'error' | 'success';
  error?: RunError;
  value?: AnswerValue;
}

const CLOSED: RunError = { code: 'expired', message: 'This question was already answered or has expired.' };

export function withOldPromptMembers(run: AgentRun): AgentRun {
  const answerState = (promptKey: string): OldAnswerState => {
    const entry = run.transcript.find((e) => e.type === 'prompt' && e.id === promptKey);
    if (entry?.type !== 'prompt') return { status: 'idle' };
    const value = entry.answer;
    switch (entry.state) {
      case 'submitting':
        return { status: 'pending', value };
      case 'answered':
        return { status: 'success', value };
      case 'failed':
        return { status: 'error', error: entry.error as RunError, value };
      case 'answered-elsewhere':
        return { status: 'error', error: CLOSED, value };
      default:
        return { status: 'idle' };
    }
  };
  return Object.assign(run, { pending: run.openPrompts, answer: run.submit, answerState });
}
