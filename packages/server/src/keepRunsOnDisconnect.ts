import type { Mastra } from '@mastra/core';
import { isDurableAgent } from '@mastra/core/agent/durable';
import type { MiddlewareHandler } from 'hono';
import { normalizePrefix } from './guardedPaths.ts';

// The routes that start or go on with a run and stream its reply.
const RUN_ROUTES = new Set(['stream', 'resume-stream', 'approve-tool-call', 'decline-tool-call']);

/** What `keepRunsOnDisconnect` takes. */
export interface KeepRunsOnDisconnectOptions {
  /** Mastra's route prefix. Default: the server's `apiPrefix`, else `/api`. */
  apiPrefix?: string;
}

type Env = { Variables: { mastra: Mastra; abortSignal: AbortSignal } };

/**
 * Mastra middleware (`server.middleware`) that lets a durable agent's run (`createDurableAgent`)
 * go on when the connection that streams its reply breaks. Mastra's adapter hands each route the
 * request's abort signal, and a dropped connection (a Wi-Fi blip, a phone asleep, a proxy that
 * closes the upstream when its client goes) then aborts the run, leaving nothing for `observe` to
 * replay. With it, the run ends only as it would on its own: the kit's client re-attaches with
 * `observe` and reads the rest of the same reply. Plain agents keep the request's signal: only a
 * durable run can be observed again. The client's `cancel()` then stops reading, not the run.
 * @example
 * new Mastra({ agents: { planner: createDurableAgent({ agent }) }, server: { middleware: [keepRunsOnDisconnect()] } });
 */
export function keepRunsOnDisconnect(options: KeepRunsOnDisconnectOptions = {}): MiddlewareHandler<Env> {
  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const mastra = c.get('mastra');
    const prefix = normalizePrefix(options.apiPrefix ?? mastra?.getServer()?.apiPrefix ?? '/api');
    const [agents, agentId, route, ...rest] = c.req.path.slice(prefix.length + 1).split('/');
    const runRoute = c.req.path.startsWith(`${prefix}/`) && agents === 'agents' && rest.length === 0;
    if (!runRoute || !agentId || !RUN_ROUTES.has(route ?? '')) return next();
    if (isDurableAgent(agentById(mastra, decodeURIComponent(agentId))))
      c.set('abortSignal', new AbortController().signal);
    return next();
  };
}

/** The agent a route names, by its key or its id, as Mastra's routes find it (none: Mastra answers 404). */
function agentById(mastra: Mastra | undefined, agentId: string): unknown {
  for (const find of [() => mastra?.getAgent(agentId), () => mastra?.getAgentById(agentId)]) {
    try {
      const agent = find();
      if (agent) return agent;
    } catch {
      // Not under this name.
    }
  }
  return undefined;
}
