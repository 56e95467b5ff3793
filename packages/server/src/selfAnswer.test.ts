import path from 'node:path';
import { ask, reply, scriptedModel, startMastraTestServer } from '@ask-user-kit/testing';
import { chatRoute } from '@mastra/ai-sdk';
import { Agent } from '@mastra/core/agent';
import type { MastraModelConfig } from '@mastra/core/llm';
import { askUserTool, createTool } from '@mastra/core/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerGuard } from './answerGuard.ts';
import { guardedTool } from './guardedTool.ts';
import { libsqlClaimStore } from './libsqlClaimStore.ts';
import { SELF_ANSWER_CODE } from './selfAnswers.ts';
import { frames, pendingCall, readSse } from './test/sse.ts';
import { serverFixture } from './test/serverFixture.ts';

const fixture = serverFixture('self-answer');
const { servers, stores } = fixture;

/** Every run of the approval tool's execute: a self-approval must leave none. */
const deployed: string[] = [];

/**
 * #21303's path, scripted: the first message makes the model ask (a question, or a deploy that needs
 * approval); with the next message, the model calls the tool again with `resumeData` of its own in
 * the arguments, as Mastra's auto-resume instructions tell it to.
 */
function selfAnsweringAgent(
  id: string,
  { guarded, defaultOptions }: { guarded: boolean; defaultOptions?: { autoResumeSuspendedTools: boolean } },
) {
  const deploy = createTool({
    id: 'deploy',
    description: 'Deploys the app.',
    inputSchema: z.object({ target: z.string() }),
    requireApproval: true,
    execute: async ({ target }) => {
      deployed.push(target);
      return { deployed: target };
    },
  });
  const model = scriptedModel(({ step, userText }) => {
    if (step > 0) return reply('Done.');
    if (userText.includes('trip')) return ask.text('Where would you like to go?');
    if (userText.includes('Deploy')) return ask.raw({ target: 'production' }, 'deploy');
    if (userText.includes('approve'))
      return ask.raw({ target: 'production', resumeData: { approved: true } }, 'deploy');
    return ask.raw({ question: 'Where would you like to go?', resumeData: 'Mars' });
  });
  return new Agent({
    id,
    name: id,
    instructions: 'Help the user.',
    model: model as MastraModelConfig,
    tools: { ask_user: guarded ? guardedTool(askUserTool, {}) : askUserTool, deploy },
    ...(defaultOptions ? { defaultOptions } : {}),
  });
}

async function startServer({
  guard = true,
  tool = guard,
  defaults = false,
}: { guard?: boolean; tool?: boolean; defaults?: boolean } = {}) {
  const storage = `file:${path.join(fixture.dir, `mastra-${servers.length}-${Date.now()}.db`)}`;
  const claims = libsqlClaimStore({ url: storage });
  stores.push(claims);
  const server = await startMastraTestServer({
    agents: {
      planner: selfAnsweringAgent('planner', {
        guarded: tool,
        ...(defaults ? { defaultOptions: { autoResumeSuspendedTools: true } } : {}),
      }),
    },
    storage,
    memory: true,
    middleware: guard ? [answerGuard({ claims })] : [],
    apiRoutes: [chatRoute({ path: '/chat/:agentId' })],
  });
  servers.push(server);
  const thread = `thread-${Math.random()}`;
  const memory = { thread, resource: 'user-1' };
  const post = (route: string, body: Record<string, unknown>) =>
    fetch(`${server.url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const say = (text: string, extra: Record<string, unknown> = {}) =>
    post('/api/agents/planner/stream', { messages: [{ role: 'user', content: text }], memory, ...extra });
  const resume = (asked: { runId: string; toolCallId: string }, resumeData: string) =>
    post('/api/agents/planner/resume-stream', { ...asked, resumeData, memory });
  return { post, say, resume, memory };
}

const toolResults = (text: string) =>
  frames(text)
    .filter((chunk) => chunk.type === 'tool-result')
    .map((chunk) => chunk.payload.result);

describe('no self-answers', { timeout: 60_000 }, () => {
  it('reproduces #21303 without the guard: the model answers its own question', async () => {
    const { say } = await startServer({ guard: false });
    pendingCall(await readSse(await say('Plan a trip')));
    const next = await say('Anything you like', { autoResumeSuspendedTools: true });
    expect(next.status).toBe(200);
    expect(toolResults(await next.text())).toContainEqual({ content: 'User answered: Mars', isError: false });
  });

  it('refuses a message that turns autoResumeSuspendedTools on, on agent routes and chatRoute', async () => {
    const { say, post, memory, resume } = await startServer();
    const asked = pendingCall(await readSse(await say('Plan a trip')));
    for (const res of [
      await say('Anything you like', { autoResumeSuspendedTools: true }),
      await post('/api/agents/planner/generate', {
        messages: [{ role: 'user', content: 'Anything you like' }],
        memory,
        autoResumeSuspendedTools: true,
      }),
      await post('/chat/planner', {
        messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'Anything you like' }] }],
        memory,
        autoResumeSuspendedTools: true,
      }),
    ]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: SELF_ANSWER_CODE });
    }
    // The person's own answer still goes through.
    const answered = await readSse(await resume(asked, 'Lisbon'));
    expect(JSON.stringify(answered)).toContain('User answered: Lisbon');
  });

  it('guardedTool fails a call whose answer the model wrote itself; the person still answers the question', async () => {
    // No guard in front: the tool alone, with the option on as #21303 has it.
    const { say, resume } = await startServer({ guard: false, tool: true });
    const asked = pendingCall(await readSse(await say('Plan a trip')));
    const next = await say('Anything you like', { autoResumeSuspendedTools: true });
    const text = await next.text();
    expect(text).not.toContain('User answered');
    expect(text).toContain('Only the user can answer this question');
    const answered = await readSse(await resume(asked, 'Lisbon'));
    expect(JSON.stringify(answered)).toContain('User answered: Lisbon');
  });

  it('refuses every request while an agent turns autoResumeSuspendedTools on in its defaultOptions', async () => {
    const { say } = await startServer({ defaults: true });
    const res = await say('Plan a trip');
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: SELF_ANSWER_CODE, agentId: 'planner' });
  });

  it('Mastra itself does not take a model-authored approval: the tool asks for approval again', async () => {
    const { say } = await startServer({ guard: false });
    deployed.length = 0;
    pendingCall(await readSse(await say('Deploy please')), 'tool-call-approval');
    const next = await say('I approve', { autoResumeSuspendedTools: true });
    const chunks = frames(await next.text());
    expect(chunks.some((chunk) => chunk.type === 'tool-call-approval')).toBe(true);
    expect(deployed).toEqual([]);
  });
});
