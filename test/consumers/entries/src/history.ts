// @ask-user-kit/react/history: a thread's history, with core's history helpers re-exported.
import { loadThreadHistory, useThreadHistory, type ThreadHistory } from '@ask-user-kit/react/history';

export const entry = { loadThreadHistory, useThreadHistory };
export type Entry = ThreadHistory;
