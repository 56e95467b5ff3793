import type { Mastra } from '@mastra/core';
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { DEFAULT_LEASE_MS, holdClaim, takeClaim } from './claimLease.ts';
import type { ClaimStore } from './ClaimStore.ts';
import { checkOwner, isObservePath, refuseObserverUnlessOwner } from './ownership.ts';
import { expired, expiryOf, findSuspension } from './findSuspension.ts';
export { EXPIRED_CODE } from './findSuspension.ts';
import { refuseSelfAnswers } from './selfAnswers.ts';
import { auditTrail } from './auditTrail.ts';
import { guardedRoute, isAgentPath, normalizePrefix, signedRoute, workflowAnswered } from './guardedPaths.ts';
import { chatBodyProblem, isBodyTooLarge, readAnswerIds, readFields } from './readAnswerIds.ts';
import { BAD_SIGNATURE_CODE, BAD_SIGNATURE_MESSAGE, isSignedFor, signResponse } from './signing.ts';
import { signerFor } from './signWorkflows.ts';
import { inboxHooksOf, type InboxIndex } from './inboxIndex.ts';
import { watchRuns, watchThreadClears } from './watchRuns.ts';
import { refuseBadEdits } from './editCheck.ts';

/**
 * Where `@mastra/ai-sdk`'s `chatRoute` is served by default. A POST there whose body has
 * `resumeData` (with `runId` and `toolCallId`) answers a question, like `resume-stream`.
 */
export const DEFAULT_CHAT_PATHS: readonly string[] = ['/chat/:agentId'];

/**
 * Where CopilotKit's runtime runs an AG-UI agent by default (`copilotKitRoute()` of
 * `@ask-user-kit/server/copilotkit`, any runtime under `/copilotkit`): the runtime routes any path below it
 * whose last segments are `agent/:agentId/run`. A POST there whose `RunAgentInput`
 * resolves an interrupt (`resume`, or the older `forwardedProps.command`) answers a question.
 */
export const DEFAULT_AG_UI_PATHS: readonly string[] = ['/copilotkit/*/agent/:agentId/run'];

export const ALREADY_ANSWERED_MESSAGE = 'This question was already answered.';
/** `code` of the guard's HTTP 409 ({@link AlreadyAnsweredBody}): another answer took the question first. */
export const ALREADY_ANSWERED_CODE = 'already-answered';

/** The JSON body of the guard's HTTP 409. */
export interface AlreadyAnsweredBody {
  error: typeof ALREADY_ANSWERED_MESSAGE;
  code: typeof ALREADY_ANSWERED_CODE;
  runId: string;
  toolCallId: string;
}

/** `answerGuard`'s options: where claims are kept, the routes it guards, who may answer. */
export interface AnswerGuardOptions {
  /** Where claims are recorded; share it (one database) between every server instance. */
  claims: ClaimStore;
  /** Mastra's API prefix. Default: the Mastra instance's `server.apiPrefix`, else `/api`. */
  apiPrefix?: string;
  /**
   * Where the guard reads the run's suspension (which call, and when it was suspended). Default:
   * the instance Mastra's Hono adapter puts on the request context.
   */
  mastra?: Mastra;
  /**
   * The paths of `@mastra/ai-sdk`'s `chatRoute` (and `handleChatStream` routes) to guard, outside
   * the API prefix; a `:name` segment matches any one segment, `*` any number. Only their requests with
   * `resumeData` are answers. Default: {@link DEFAULT_CHAT_PATHS}; `[]` guards none.
   */
  chatPaths?: readonly string[];
  /**
   * The AG-UI run routes to guard (CopilotKit's runtime serving `@ag-ui/mastra` agents), outside
   * the API prefix; a `:name` segment matches any one segment, `*` any number. Only their runs that resolve an
   * interrupt are answers: the one `@ag-ui/mastra` resumes, `forwardedProps.command.interruptEvent`
   * when it is there, else the first `resume` entry, whose `interruptId` is `<runId>::<toolCallId>`.
   * Default: {@link DEFAULT_AG_UI_PATHS}; `[]` guards none.
   */
  agUiPaths?: readonly string[];
  /**
   * How long a claim holds unless renewed, in milliseconds. The guard renews the claim of an
   * answer in flight every second (a quarter of this when shorter) until its reply is sent. A
   * claim left by a server that died, on a question the run still waits on, is taken over once its
   * lease ends: the answer to it waits until then and goes through. Set it above the longest pause
   * your server can take between two renewals (a blocked event loop, a slow database). Default:
   * 10 000.
   */
  leaseMs?: number;
  /**
   * How long an answer may wait for Mastra to start answering it (its status and headers) while
   * holding its question, in milliseconds. Past it the claim is no longer renewed, so the answer
   * sent again takes it over once the lease ends: Mastra can wait on a thread forever without
   * answering, and a request it never answers must not keep the question answered. Default:
   * 120 000: twice the kit's fetch transport's `responseTimeout`, and well past the ~30 s Mastra
   * may wait for a dead instance's thread lease before it resumes a run elsewhere (an answer still
   * on its way must not lose its claim).
   */
  startTimeoutMs?: number;
  /**
   * How long an approval (a tool with `requireApproval`) takes answers, in milliseconds from when
   * Mastra suspended the call; an approval or decline after that is refused with HTTP 410
   * ({@link EXPIRED_CODE}). A question expires at the `expiresAt` its tool puts in its suspend
   * payload (see `guardedTool`). Default: approvals do not expire.
   */
  approvalTtlMs?: number;
  /**
   * The secret that signs what each question, form and approval showed (HMAC-SHA256 over its run,
   * call, tool name, and an approval's arguments or a question's or form's suspend payload). With
   * it, the guard adds `signature` to each suspension it sees streamed (`tool-call-suspended`,
   * `tool-call-approval`, chatRoute's and AG-UI's suspension events) or listed (`suspended-runs`,
   * `chatHistoryRoute`), and takes an answer only when its body's `signature` (on AG-UI routes
   * `forwardedProps.signature`) is the one of the suspension the run stores: a missing, forged or
   * replayed signature, or arguments changed since, get HTTP 403 `bad-signature`. Keep it secret,
   * the same on every instance, and at least 32 random bytes. Default: answers are not signed.
   */
  signingSecret?: string;
  /**
   * The inbox's index (`inboxIndex`) to keep: the guard tells it of every run an agent, chat or
   * AG-UI route streams (what it waits on is read when its answer has been sent), of every
   * answer Mastra takes and of every thread Mastra deletes. Default: none.
   */
  inbox?: InboxIndex;
}

const DEFAULT_API_PREFIX = '/api';
// Mastra's own default for `server.bodySizeLimit`, and its words when a body is past it.
const DEFAULT_BODY_SIZE_LIMIT = 4_718_592;
const BODY_TOO_LARGE_MESSAGE = 'Request body too large';
const DEFAULT_START_TIMEOUT_MS = 120_000;
const NO_MASTRA_MESSAGE =
  'ask-user-kit: answerGuard has no Mastra instance to read runs from; pass it as `mastra` when the guard runs before MastraServer sets it';
type GuardEnv = { Variables: { mastra?: Mastra } };

/**
 * Middleware that lets exactly one answer through per question: before a resume, approve or
 * decline of a suspended call reaches Mastra, it claims `(runId, toolCallId)` in `claims`;
 * whoever finds the question already claimed gets HTTP 409 with an {@link AlreadyAnsweredBody}.
 * A request Mastra does not take (any status but 2xx) releases its claim, so the client can
 * retry. The claim's lease is renewed until the reply is sent; one whose lease ended while the
 * run still waits on the question (its server died) is taken over by the next answer.
 * @example
 * const claims = libsqlClaimStore({ url: 'file:./mastra.db' });
 * new Mastra({ storage, agents, server: { middleware: [answerGuard({ claims })] } });
 */
export function answerGuard(options: AnswerGuardOptions): MiddlewareHandler<GuardEnv> {
  const { claims, leaseMs = DEFAULT_LEASE_MS, startTimeoutMs = DEFAULT_START_TIMEOUT_MS } = options;
  if (!Number.isFinite(leaseMs) || leaseMs <= 0)
    throw new TypeError(`answerGuard: leaseMs must be a positive number of milliseconds, got ${leaseMs}.`);
  const { approvalTtlMs } = options;
  if (approvalTtlMs !== undefined && !(Number.isFinite(approvalTtlMs) && approvalTtlMs > 0))
    throw new TypeError(
      `answerGuard: approvalTtlMs must be a positive number of milliseconds, got ${approvalTtlMs}.`,
    );
  const { signingSecret } = options;
  if (signingSecret !== undefined && signingSecret.length < 16)
    throw new TypeError(
      'answerGuard: signingSecret must be at least 16 characters (32 random bytes are best).',
    );
  const guard: MiddlewareHandler<GuardEnv> = async (c, next) => {
    const mastra = options.mastra ?? c.get('mastra');
    const apiPrefix = options.apiPrefix ?? mastra?.getServer()?.apiPrefix ?? DEFAULT_API_PREFIX;
    if (c.req.method !== 'POST') return watchThreadClears(c, next, options.inbox, mastra, apiPrefix);
    if (isObservePath(c.req.path, normalizePrefix(apiPrefix)))
      return (await refuseObserverUnlessOwner(c, mastra)) ?? next();
    const route = guardedRoute(c.req.path, apiPrefix, {
      chat: options.chatPaths ?? DEFAULT_CHAT_PATHS,
      agUi: options.agUiPaths ?? DEFAULT_AG_UI_PATHS,
    });
    // Any agent route may carry a message (stream, generate, …): none may let the model answer itself.
    const agentRoute = isAgentPath(c.req.path, apiPrefix);
    if (!route && !agentRoute) return next();
    // The guard reads the body before Mastra does: not past Mastra's own limit.
    const maxBytes = mastra?.getServer()?.bodySizeLimit ?? DEFAULT_BODY_SIZE_LIMIT;
    if (await isBodyTooLarge(c.req.raw, maxBytes)) return c.json({ error: BODY_TOO_LARGE_MESSAGE }, 413);
    const selfAnswer = await refuseSelfAnswers(c, mastra, route ?? 'agent');
    if (selfAnswer) return selfAnswer;
    const { inbox } = options;
    if (!route) return watchRuns(c, next, inbox, mastra);
    if (route === 'chat') {
      const problem = chatBodyProblem(await readFields(c.req.raw, 'chat'));
      if (problem) return c.json({ error: problem }, 400);
    }
    // Without Mastra the guard cannot tell which call a run waits on: refuse rather than let
    // every answer through unguarded.
    if (!mastra) return c.json({ error: NO_MASTRA_MESSAGE }, 500);

    const ids = await readAnswerIds(c.req.raw, route);
    // Not an answer (a chat message), or one without a runId, which Mastra refuses itself.
    if (!ids) return watchRuns(c, next, inbox, mastra);
    const workflowId = route === 'workflow' ? workflowAnswered(c.req.path, apiPrefix) : undefined;
    // Only the run's owner answers (with server.auth): refused before anything is claimed.
    const { refusal, caller } = await checkOwner(c, mastra, ids.runId, { workflowId });
    const trail = auditTrail(c, claims, mastra, { ...ids, route }, caller);
    if (refusal) {
      await trail(refusal.status === 401 ? 'unauthenticated' : 'not-owner', refusal.status, undefined);
      return refusal;
    }
    const suspension = await findSuspension(mastra, ids, workflowId);
    // Nothing suspended for that call (an unknown run or call, or a question the run moved past):
    // nothing to claim. One claimed before was answered; any other, Mastra answers itself.
    if (!suspension) {
      const named = ids.toolCallId;
      if (named !== undefined && (await claims.find(ids.runId, named))) {
        await trail('already-answered', 409, undefined);
        return alreadyAnswered(c, ids.runId, named);
      }
      try {
        await watchRuns(c, next, inbox, mastra);
      } catch (error) {
        await trail('failed', 500, undefined);
        throw error;
      }
      await trail(isSuccess(c.res.status) ? 'accepted' : 'failed', c.res.status, undefined);
      return;
    }
    const { runId } = ids;
    const { toolCallId, suspendedAt } = suspension;
    // A late answer is refused before it claims anything: the question stays unanswered.
    const expiresAt = expiryOf(suspension, approvalTtlMs);
    if (expiresAt !== undefined && Date.now() >= expiresAt) {
      await trail('expired', 410, suspension);
      return expired(c, runId, toolCallId, expiresAt);
    }
    if (signingSecret !== undefined && !isSignedFor(signingSecret, runId, suspension, ids.signature)) {
      await trail('bad-signature', 403, suspension);
      return c.json({ error: BAD_SIGNATURE_MESSAGE, code: BAD_SIGNATURE_CODE, runId, toolCallId }, 403);
    }
    // Edits that would not run are refused before the claim: the approval stays open for corrected ones.
    const badEdits = await refuseBadEdits(c, mastra, route, suspension);
    if (badEdits) {
      await trail('invalid-edit', 400, suspension);
      return badEdits;
    }

    const lease = { holder: randomUUID(), ms: leaseMs };
    const stillSuspended = async () => {
      const current = await findSuspension(mastra, { runId, toolCallId }, workflowId);
      return current !== undefined && current.suspendedAt === suspendedAt;
    };
    const taken = await takeClaim({
      claims,
      runId,
      toolCallId,
      suspension: suspendedAt,
      lease,
      stillSuspended,
      signal: c.req.raw.signal,
    });
    if (!taken) {
      await trail('already-answered', 409, suspension);
      return alreadyAnswered(c, runId, toolCallId);
    }

    const held = holdClaim(claims, runId, toolCallId, lease, mastra.getLogger(), {
      signal: c.req.raw.signal,
      startTimeoutMs,
    });
    try {
      await watchRuns(c, next, inbox, mastra);
    } catch (error) {
      await held.release();
      await trail('failed', 500, suspension);
      throw error;
    }
    if (!isSuccess(c.res.status)) await held.release();
    else {
      c.res = held.holdUntilSent(c.res);
      if (inbox) await inboxHooksOf(inbox)?.answered(mastra, runId, toolCallId);
    }
    await trail(isSuccess(c.res.status) ? 'accepted' : 'failed', c.res.status, suspension);
  };
  if (signingSecret === undefined) return guard;
  return async (c, next) => {
    // Hono's `next()` resolves to the context: only a Response is the guard's own answer.
    const answer: unknown = await guard(c, next);
    if (answer instanceof Response) return answer;
    const mastra = options.mastra ?? c.get('mastra');
    const apiPrefix = options.apiPrefix ?? mastra?.getServer()?.apiPrefix ?? DEFAULT_API_PREFIX;
    const signs = signedRoute(c.req.path, apiPrefix, {
      chat: options.chatPaths ?? DEFAULT_CHAT_PATHS,
      agUi: options.agUiPaths ?? DEFAULT_AG_UI_PATHS,
    });
    if (!c.res || !signs) return;
    const signed = await signResponse(c.res, signerFor(signs, signingSecret));
    // Unset first: Hono copies the old answer's headers onto a new one, its content-length too.
    c.res = undefined;
    c.res = signed;
  };
}

const isSuccess = (status: number) => status >= 200 && status < 300;

function alreadyAnswered(c: Context, runId: string, toolCallId: string) {
  const body: AlreadyAnsweredBody = {
    error: ALREADY_ANSWERED_MESSAGE,
    code: ALREADY_ANSWERED_CODE,
    runId,
    toolCallId,
  };
  return c.json(body, 409);
}
