// @ask-user-kit/react/mastra-react: prompts in @mastra/react's useChat; needs @mastra/react.
import { useAskUserMastraChat, type AskUserMastraChatSource } from '@ask-user-kit/react/mastra-react';

export const entry = { useAskUserMastraChat };
export type Entry = AskUserMastraChatSource;
