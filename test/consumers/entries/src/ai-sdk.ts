// @ask-user-kit/react/ai-sdk: prompts in the AI SDK's useChat (its packages are not imported).
import { promptFromPart, useAskUserChat, type AskUserChatSource } from '@ask-user-kit/react/ai-sdk';

export const entry = { promptFromPart, useAskUserChat };
export type Entry = AskUserChatSource;
