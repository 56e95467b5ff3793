/**
 * Mastra's `memory` option, the only way a run is tied to a conversation (top-level `threadId` /
 * `resourceId` are not recorded on the run). Mastra needs both ids, so one without the other is
 * refused here rather than by the server halfway through.
 */
export function memoryOption(threadId?: string, resourceId?: string): { thread: string; resource: string } | undefined {
  if (!threadId !== !resourceId) {
    throw new TypeError('threadId and resourceId go together.');
  }
  return threadId ? { thread: threadId, resource: resourceId! } : undefined;
}
