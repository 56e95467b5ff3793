// @ask-user-kit/core/history: a conversation's past, read from Mastra's memory (threads and their
// messages), and an observer that keeps it in step with the server and the browser's other tabs.
export { historyEntries, loadThreadHistory } from './history.ts';
export { createHistoryObserver } from './historyObserver.ts';
