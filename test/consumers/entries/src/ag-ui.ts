// @ask-user-kit/react/ag-ui: interrupts of an AG-UI agent (its packages are not imported).
import { useAskUserAgUi, type AgUiAgentLike } from '@ask-user-kit/react/ag-ui';

export const entry = { useAskUserAgUi };
export type Entry = AgUiAgentLike;
