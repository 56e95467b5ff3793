import type { Mastra } from '@mastra/core';
import { RequestContext } from '@mastra/core/request-context';
import type { Context } from 'hono';
import { type GuardedRoute, readFields } from './readAnswerIds.ts';

/**
 * The `code` of the guard's refusal of `autoResumeSuspendedTools`: HTTP 403 for a request that
 * turns it on, HTTP 500 (body with `agentId`) while an agent's `defaultOptions` turn it on.
 */
export const SELF_ANSWER_CODE = 'self-answer';
const SELF_ANSWER_MESSAGE =
  'autoResumeSuspendedTools lets the model answer its own questions with its next message: this server refuses it.';
const selfAnsweringAgentMessage = (agentId: string) =>
  `ask-user-kit: agent "${agentId}" sets autoResumeSuspendedTools in its defaultOptions, which lets the model answer its own questions; answerGuard refuses every request until it is removed.`;

// Read once per Mastra instance: agents are registered when it is made.
const checkedAtStart = new WeakMap<Mastra, Promise<string | undefined>>();

/**
 * Refuses what would let the model resolve a suspended question or approval itself (Mastra's
 * `autoResumeSuspendedTools`: the model's next tool call carries `resumeData` of its own, and
 * Mastra takes it as the answer): a request whose body turns it on (403), and every request while
 * an agent's `defaultOptions` turn it on (500: the server is misconfigured; read once, with an
 * empty request context).
 * @returns the refusal, or `undefined` to let the request on
 */
export async function refuseSelfAnswers(
  c: Context,
  mastra: Mastra | undefined,
  route: GuardedRoute,
): Promise<Response | undefined> {
  let check = mastra && checkedAtStart.get(mastra);
  if (mastra && !check) checkedAtStart.set(mastra, (check = selfAnsweringAgent(mastra)));
  const agentId = await check;
  if (agentId !== undefined)
    return c.json({ error: SELF_ANSWER_MESSAGE, code: SELF_ANSWER_CODE, agentId }, 500);
  const body = await readFields(c.req.raw, route);
  const value = body?.autoResumeSuspendedTools;
  if (value === undefined || value === null || value === false) return undefined;
  return c.json({ error: SELF_ANSWER_MESSAGE, code: SELF_ANSWER_CODE }, 403);
}

/** The first agent whose `defaultOptions` turn `autoResumeSuspendedTools` on, logged. */
async function selfAnsweringAgent(mastra: Mastra): Promise<string | undefined> {
  for (const [key, agent] of Object.entries(mastra.listAgents())) {
    let options: unknown;
    try {
      options = await agent.getDefaultOptions({ requestContext: new RequestContext() });
    } catch {
      // defaultOptions that need a request's context: checked per request by Mastra's own merge only.
      continue;
    }
    if ((options as { autoResumeSuspendedTools?: unknown } | undefined)?.autoResumeSuspendedTools) {
      const agentId = agent.id ?? key;
      mastra.getLogger()?.error(selfAnsweringAgentMessage(agentId));
      return agentId;
    }
  }
  return undefined;
}
