import type { Agent } from '@mastra/core/agent';
import type { MastraDBMessage } from '@mastra/core/agent/message-list';
import type { Mastra } from '@mastra/core/mastra';
import { MASTRA_RESOURCE_ID_KEY, type RequestContext } from '@mastra/core/request-context';
import { registerApiRoute, type ApiRoute } from '@mastra/core/server';
import { toAISdkMessages } from '@mastra/ai-sdk/ui';
import type { Context } from 'hono';

/** Where {@link chatHistoryRoute} is served by default: beside chatRoute's `/chat/:agentId`. */
export const DEFAULT_CHAT_HISTORY_PATH = '/chat/:agentId/history';

/** `chatHistoryRoute`'s options. */
export interface ChatHistoryRouteOptions {
  /**
   * The route's path, outside Mastra's API prefix. With `:agentId` in it, the agent is named by the
   * request; else give `agent`. Default: {@link DEFAULT_CHAT_HISTORY_PATH}.
   */
  path?: string;
  /** A fixed agent id, for a path without `:agentId` (as chatRoute's `agent`). */
  agent?: string;
  /** The AI SDK's UI message version, as chatRoute's `version`. Default: `'v5'` (chatRoute's default). */
  version?: 'v5' | 'v6' | 'v7';
}

/** The JSON body of a history: the thread's messages as the AI SDK's `useChat({ messages })` takes them. */
export interface ChatHistoryBody {
  messages: unknown[];
}

/** The JSON body of a refused request. */
export interface ChatHistoryErrorBody {
  error: string;
}

export const MISSING_THREAD_MESSAGE =
  "Name the conversation: the query needs `thread` and `resource` (the ids chatRoute was given as memory.thread and memory.resource); with server.auth, `resource` is the signed-in user's.";
export const NO_AGENT_MESSAGE = 'No agent was named: put :agentId in the path, or give the route an agent.';
export const UNKNOWN_AGENT_MESSAGE = 'No agent has this id.';
export const NO_MEMORY_MESSAGE = 'This agent has no memory, so it keeps no conversation to read back.';
export const OTHER_RESOURCE_MESSAGE = 'This thread belongs to another resource.';
export const NO_SIGNED_IN_RESOURCE_MESSAGE =
  'The server has auth but gave this request no resource: configure server.auth with mapUserToResourceId, so a user reads only their own conversations.';

type HistoryEnv = { Variables: { mastra: Mastra; requestContext: RequestContext } };

/** The agent the request names, or `undefined` when the server has none by that id. */
function findAgent(mastra: Mastra, agentId: string): Agent | undefined {
  try {
    // Mastra throws for an unknown id (MASTRA_GET_AGENT_BY_AGENT_ID_NOT_FOUND) and logs it.
    return mastra.getAgentById(agentId);
  } catch {
    return undefined;
  }
}

/**
 * Whose conversations the request may read: the resource the server derived for the signed-in
 * user (`server.auth`'s `mapUserToResourceId`) when there is one, the query's `resource` only on
 * a server without auth. A query `resource` may narrow the request to that resource, never widen
 * it to another one.
 */
function readableResource(
  c: Context<HistoryEnv>,
  queried: string | undefined,
): { resource: string } | { status: 400 | 403; error: string } {
  const derived = c.get('requestContext')?.get(MASTRA_RESOURCE_ID_KEY);
  if (typeof derived === 'string' && derived !== '') {
    if (queried && queried !== derived) return { status: 403, error: OTHER_RESOURCE_MESSAGE };
    return { resource: derived };
  }
  if (c.get('mastra').getServer()?.auth) return { status: 403, error: NO_SIGNED_IN_RESOURCE_MESSAGE };
  if (!queried) return { status: 400, error: MISSING_THREAD_MESSAGE };
  return { resource: queried };
}

/** Stored messages as the AI SDK version's UI messages (toAISdkMessages is overloaded per version). */
function uiMessages(messages: MastraDBMessage[], version: ChatHistoryRouteOptions['version']): unknown[] {
  if (version === 'v7') return toAISdkMessages(messages, { version: 'v7' });
  if (version === 'v6') return toAISdkMessages(messages, { version: 'v6' });
  return toAISdkMessages(messages);
}

/**
 * A GET route that gives back a conversation `@mastra/ai-sdk`'s `chatRoute` kept in the agent's
 * memory, as AI SDK UI messages (`@mastra/ai-sdk/ui`'s `toAISdkMessages`): chatRoute serves no
 * history, so without it `useChat` starts empty after a reload. A question still waiting comes
 * back as chatRoute sends it live (a `data-tool-call-suspended` part beside the tool's
 * `input-available` part), so it can be answered as before; answered questions come back as the
 * tool's part with its output. Query: `?thread=…&resource=…` (chatRoute's `memory.thread` and
 * `memory.resource`). With `server.auth`, the resource is the signed-in user's (what
 * `mapUserToResourceId` put on the request context), `resource` may be left out, and one naming
 * another resource is refused: a user reads only their own threads. Answers `{ messages }` (none
 * for a thread not begun yet), 400 without `thread` (and, without auth, `resource`) or for an
 * agent without memory, 403 for a thread of another resource (or, with auth, a request the server
 * derived no resource for), 404 for an unknown agent. The conversion runs here, on the server: it needs `@mastra/core`.
 * @example
 * server: { apiRoutes: [chatHistoryRoute(), chatRoute({ path: '/chat/:agentId' })] }
 * // in the page, before useChat:
 * const { messages } = await (await fetch(`/chat/planner/history?thread=${thread}&resource=${resource}`)).json();
 * const chat = useChat({ id: thread, messages, transport });
 */
export function chatHistoryRoute(options: ChatHistoryRouteOptions = {}): ApiRoute {
  const { path = DEFAULT_CHAT_HISTORY_PATH, agent: fixedAgent, version = 'v5' } = options;
  if (!fixedAgent && !path.includes(':agentId')) {
    throw new Error(`chatHistoryRoute: the path "${path}" has no :agentId and no agent was given.`);
  }
  return registerApiRoute(path, {
    method: 'GET',
    openapi: {
      summary: 'Read back a chatRoute conversation',
      description: "The thread's messages in the AI SDK's UI message format, for useChat({ messages })",
      tags: ['ai-sdk'],
    },
    handler: async (c: Context<HistoryEnv>) => {
      const agentId = fixedAgent ?? c.req.param('agentId');
      if (!agentId) return c.json<ChatHistoryErrorBody>({ error: NO_AGENT_MESSAGE }, 400);
      const thread = c.req.query('thread');
      if (!thread) return c.json<ChatHistoryErrorBody>({ error: MISSING_THREAD_MESSAGE }, 400);
      const readable = readableResource(c, c.req.query('resource'));
      if ('error' in readable)
        return c.json<ChatHistoryErrorBody>({ error: readable.error }, readable.status);
      const { resource } = readable;

      const agent = findAgent(c.get('mastra'), agentId);
      if (!agent) return c.json<ChatHistoryErrorBody>({ error: UNKNOWN_AGENT_MESSAGE }, 404);
      const memory = await agent.getMemory({ requestContext: c.get('requestContext') });
      if (!memory) return c.json<ChatHistoryErrorBody>({ error: NO_MEMORY_MESSAGE }, 400);

      const stored = await memory.getThreadById({ threadId: thread });
      // A conversation not begun yet: chatRoute creates the thread with its first message.
      if (!stored) return c.json<ChatHistoryBody>({ messages: [] });
      if (stored.resourceId !== resource)
        return c.json<ChatHistoryErrorBody>({ error: OTHER_RESOURCE_MESSAGE }, 403);

      const { messages } = await memory.recall({
        threadId: thread,
        resourceId: resource,
        // Every message, oldest first: without perPage, recall keeps only the memory's lastMessages.
        perPage: false,
        orderBy: { field: 'createdAt', direction: 'ASC' },
      });
      return c.json<ChatHistoryBody>({ messages: uiMessages(messages, version) });
    },
  });
}
