import { useAuiState, type ToolCallMessagePartProps } from '@assistant-ui/react';
import { useAISDKChat } from '@assistant-ui/react-ai-sdk';
import { AskUserPrompt } from '../../AskUserPrompt.tsx';
import { storedPromptFromPart, type ChatMessageLike } from '../aiSdk/chatPrompts.ts';
import { useAskUserChat, type AskUserChatSource } from '../aiSdk/useAskUserChat.ts';
import type { AskUserDataPartOptions } from './AskUserDataPart.tsx';

export interface AskUserToolPartProps extends ToolCallMessagePartProps {
  options?: AskUserDataPartOptions;
}

/** The tool's part in the AI SDK chat's message of that id, the way chatRoute and memory give it. */
function toolPartOf(message: ChatMessageLike | undefined, toolCallId: string): unknown {
  return message?.parts.find((part) => (part as { toolCallId?: unknown }).toolCallId === toolCallId);
}

/**
 * assistant-ui's renderer for an `ask_user` tool part, for a thread read back from memory
 * (`@ask-user-kit/server/ai-sdk`'s chatHistoryRoute, given to `useChatRuntime({ messages })`): a
 * question answered before the reload is only the tool's part there, with no
 * `tool-call-suspended` data part, and shows as an answered `<AskUserPrompt>`. Renders nothing
 * for a question that has its data part ({@link AskUserDataPart} renders that one), and in a
 * thread not backed by the AI SDK runtime.
 * @example
 * <MessagePrimitive.Parts components={{ tools: { by_name: { ask_user: AskUserToolPart } } }} />
 */
export function AskUserToolPart({ toolCallId, options = {} }: AskUserToolPartProps) {
  const chat = useAISDKChat() as AskUserChatSource | undefined;
  const messageId = useAuiState((state) => state.message.id);
  if (!chat) return null;
  return <StoredPrompt chat={chat} messageId={messageId} toolCallId={toolCallId} options={options} />;
}
AskUserToolPart.displayName = 'AskUserToolPart';

function StoredPrompt({
  chat,
  messageId,
  toolCallId,
  options,
}: {
  chat: AskUserChatSource;
  messageId: string;
  toolCallId: string;
  options: AskUserDataPartOptions;
}) {
  const { promptProps, ...chatOptions } = options;
  const run = useAskUserChat(chat, chatOptions);
  const message = chat.messages.find((candidate) => candidate.id === messageId);
  const part = toolPartOf(message, toolCallId);
  const prompt = message && storedPromptFromPart(part, message);
  if (!prompt) return null;
  return <AskUserPrompt {...promptProps} run={run} prompt={prompt} />;
}
