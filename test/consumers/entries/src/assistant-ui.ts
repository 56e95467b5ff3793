// @ask-user-kit/react/assistant-ui: a data part renderer; needs @assistant-ui/react and its AI SDK runtime.
import {
  AskUserDataPart,
  makeAskUserDataUI,
  type AskUserDataPartProps,
} from '@ask-user-kit/react/assistant-ui';

export const entry = { AskUserDataPart, makeAskUserDataUI };
export type Entry = AskUserDataPartProps;
