import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Mastra } from '@mastra/core';
import type { Agent } from '@mastra/core/agent';
import type { DurableAgent } from '@mastra/core/agent/durable';
import type { ApiRoute } from '@mastra/core/server';
import type { MastraCompositeStore } from '@mastra/core/storage';
import type { AnyWorkflow } from '@mastra/core/workflows';
import { MastraServer } from '@mastra/hono';
import { LibSQLStore } from '@mastra/libsql';
import { Memory } from '@mastra/memory';
import { Hono, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/** `startMastraTestServer`'s options: the agents, and what the server keeps. */
export interface MastraTestServerOptions {
  /** Agents to register, keyed by id: plain agents, or durable ones (`createDurableAgent`), whose runs `observe` replays. */
  agents: Record<string, Agent | DurableAgent>;
  /** Workflows to register, keyed by id (their routes: `/api/workflows/:workflowId/…`). Default: none. */
  workflows?: Record<string, AnyWorkflow>;
  /**
   * A LibSQL URL (`file:…` to survive a restart), or a Mastra storage of any kind (e.g.
   * `@mastra/pg`'s `PostgresStore`; closed with the server). Default: LibSQL in memory.
   */
  storage?: string | MastraCompositeStore;
  /** Port on 127.0.0.1. Default: 0 (an ephemeral port). */
  port?: number;
  /** Allow cross-origin requests (for pages served elsewhere). Default: true. */
  cors?: boolean;
  /** Where the routes live. Default: `/api`. */
  apiPrefix?: string;
  /** Mastra's `server.middleware`, e.g. `@ask-user-kit/server`'s `answerGuard`. */
  middleware?: MiddlewareHandler[];
  /**
   * Give every agent that has no memory of its own a Mastra `Memory` on the server's storage, so
   * runs are kept as threads and messages, and the memory routes (`/api/memory/threads/:id/messages`
   * and the like) answer. The agent keeps it after the server closes. Default: false (no memory;
   * those routes answer 400 and `suspended-runs?threadId=` is refused).
   */
  memory?: boolean;
  /**
   * Mastra's `server.apiRoutes`, outside the prefix, e.g. `@mastra/ai-sdk`'s `chatRoute({ path: '/chat/:agentId' })`
   * and `@ask-user-kit/server/ai-sdk`'s `chatHistoryRoute()` beside it (with `memory: true`).
   */
  apiRoutes?: ApiRoute[];
  /**
   * Mastra's `server.auth`, e.g. `{ authenticateToken, mapUserToResourceId }`: every route then
   * answers 401 without a valid token, and the signed-in user's resource is on the request context.
   * Default: none (every route is open).
   */
  auth?: MastraServerConfig['auth'];
}

type MastraServerConfig = NonNullable<NonNullable<ConstructorParameters<typeof Mastra>[0]>['server']>;

/** A running test server (what `startMastraTestServer` resolves to): its address, and `close`. */
export interface MastraTestServer {
  /** Base URL, e.g. `http://127.0.0.1:43123` (routes live under `/api`). */
  url: string;
  port: number;
  mastra: Mastra;
  /** Stops the server and closes its storage. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Starts a real Mastra server (Hono adapter, LibSQL storage) on 127.0.0.1.
 * @example
 * const server = await startMastraTestServer({ agents: { planner } });
 * await fetch(`${server.url}/api/agents/planner/stream`, …);
 * await server.close();
 */
export async function startMastraTestServer(options: MastraTestServerOptions): Promise<MastraTestServer> {
  const storage =
    typeof options.storage === 'object'
      ? options.storage
      : new LibSQLStore({ id: 'ask-user-kit-test', url: options.storage ?? ':memory:' });
  if (options.memory) {
    for (const agent of Object.values(options.agents)) {
      // No storage of its own: Mastra hands it the server's each time the agent reads its memory.
      if (!agent.hasOwnMemory()) agent.__setMemory(new Memory());
    }
  }
  const mastra = new Mastra({
    agents: options.agents,
    workflows: options.workflows ?? {},
    storage,
    logger: false,
    server: {
      apiPrefix: options.apiPrefix,
      middleware: options.middleware ?? [],
      apiRoutes: options.apiRoutes ?? [],
      auth: options.auth,
    },
  });
  const app = new Hono();
  if (options.cors !== false) app.use('*', cors({ origin: (origin) => origin, credentials: true }));
  await new MastraServer({ app, mastra, prefix: options.apiPrefix }).init();

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: options.port ?? 0 }, () => resolve(s));
    s.once('error', reject);
  });
  // Node closes an idle kept-alive connection after 5 s. When a test's process is busy (megabytes of
  // JSON, a loaded machine), fetch's own timer to drop that connection fires late, and the next
  // request goes out on a connection the server has just closed: "fetch failed". A test server keeps
  // idle connections for a minute, past any test's pause between two requests.
  (server as { keepAliveTimeout: number }).keepAliveTimeout = 60_000;
  const port = (server.address() as AddressInfo).port;
  let closed: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    mastra,
    close: () =>
      (closed ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Open SSE responses would otherwise hold close() until they end.
          (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        });
        await storage.close();
      })()),
  };
}
