'use client';
// @ask-user-kit/react/assistant-ui: ask_user prompts in assistant-ui threads over @mastra/ai-sdk's chatRoute.
export { AskUserDataPart, makeAskUserDataUI } from './AskUserDataPart.tsx';
export type { AskUserDataPartOptions, AskUserDataPartProps } from './AskUserDataPart.tsx';
export { AskUserToolPart } from './AskUserToolPart.tsx';
