import type { Mastra } from '@mastra/core';
import { MASTRA_RESOURCE_ID_KEY, type RequestContext } from '@mastra/core/request-context';
import { registerApiRoute, type ApiRoute } from '@mastra/core/server';
import type { Context } from 'hono';
import type { WaitingItem, WaitingTable } from './waitingTable.ts';

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 200;
/** A badge shows "999+" past this: counting stops there, so a count costs no more than a page. */
const COUNT_LIMIT = 1000;
const MAX_RESOURCES = 50;

export const NO_RESOURCE_MESSAGE =
  'Name whose inbox to read: without server.auth the query needs `resource`; with it, configure mapUserToResourceId.';
export const OTHER_RESOURCE_MESSAGE = 'This inbox belongs to another resource.';
export const TOO_MANY_RESOURCES_MESSAGE = `Name at most ${MAX_RESOURCES} resources.`;
export const BAD_CURSOR_MESSAGE = 'The cursor is not one this route gave.';

/** Who reads an inbox, as the app's `server.auth` resolved them: what `operator` decides on. */
export interface InboxCaller {
  /** The user `authenticateToken` gave; `undefined` without auth. */
  user: unknown;
  /** `mapUserToResourceId`'s resource for the user. */
  resource: string | undefined;
}

/** One waiting call in an inbox page, newest first. */
export type InboxItem = WaitingItem;

/** The JSON body of `GET <path>`: a page of items, and the cursor of the next page while there is one. */
export interface InboxPage {
  items: InboxItem[];
  nextCursor: string | undefined;
}

/** The JSON body of `GET <path>/count`: `count` stops at 1000, then `more` is true. */
export interface InboxCount {
  count: number;
  more: boolean;
}

type InboxEnv = { Variables: { mastra: Mastra; requestContext: RequestContext } };

interface InboxRouteOptions {
  path: string;
  table: WaitingTable;
  operator:
    | ((caller: InboxCaller) => readonly string[] | undefined | Promise<readonly string[] | undefined>)
    | undefined;
  attach(mastra: Mastra | undefined): unknown;
}

/**
 * The resources the request may read: the signed-in user's own (the resource the server derived
 * through `mapUserToResourceId`) and the team `operator` gives them, or without auth the query's
 * `resource`s (repeated for several). A query `resource` narrows the request, never widens it.
 */
async function readableResources(
  c: Context<InboxEnv>,
  operator: InboxRouteOptions['operator'],
): Promise<{ resources: string[] } | { status: 400 | 403; error: string }> {
  const queried = [...new Set((c.req.queries('resource') ?? []).filter(Boolean))];
  if (queried.length > MAX_RESOURCES) return { status: 400, error: TOO_MANY_RESOURCES_MESSAGE };
  const requestContext = c.get('requestContext');
  const derived = requestContext?.get(MASTRA_RESOURCE_ID_KEY);
  const resource = typeof derived === 'string' && derived !== '' ? derived : undefined;
  const auth = c.get('mastra').getServer()?.auth;
  // An open server lets anyone read any resource's runs (Mastra's suspended-runs does): the query names them.
  if (!auth) {
    if (queried.length === 0) return { status: 400, error: NO_RESOURCE_MESSAGE };
    return { resources: queried };
  }
  const team = (await operator?.({ user: requestContext?.get('user'), resource })) ?? [];
  const allowed = [...new Set([...(resource === undefined ? [] : [resource]), ...team])];
  if (allowed.length === 0) return { status: 403, error: NO_RESOURCE_MESSAGE };
  if (queried.length === 0) return { resources: allowed };
  if (queried.some((name) => !allowed.includes(name))) return { status: 403, error: OTHER_RESOURCE_MESSAGE };
  return { resources: queried };
}

const encodeCursor = (item: WaitingItem) =>
  Buffer.from(JSON.stringify([item.createdAt, item.runId, item.toolCallId])).toString('base64url');

function decodeCursor(cursor: string): WaitingItemKey | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every((part) => typeof part === 'string'))
      return undefined;
    const [createdAt, runId, toolCallId] = parsed as [string, string, string];
    return { createdAt, runId, toolCallId };
  } catch {
    return undefined;
  }
}

type WaitingItemKey = { createdAt: string; runId: string; toolCallId: string };

function pageSize(value: string | undefined): number {
  const size = Number(value);
  if (!Number.isInteger(size) || size <= 0) return DEFAULT_PAGE_SIZE;
  return Math.min(size, MAX_PAGE_SIZE);
}

/** `GET <path>` and `GET <path>/count`, under the app's `server.auth` like every Mastra route. */
export function inboxRoutes(options: InboxRouteOptions): ApiRoute[] {
  const { path, table, operator, attach } = options;
  const page = registerApiRoute(path, {
    method: 'GET',
    openapi: {
      summary: 'The waiting questions, approvals and forms of a user, newest first',
      description:
        'Query: cursor (from the previous page), agent, kind, resource (an operator), limit (≤ 200)',
      tags: ['ask-user-kit'],
    },
    handler: async (c: Context<InboxEnv>) => {
      attach(c.get('mastra'));
      const readable = await readableResources(c, operator);
      if ('error' in readable) return c.json({ error: readable.error }, readable.status);
      const cursor = c.req.query('cursor');
      const after = cursor ? decodeCursor(cursor) : undefined;
      if (cursor && !after) return c.json({ error: BAD_CURSOR_MESSAGE }, 400);
      const limit = pageSize(c.req.query('limit'));
      // One more than the page tells whether there is a next one.
      const items = await table.page({
        resources: readable.resources,
        agent: c.req.query('agent') || undefined,
        kind: c.req.query('kind') || undefined,
        after,
        limit: limit + 1,
      });
      const shown = items.slice(0, limit);
      const last = shown.at(-1);
      const nextCursor = items.length > limit && last ? encodeCursor(last) : undefined;
      return c.json<InboxPage>({ items: shown, nextCursor });
    },
  });
  const count = registerApiRoute(`${path.replace(/\/+$/, '')}/count`, {
    method: 'GET',
    openapi: {
      summary: 'How many questions, approvals and forms a user has waiting (up to 1000)',
      tags: ['ask-user-kit'],
    },
    handler: async (c: Context<InboxEnv>) => {
      attach(c.get('mastra'));
      const readable = await readableResources(c, operator);
      if ('error' in readable) return c.json({ error: readable.error }, readable.status);
      const counted = await table.count(readable.resources, COUNT_LIMIT + 1);
      return c.json<InboxCount>({ count: Math.min(counted, COUNT_LIMIT), more: counted > COUNT_LIMIT });
    },
  });
  return [page, count];
}
