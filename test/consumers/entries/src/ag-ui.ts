// @ask-user-kit/react/ag-ui: interrupts of an AG-UI agent (its packages are not imported).
import { agUiPrompts, useAskUserAgUi, type AgUiAgentLike } from '@ask-user-kit/react/ag-ui';

export const entry = { agUiPrompts, useAskUserAgUi };
export type Entry = AgUiAgentLike;
