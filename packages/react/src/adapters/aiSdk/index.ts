'use client';
// @ask-user-kit/react/ai-sdk: ask_user prompts in the AI SDK's useChat over @mastra/ai-sdk's chatRoute.
export {
  chatPrompts,
  isSuspendedPart,
  promptFromPart,
  storedPromptFromPart,
  storedPromptKey,
  SUSPENDED_PART_TYPE,
} from './chatPrompts.ts';
export type { ChatMessageLike, ChatPrompt, ChatPromptState, SuspendedPart } from './chatPrompts.ts';
export { useAskUserChat } from './useAskUserChat.ts';
export type { AskUserChatOptions, AskUserChatSource } from './useAskUserChat.ts';
export type { StackRun, StackRunOptions } from '../shared/useStackRun.ts';
