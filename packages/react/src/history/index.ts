'use client';
// @ask-user-kit/react/history: whole conversations back from Mastra memory, tabs in step, one send at a time.
export { useThreadHistory } from './useThreadHistory.ts';
export type { SendBlock, ThreadHistoryState, UseThreadHistoryOptions } from './useThreadHistory.ts';
