// Which requests the answer guard reads: Mastra's agent answer routes under its apiPrefix, and the
// chat and AG-UI routes by their path patterns.
import type { GuardedRoute } from './readAnswerIds.ts';

/** The routes that answer a suspended tool call (`POST {apiPrefix}/agents/:agentId/<route>`). */
export const GUARDED_ROUTES: readonly string[] = [
  'resume-stream',
  'resume-stream-until-idle',
  'approve-tool-call',
  'approve-tool-call-generate',
  'decline-tool-call',
  'decline-tool-call-generate',
];

/** The routes that answer a suspended workflow step (`POST {apiPrefix}/workflows/:workflowId/<route>?runId=…`). */
export const GUARDED_WORKFLOW_ROUTES: readonly string[] = [
  'resume-stream',
  'resume',
  'resume-async',
  'resume-no-wait',
];

export function guardedRoute(
  path: string,
  apiPrefix: string,
  paths: { chat: readonly string[]; agUi: readonly string[] },
): GuardedRoute | undefined {
  if (isAgentAnswerPath(path, apiPrefix)) return 'agent';
  if (workflowAnswered(path, apiPrefix) !== undefined) return 'workflow';
  if (paths.chat.some((pattern) => matchesPath(path, pattern))) return 'chat';
  if (paths.agUi.some((pattern) => matchesPath(path, pattern))) return 'ag-ui';
  return undefined;
}

/**
 * Hono's way for the patterns chatRoute takes: literal segments, and `:name` for any one segment;
 * and `*` for any number of segments, none included (CopilotKit's runtime routes every path below
 * it that ends in `agent/:id/run`). Empty segments are skipped, as the runtime skips them.
 */
function matchesPath(path: string, pattern: string): boolean {
  return matchSegments(path.split('/').filter(Boolean), pattern.split('/').filter(Boolean));
}

function matchSegments(segments: string[], expected: string[]): boolean {
  const [part, ...rest] = expected;
  if (part === undefined) return segments.length === 0;
  if (part === '*')
    return segments.some((_, skip) => matchSegments(segments.slice(skip), rest)) || matchSegments([], rest);
  if (segments.length === 0 || (!part.startsWith(':') && part !== segments[0])) return false;
  return matchSegments(segments.slice(1), rest);
}

/** `{prefix}/agents/:agentId/<route>`: any route of one agent. */
export function isAgentPath(path: string, apiPrefix: string): boolean {
  const prefix = normalizePrefix(apiPrefix);
  if (!path.startsWith(`${prefix}/`)) return false;
  const segments = path.slice(prefix.length + 1).split('/');
  return segments.length === 3 && segments[0] === 'agents' && segments[1] !== '';
}

function isAgentAnswerPath(path: string, apiPrefix: string): boolean {
  const prefix = normalizePrefix(apiPrefix);
  if (!path.startsWith(`${prefix}/`)) return false;
  const segments = path.slice(prefix.length + 1).split('/');
  if (segments.length !== 3 || segments[0] !== 'agents' || !segments[1]) return false;
  return GUARDED_ROUTES.includes(segments[2]!);
}

/** The workflow whose step `{prefix}/workflows/:workflowId/<resume route>` answers, if the path is one. */
export function workflowAnswered(path: string, apiPrefix: string): string | undefined {
  const prefix = normalizePrefix(apiPrefix);
  if (!path.startsWith(`${prefix}/`)) return undefined;
  const [collection, workflowId, route, ...rest] = path.slice(prefix.length + 1).split('/');
  if (collection !== 'workflows' || !workflowId || rest.length > 0) return undefined;
  return GUARDED_WORKFLOW_ROUTES.includes(route ?? '') ? decodeURIComponent(workflowId) : undefined;
}

/**
 * How the responses of a route carry suspensions to sign: `agent` for every agent route, the chat
 * and AG-UI routes and chatHistoryRoute (`<chat path>/history`); `workflow` for every workflow
 * route (streams, runs and their list); `undefined` for the others.
 */
export function signedRoute(
  path: string,
  apiPrefix: string,
  paths: { chat: readonly string[]; agUi: readonly string[] },
): 'agent' | 'workflow' | undefined {
  if (isAgentPath(path, apiPrefix)) return 'agent';
  const prefix = normalizePrefix(apiPrefix);
  if (path.startsWith(`${prefix}/workflows/`)) return 'workflow';
  const history = paths.chat.map((pattern) => `${pattern.replace(/\/+$/, '')}/history`);
  const chat = { chat: [...paths.chat, ...history], agUi: paths.agUi };
  return guardedRoute(path, apiPrefix, chat) ? 'agent' : undefined;
}

// As Mastra normalizes it: `/` means none, `api/` means `/api`.
export function normalizePrefix(apiPrefix: string): string {
  const trimmed = apiPrefix.trim().replace(/\/+$/, '');
  if (trimmed === '' || trimmed.startsWith('/')) return trimmed;
  return `/${trimmed}`;
}
