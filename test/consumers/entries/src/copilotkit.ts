// @ask-user-kit/react/copilotkit: interrupts of a CopilotKit agent; needs @copilotkit/react-core.
import { useAskUserCopilotKit, type AskUserCopilotKitOptions } from '@ask-user-kit/react/copilotkit';

export const entry = { useAskUserCopilotKit };
export type Entry = AskUserCopilotKitOptions;
