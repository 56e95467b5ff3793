'use client';
// @ask-user-kit/react/ag-ui: ask_user interrupts of an AG-UI agent (@ag-ui/mastra, as CopilotKit uses it).
export {
  agUiPrompts,
  INTERRUPT_EVENT_NAME,
  interruptId,
  interruptsOf,
  promptFromInterrupt,
  resumeEntries,
  resumeForwardedProps,
} from './agUiPrompts.ts';
export type { AgUiEventLike, AgUiPrompt, AgUiPromptState, MastraInterrupt } from './agUiPrompts.ts';
export { useAskUserAgUi } from './useAskUserAgUi.ts';
export type { AgUiAgentLike } from './useAskUserAgUi.ts';
export type { StackRun, StackRunOptions } from '../shared/useStackRun.ts';
