'use client';
// @ask-user-kit/react/ai-sdk: ask_user prompts in the AI SDK's useChat over @mastra/ai-sdk's chatRoute.
export { promptFromPart, storedPromptFromPart } from './chatPrompts.ts';
export type { ChatMessageLike } from './chatPrompts.ts';
export { useAskUserChat } from './useAskUserChat.ts';
export type { AskUserChatOptions, AskUserChatSource } from './useAskUserChat.ts';
