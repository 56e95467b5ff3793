// @ask-user-kit/react/history: a thread's history.
import { useThreadHistory, type ThreadHistoryState } from '@ask-user-kit/react/history';

export const entry = { useThreadHistory };
export type Entry = ThreadHistoryState;
