// First: it must run before CopilotKit's runtime loads.
import './copilotKitTelemetry.ts';
import { MastraAgent } from '@ag-ui/mastra';
import { CopilotRuntime, createCopilotRuntimeHandler, type AgentsConfig } from '@copilotkit/runtime/v2';
import type { Mastra } from '@mastra/core';
import { MASTRA_RESOURCE_ID_KEY, type RequestContext } from '@mastra/core/request-context';
import { registerApiRoute, type ApiRoute } from '@mastra/core/server';

/** `copilotKitRoute`'s options. */
interface CopilotKitRouteOptions {
  /** Where the runtime answers (its routes below it: `/info`, `/agent/:id/run`…). Default: `/copilotkit`. */
  path?: string;
  /** The agents it serves, by id. Default: every agent of the Mastra. */
  agentIds?: readonly string[];
}

/**
 * CopilotKit's runtime (`@copilotkit/runtime/v2`) as a Mastra API route, serving
 * the Mastra's agents as `@ag-ui/mastra` `MastraAgent`s: what a CopilotKit app's `runtimeUrl`
 * points at. Each agent's memory resource is the CopilotKit thread (no `resourceId`), so a thread's
 * suspended runs are listed with `resourceId` = the thread id; with Mastra's `server.auth`, it is
 * the signed-in user's resource instead (what `mapUserToResourceId` put on the request context,
 * handed to each `MastraAgent` with that request context), so each run is its user's. The model
 * stays the agents' own (a real provider in production, the scripted one in tests): no service
 * adapter. Importing it switches CopilotKit's telemetry off (`COPILOTKIT_TELEMETRY_DISABLED`,
 * unless the environment sets it). Its packages, `@copilotkit/runtime` and `@ag-ui/mastra`, are
 * optional peer dependencies of `@ask-user-kit/server`, needed only by this entry.
 * @example
 * new Mastra({ agents: { planner }, storage, server: { apiRoutes: [copilotKitRoute()] } });
 */
export function copilotKitRoute(options: CopilotKitRouteOptions = {}): ApiRoute {
  const path = options.path ?? '/copilotkit';
  return registerApiRoute(`${path}/*`, {
    method: 'ALL',
    handler: async (c) => {
      const mastra = c.get('mastra') as Mastra;
      const requestContext = c.get('requestContext') as RequestContext | undefined;
      const signedIn = requestContext?.get(MASTRA_RESOURCE_ID_KEY);
      const resourceId = typeof signedIn === 'string' && signedIn !== '' ? signedIn : undefined;
      const ids = options.agentIds ?? Object.keys(mastra.listAgents());
      const agents = Object.fromEntries(
        ids.map((agentId) => [
          agentId,
          new MastraAgent({ agentId, agent: mastra.getAgent(agentId), resourceId, requestContext }),
        ]),
      );
      const handle = createCopilotRuntimeHandler({
        // @ag-ui/mastra's agents are @ag-ui/client 1.0 agents; the runtime is typed against its own
        // 0.0.x copy of the same class (it drives them through run() and clone() alike).
        runtime: new CopilotRuntime({ agents: agents as unknown as AgentsConfig }),
        basePath: path,
      });
      return handle(c.req.raw);
    },
  });
}
