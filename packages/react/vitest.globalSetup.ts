import type { MastraTestServerOptions } from '@ask-user-kit/testing';
import type { TestProject } from 'vitest/node';

// React tests run in jsdom or in Chromium, where Mastra cannot start: a real Mastra server is
// started here, in Node, with the agents the tests need, and its URL is handed to the tests.
export default async function setup(project: TestProject) {
  const { startMastraTestServer } = await import('@ask-user-kit/testing');
  const { chatRoute } = await import('@mastra/ai-sdk');
  const { answerGuard, libsqlClaimStore } = await import('@ask-user-kit/server');
  const { chatHistoryRoute } = await import('@ask-user-kit/server/ai-sdk');
  const { testAgents } = await import('./src/test/testAgents.ts');
  // The AI SDK adapter's tests speak @mastra/ai-sdk's chat route: /chat/<agent id>.
  // /guarded-chat is the same route behind @ask-user-kit/server's answer guard (exactly once);
  // the guard covers only it, so the other tests' resumes reach Mastra as they always did.
  const apiRoutes = [chatRoute({ path: '/chat/:agentId' }), chatRoute({ path: '/guarded-chat/:agentId' })];
  const claims = libsqlClaimStore({ url: ':memory:' });
  const guard = answerGuard({ claims, chatPaths: ['/guarded-chat/:agentId'] });
  const guardChatOnly: NonNullable<MastraTestServerOptions['middleware']>[number] = (c, next) =>
    c.req.path.startsWith('/guarded-chat/') ? guard(c, next) : next();
  const server = await startMastraTestServer({
    agents: testAgents(),
    apiRoutes,
    middleware: [guardChatOnly],
  });
  project.provide('mastraUrl', server.url);
  // The same agents with Mastra memory: threads and their messages are kept (the history entry's
  // tests, and the chat adapters' reload tests: chatRoute with its history route beside it).
  const memoryServer = await startMastraTestServer({
    agents: testAgents(),
    memory: true,
    apiRoutes: [chatHistoryRoute(), chatRoute({ path: '/chat/:agentId' })],
  });
  project.provide('mastraMemoryUrl', memoryServer.url);
  return async () => {
    await server.close();
    await memoryServer.close();
    claims.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    mastraUrl: string;
    mastraMemoryUrl: string;
  }
}
