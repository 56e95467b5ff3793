import type { TestProject } from 'vitest/node';

// React tests run in jsdom or in Chromium, where Mastra cannot start: a real Mastra server is
// started here, in Node, with the agents the tests need, and its URL is handed to the tests.
export default async function setup(project: TestProject) {
  const { startMastraTestServer } = await import('@ask-user-kit/testing');
  const { chatRoute } = await import('@mastra/ai-sdk');
  const { testAgents } = await import('./src/test/testAgents.ts');
  // The AI SDK adapter's tests speak @mastra/ai-sdk's chat route: /chat/<agent id>.
  const apiRoutes = [chatRoute({ path: '/chat/:agentId' })];
  const server = await startMastraTestServer({ agents: testAgents(), apiRoutes });
  project.provide('mastraUrl', server.url);
  return () => server.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    mastraUrl: string;
  }
}
