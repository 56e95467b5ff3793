/** Mastra's `memory` option of a stream or resume request. */
export interface MemoryOption {
  thread: string;
  resource?: string;
}

// getRandomValues, unlike randomUUID, also works on pages that are not a secure context.
const randomHex = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

/** A thread id of the kit's own, for a conversation that has only a resource id. */
export const newThreadId = (): string => `ask-user-${randomHex(12)}`;

/** A run id of the kit's own, given to the server when a message starts a run. */
export const newRunId = (): string => `run-${randomHex(16)}`;

/**
 * Mastra's `memory` option, the only way a run is tied to a conversation (top-level `threadId` /
 * `resourceId` are not recorded on the run). Mastra needs a thread: a resource alone gets a new
 * thread id (the store passes one id for all its runs, see `RunStoreOptions`); a thread alone goes
 * as it is, for a server whose auth sets the resource. Never throws.
 */
export function memoryOption(threadId?: string, resourceId?: string): MemoryOption | undefined {
  if (threadId && resourceId) return { thread: threadId, resource: resourceId };
  if (threadId) return { thread: threadId };
  if (resourceId) return { thread: newThreadId(), resource: resourceId };
  return undefined;
}
