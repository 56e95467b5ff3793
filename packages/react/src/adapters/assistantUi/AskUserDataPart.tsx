import { makeAssistantDataUI, type AssistantDataUI, type DataMessagePartProps } from '@assistant-ui/react';
import { useAISDKChat } from '@assistant-ui/react-ai-sdk';
import { AskUserPrompt, type AskUserPromptProps } from '../../AskUserPrompt.tsx';
import { promptFromPart, SUSPENDED_PART_TYPE } from '../aiSdk/chatPrompts.ts';
import { useAskUserChat, type AskUserChatOptions, type AskUserChatSource } from '../aiSdk/useAskUserChat.ts';

/**
 * The name assistant-ui gives chatRoute's `data-tool-call-suspended` parts: it turns every
 * `data-<name>` part of an AI SDK message into `{ type: 'data', name, data }`.
 */
export const SUSPENDED_DATA_NAME = 'tool-call-suspended';

/** How the prompts render and answer: `useAskUserChat`'s options, and props for each prompt. */
export interface AskUserDataPartOptions extends AskUserChatOptions {
  /** Props given to every `<AskUserPrompt>` (labels, allowOther, …). */
  promptProps?: Omit<AskUserPromptProps, 'prompt' | 'run' | 'onSubmit'>;
}

/** `AskUserDataPart`'s props: assistant-ui's data part, and the options `makeAskUserDataUI` passes. */
export interface AskUserDataPartProps extends DataMessagePartProps {
  options?: AskUserDataPartOptions;
}

/**
 * assistant-ui's renderer for a `tool-call-suspended` data part: the `ask_user` question as an
 * `<AskUserPrompt>`, answered through the thread's AI SDK chat (`useAISDKChat()` of
 * `@assistant-ui/react-ai-sdk`) the way chatRoute resumes, `sendMessage(undefined, { body:
 * { resumeData, runId, toolCallId } })`. Renders nothing for another tool's suspension, or in a
 * thread that is not backed by the AI SDK runtime.
 * @example
 * <MessagePrimitive.Parts components={{ data: { by_name: { [SUSPENDED_DATA_NAME]: AskUserDataPart } } }} />
 */
export function AskUserDataPart({ name, data, options = {} }: AskUserDataPartProps) {
  const chat = useAISDKChat() as AskUserChatSource | undefined;
  if (name !== SUSPENDED_DATA_NAME || !chat) return null;
  return <ChatPrompt chat={chat} data={data} options={options} />;
}
AskUserDataPart.displayName = 'AskUserDataPart';

function ChatPrompt({
  chat,
  data,
  options,
}: {
  chat: AskUserChatSource;
  data: unknown;
  options: AskUserDataPartOptions;
}) {
  const { promptProps, ...chatOptions } = options;
  const run = useAskUserChat(chat, chatOptions);
  const prompt = promptFromPart({ type: SUSPENDED_PART_TYPE, data });
  if (!prompt) return null;
  return <AskUserPrompt {...promptProps} run={run} prompt={prompt} />;
}

/**
 * A component that registers {@link AskUserDataPart} as assistant-ui's renderer for
 * `tool-call-suspended` data parts while it is mounted (assistant-ui's `makeAssistantDataUI`).
 * @example
 * const AskUserDataUI = makeAskUserDataUI({ transport: createFetchTransport({ baseUrl, agentId }) });
 * <AssistantRuntimeProvider runtime={runtime}><AskUserDataUI /><Thread /></AssistantRuntimeProvider>
 */
export function makeAskUserDataUI(options: AskUserDataPartOptions = {}): AssistantDataUI {
  return makeAssistantDataUI({
    name: SUSPENDED_DATA_NAME,
    render: (props: DataMessagePartProps) => <AskUserDataPart {...props} options={options} />,
  });
}
