// @ask-user-kit/react/ai-sdk: prompts in the AI SDK's useChat (its packages are not imported).
import { chatPrompts, useAskUserChat, type AskUserChatSource } from '@ask-user-kit/react/ai-sdk';

export const entry = { chatPrompts, useAskUserChat };
export type Entry = AskUserChatSource;
