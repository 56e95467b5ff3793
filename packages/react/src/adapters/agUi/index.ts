'use client';
// @ask-user-kit/react/ag-ui: ask_user interrupts of an AG-UI agent (@ag-ui/mastra, as CopilotKit uses it).
export { useAskUserAgUi } from './useAskUserAgUi.ts';
export type { AgUiAgentLike } from './useAskUserAgUi.ts';
