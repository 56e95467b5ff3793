import type { Mastra } from '@mastra/core';
import type { Context, Next } from 'hono';
import { normalizePrefix } from './guardedPaths.ts';
import { inboxHooksOf, type InboxIndex } from './inboxIndex.ts';

// Every chunk of Mastra's streams (and of chatRoute's, and its JSON answers) names its run like this.
const RUN_ID = /"runId":"([^"\\]{1,200})"/g;
// A stream names one run, or a few (a run and the runs it started): past this, the rest are reconciled.
const MAX_RUNS = 8;
// A reader that left early: the run goes on without it; it is read again once it had time to suspend.
const AFTER_CANCEL_MS = 2_000;

/**
 * Runs the route, then reads what the runs its answer names wait on once that answer has been
 * sent (a run suspends, or ends, as its stream ends), so the inbox lists what they wait on.
 */
export async function watchRuns(
  c: Context,
  next: Next,
  inbox: InboxIndex | undefined,
  mastra: Mastra | undefined,
): Promise<void> {
  await next();
  const hooks = inbox && inboxHooksOf(inbox);
  const body = c.res.body;
  if (!hooks || !body || c.res.status < 200 || c.res.status >= 300) return;
  const runIds = new Set<string>();
  const decoder = new TextDecoder();
  const reindex = () => hooks.runsStreamed(mastra, [...runIds]);
  const reader = body.getReader();
  const scanned = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        await reindex();
        controller.close();
        return;
      }
      if (runIds.size < MAX_RUNS) {
        for (const match of decoder.decode(value, { stream: true }).matchAll(RUN_ID)) runIds.add(match[1]!);
      }
      controller.enqueue(value);
    },
    cancel(reason) {
      setTimeout(() => void reindex(), AFTER_CANCEL_MS).unref?.();
      return reader.cancel(reason);
    },
  });
  c.res = new Response(scanned, c.res);
}

// Mastra's own route for deleting a thread: how an app clears a conversation on the server.
const THREAD_PATH = /^\/memory\/threads\/([^/]+)\/?$/;

/**
 * Runs a request that is not a POST; once Mastra has deleted a thread (`DELETE
 * {prefix}/memory/threads/:threadId` answered 2xx), the inbox forgets what its runs wait on.
 */
export async function watchThreadClears(
  c: Context,
  next: Next,
  inbox: InboxIndex | undefined,
  mastra: Mastra | undefined,
  apiPrefix: string,
): Promise<void> {
  const hooks = inbox && c.req.method === 'DELETE' ? inboxHooksOf(inbox) : undefined;
  const prefix = normalizePrefix(apiPrefix);
  const thread =
    hooks && c.req.path.startsWith(`${prefix}/`) ? THREAD_PATH.exec(c.req.path.slice(prefix.length)) : null;
  await next();
  if (!hooks || !thread || c.res.status < 200 || c.res.status >= 300) return;
  await hooks.threadCleared(mastra, decodeURIComponent(thread[1]!));
}
