import type { Mastra } from '@mastra/core';
import { MASTRA_RESOURCE_ID_KEY } from '@mastra/core/request-context';
import type { Context } from 'hono';

export const NOT_OWNER_MESSAGE = 'This run belongs to another user.';
/** `code` of the guard's HTTP 403 ({@link NotOwnerBody}): the caller does not own the run. */
export const NOT_OWNER_CODE = 'not-owner';
// Mastra's own answer for a missing or rejected token, so a client sees one 401 whoever gives it.
export const UNAUTHENTICATED_MESSAGE = 'Invalid or expired token';

/** The JSON body of the guard's HTTP 403 for a caller who does not own the run. */
export interface NotOwnerBody {
  error: typeof NOT_OWNER_MESSAGE;
  code: typeof NOT_OWNER_CODE;
}

// The agent loop's workflow, as a plain agent and as a durable agent (createDurableAgent) store it.
export const AGENT_LOOP_WORKFLOWS: readonly string[] = ['agentic-loop', 'durable-agentic-loop'];
const STUDIO_CLIENT_TYPE_HEADER = 'x-mastra-client-type';

/** The part of Mastra's `server.auth` (or `studio.auth`) the guard uses: the app's own auth. */
interface AuthLike {
  authenticateToken?: (token: string, request: never) => Promise<unknown> | unknown;
  mapUserToResourceId?: (user: never) => string | undefined | null;
}

type Caller =
  | { kind: 'anonymous' }
  | { kind: 'signed-in'; resource: string | undefined; user: string | undefined; mapsResources: boolean };

/** Who owns a run: the resources Mastra recorded for it, and whether it was found at all. */
interface RunOwners {
  found: boolean;
  resources: Set<string>;
}

/** Who sent a request, as the app's auth sees them: what the audit trail records. */
export interface CallerIdentity {
  /** `mapUserToResourceId`'s resource for the signed-in user. */
  resource: string | undefined;
  /** The user's `id`, when `authenticateToken`'s user has one. */
  user: string | undefined;
}

/** The verdict of {@link checkOwner}: a refusal (or none), and who asked. */
export interface OwnerCheck {
  refusal: Response | undefined;
  caller: CallerIdentity;
}

const NOBODY: CallerIdentity = { resource: undefined, user: undefined };

/**
 * When Mastra has auth, refuses a request about another user's run before anything is claimed or
 * streamed: 401 for a caller the app's auth does not accept, 403 for one whose resource (what
 * `mapUserToResourceId` maps them to) is not the run's. `server.middleware` runs before Mastra's
 * per-route auth, so the caller is resolved here, through the same auth config. A run Mastra
 * recorded no resource for, or an auth without `mapUserToResourceId`, has no owner to protect:
 * Mastra's own checks decide. With `unknownRuns: 'refuse'`, a run not found is refused too (for
 * `observe`, which streams whatever is published under the runId).
 */
export async function checkOwner(
  c: Context,
  mastra: Mastra | undefined,
  runId: string,
  { unknownRuns = 'allow' }: { unknownRuns?: 'allow' | 'refuse' } = {},
): Promise<OwnerCheck> {
  const auth = mastra && effectiveAuth(mastra, c.req.raw);
  if (!mastra || !auth) return { refusal: undefined, caller: NOBODY };
  const caller = await resolveCaller(auth, c.req.raw);
  const identity = caller.kind === 'signed-in' ? { resource: caller.resource, user: caller.user } : NOBODY;
  const verdict = (refusal?: Response) => ({ refusal, caller: identity });
  const owners = await runOwners(mastra, runId);
  if (!owners.found && unknownRuns === 'allow') return verdict();
  if (owners.found && owners.resources.size === 0) return verdict();

  if (caller.kind === 'anonymous') return verdict(c.json({ error: UNAUTHENTICATED_MESSAGE }, 401));
  if (!caller.mapsResources && owners.found) return verdict();
  const [owner] = owners.resources;
  if (caller.resource !== undefined && owners.resources.size === 1 && owner === caller.resource)
    return verdict();
  return verdict(c.json<NotOwnerBody>({ error: NOT_OWNER_MESSAGE, code: NOT_OWNER_CODE }, 403));
}

/** `POST {prefix}/agents/:agentId/observe` (the prefix normalized): Mastra's stream of a run's chunks. */
export function isObservePath(path: string, prefix: string): boolean {
  if (!path.startsWith(`${prefix}/`)) return false;
  const segments = path.slice(prefix.length + 1).split('/');
  return segments.length === 3 && segments[0] === 'agents' && segments[1] !== '' && segments[2] === 'observe';
}

/**
 * Refuses an `observe` of another user's run (see {@link checkOwner}). Mastra's observe
 * route streams, replayed from the start, whatever was published under the runId it is given,
 * whoever asks; a run not recorded yet is refused too, as nothing proves whose it is.
 */
export async function refuseObserverUnlessOwner(
  c: Context,
  mastra: Mastra | undefined,
): Promise<Response | undefined> {
  if (!mastra || !effectiveAuth(mastra, c.req.raw)) return undefined;
  const runId = await readRunId(c.req.raw);
  // No runId: Mastra refuses the body itself (400), and streams nothing.
  if (runId === undefined) return undefined;
  return (await checkOwner(c, mastra, runId, { unknownRuns: 'refuse' })).refusal;
}

// The body's runId, read from a clone as Mastra's Hono adapter reads bodies (JSON or multipart).
async function readRunId(request: Request): Promise<string | undefined> {
  const contentType = request.headers.get('content-type') ?? '';
  try {
    if (contentType.includes('multipart/form-data'))
      return nonEmpty((await request.clone().formData()).get('runId'));
    if (contentType.includes('application/json'))
      return nonEmpty(recordAt({ body: await request.clone().json() }, 'body').runId);
  } catch {
    return undefined;
  }
  return undefined;
}

// As Mastra's server adapter picks it: Studio's auth for a Studio request when it has one.
function effectiveAuth(mastra: Mastra, request: Request): AuthLike | undefined {
  const studioAuth = mastra.getStudio?.()?.auth as AuthLike | undefined;
  if (studioAuth && request.headers.get(STUDIO_CLIENT_TYPE_HEADER) === 'studio') return studioAuth;
  return mastra.getServer()?.auth as AuthLike | undefined;
}

/** The caller as Mastra's auth middleware resolves them: the token, then `mapUserToResourceId`. */
async function resolveCaller(auth: AuthLike, request: Request): Promise<Caller> {
  if (typeof auth.authenticateToken !== 'function') return { kind: 'anonymous' };
  const header = request.headers.get('authorization');
  let token = header ? header.replace('Bearer ', '') : null;
  if (!token) token = new URL(request.url).searchParams.get('apiKey') || null;
  // The request as Mastra hands it to authenticateToken (a Hono-like request over the raw one).
  const authRequest = {
    raw: request,
    headers: request.headers,
    header: (name: string) => request.headers.get(name) ?? undefined,
  };
  let user: unknown;
  try {
    user = await auth.authenticateToken(token ?? '', authRequest as never);
  } catch {
    user = null;
  }
  if (!user) return { kind: 'anonymous' };
  const id = (user as { id?: unknown }).id;
  const userId = typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
  if (typeof auth.mapUserToResourceId !== 'function')
    return { kind: 'signed-in', resource: undefined, user: userId, mapsResources: false };
  try {
    const resource = auth.mapUserToResourceId(user as never);
    return { kind: 'signed-in', resource: nonEmpty(resource), user: userId, mapsResources: true };
  } catch {
    // Mastra refuses such a request itself; here it simply proves no ownership.
    return { kind: 'signed-in', resource: undefined, user: userId, mapsResources: true };
  }
}

/**
 * The resources Mastra stored for a run of the agent loop: the run's `resourceId` (its memory
 * resource), and the server-derived resource on the request context the run started with (a run
 * without memory has only that one). Read the same places Mastra's own durable-run check reads.
 */
export async function runOwners(mastra: Mastra, runId: string): Promise<RunOwners> {
  const workflows = await mastra.getStorage()?.getStore('workflows');
  const resources = new Set<string>();
  let found = false;
  for (const workflowName of AGENT_LOOP_WORKFLOWS) {
    const run = await workflows?.getWorkflowRunById({ runId, workflowName });
    if (!run) continue;
    found = true;
    const snapshot = parseSnapshot(run.snapshot);
    const input = recordAt(snapshot, 'context', 'input');
    for (const candidate of [
      run.resourceId,
      recordAt(snapshot, 'requestContext')[MASTRA_RESOURCE_ID_KEY],
      recordAt(input, 'requestContextEntries')[MASTRA_RESOURCE_ID_KEY],
      recordAt(input, 'state').resourceId,
      recordAt(input, 'messageListState', 'memoryInfo').resourceId,
    ]) {
      const resource = nonEmpty(candidate);
      if (resource !== undefined) resources.add(resource);
    }
  }
  return { found, resources };
}

/** A stored workflow snapshot as an object (storage gives it parsed or as JSON text); `{}` when it is neither. */
export function parseSnapshot(snapshot: unknown): Record<string, unknown> {
  if (typeof snapshot !== 'string') return isRecord(snapshot) ? snapshot : {};
  try {
    const parsed: unknown = JSON.parse(snapshot);
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** The object at a path of nested objects, `{}` where any step is not one. */
export function recordAt(value: unknown, ...path: string[]): Record<string, unknown> {
  let current: unknown = value;
  for (const key of path) current = isRecord(current) ? current[key] : undefined;
  return isRecord(current) ? current : {};
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
