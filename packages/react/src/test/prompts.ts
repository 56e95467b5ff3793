import { parsePrompt, type Prompt } from '@ask-user-kit/core';

let run = 0;

/** A prompt parsed by core's `parsePrompt` from a `suspendPayload` shaped as Mastra's `askUserTool` sends it. */
export function promptFrom(suspendPayload: unknown, toolName = 'ask_user'): Prompt {
  run++;
  return parsePrompt({ runId: `run-${run}`, toolCallId: 'call_1', toolName, suspendPayload });
}

export const textPrompt = () => promptFrom({ question: 'Where would you like to go?' });

export const singlePrompt = () =>
  promptFrom({
    question: 'How will you travel?',
    options: [
      { label: 'Train', description: 'Slower, scenic, low carbon' },
      { label: 'Plane', description: 'Fastest for long distances' },
      { label: 'Car' },
    ],
    selectionMode: 'single_select',
  });

export const multiplePrompt = () =>
  promptFrom({
    question: 'What should the trip include?',
    options: [{ label: 'Museums' }, { label: 'Hiking' }, { label: 'Food tours' }],
    selectionMode: 'multi_select',
  });

/** `selectionMode` without options: parsePrompt makes it an invalid prompt. */
export const malformedPrompt = () => promptFrom({ question: 'Pick one', selectionMode: 'single_select' });
