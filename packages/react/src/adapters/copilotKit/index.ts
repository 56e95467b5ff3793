'use client';
// @ask-user-kit/react/copilotkit: ask_user interrupts of a CopilotKit agent (@ag-ui/mastra behind CopilotKit's runtime).
export { useAskUserCopilotKit } from './useAskUserCopilotKit.ts';
export type { AskUserCopilotKitOptions } from './useAskUserCopilotKit.ts';
