import type { TestProject } from 'vitest/node';

// React tests run in jsdom or in Chromium, where Mastra cannot start: a real Mastra server is
// started here, in Node, with the agents the tests need, and its URL is handed to the tests.
export default async function setup(project: TestProject) {
  const { startMastraTestServer } = await import('@ask-user-kit/testing');
  const { testAgents } = await import('./src/test/testAgents.ts');
  const server = await startMastraTestServer({ agents: testAgents() });
  project.provide('mastraUrl', server.url);
  return () => server.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    mastraUrl: string;
  }
}
