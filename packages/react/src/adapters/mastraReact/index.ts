'use client';
// @ask-user-kit/react/mastra-react: ask_user prompts in @mastra/react's useChat.
export { useAskUserMastraChat } from './useAskUserMastraChat.ts';
export type { AskUserMastraChatOptions, AskUserMastraChatSource } from './useAskUserMastraChat.ts';
