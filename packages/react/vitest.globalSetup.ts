import type { MastraTestServerOptions } from '@ask-user-kit/testing';
import type { TestProject } from 'vitest/node';

// React tests run in jsdom or in Chromium, where Mastra cannot start: a real Mastra server is
// started here, in Node, with the agents the tests need, and its URL is handed to the tests.
export default async function setup(project: TestProject) {
  const { startMastraTestServer } = await import('@ask-user-kit/testing');
  const { chatRoute } = await import('@mastra/ai-sdk');
  const { answerGuard, editableTool, inboxIndex, libsqlClaimStore } = await import('@ask-user-kit/server');
  const { chatHistoryRoute } = await import('@ask-user-kit/server/ai-sdk');
  const { testAgents } = await import('./src/test/testAgents.ts');
  const { expenseWorkflow, parallelWorkflow } = await import('@ask-user-kit/testing/demo');
  // The AI SDK adapter's tests speak @mastra/ai-sdk's chat route: /chat/<agent id>.
  // /guarded-chat is the same route behind @ask-user-kit/server's answer guard (exactly once);
  // the guard covers only it (and the agent routes of `late`, whose questions expire, and the
  // workflows' resumes), so the other tests' resumes reach Mastra as they always did.
  // /signed-chat and the `signed` agent's routes are behind a guard that signs questions and takes
  // only signed answers.
  const apiRoutes = [
    chatRoute({ path: '/chat/:agentId' }),
    chatRoute({ path: '/guarded-chat/:agentId' }),
    chatRoute({ path: '/signed-chat/:agentId' }),
  ];
  const claims = libsqlClaimStore({ url: ':memory:' });
  const guard = answerGuard({ claims, chatPaths: ['/guarded-chat/:agentId'] });
  const signingGuard = answerGuard({
    claims,
    chatPaths: ['/signed-chat/:agentId'],
    signingSecret: 'the React tests sign with this secret',
  });
  const guardChatOnly: NonNullable<MastraTestServerOptions['middleware']>[number] = (c, next) => {
    if (c.req.path.startsWith('/signed-chat/') || c.req.path.startsWith('/api/agents/signed/'))
      return signingGuard(c, next);
    if (
      c.req.path.startsWith('/guarded-chat/') ||
      c.req.path.startsWith('/api/agents/late/') ||
      c.req.path.startsWith('/api/agents/editable-concierge/') ||
      c.req.path.startsWith('/api/workflows/')
    )
      return guard(c, next);
    return next();
  };
  // An MCP server whose tools elicit, called by the `booking` agent through an MCP client that
  // relays its elicitations to the page.
  const { bookingAgent, bookingMcpServer, serveMcp } = await import('@ask-user-kit/testing/demo');
  const { relayElicitations } = await import('@ask-user-kit/server/mcp');
  const { MCPClient } = await import('@mastra/mcp');
  const mcp = await serveMcp(bookingMcpServer());
  const relay = relayElicitations();
  const mcpClient = new MCPClient({
    id: 'react-tests',
    servers: {
      bookings: {
        url: mcp.url,
        inputRequests: relay.inputRequests,
        capabilities: { elicitation: { form: {}, url: {} } },
      },
    },
  });
  const booking = bookingAgent(async () => relay.tools(await mcpClient.listTools()));
  // The concierge whose booking's arguments the user may edit before approving.
  const { bookTripTool, conciergeAgent } = await import('@ask-user-kit/testing/demo');
  const editableConcierge = conciergeAgent('editable-concierge', { book_trip: editableTool(bookTripTool) });
  const server = await startMastraTestServer({
    agents: { ...testAgents(), booking, 'editable-concierge': editableConcierge },
    workflows: { expense: expenseWorkflow(), 'parallel-questions': parallelWorkflow() },
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
  // The inbox's tests: every agent route behind the guard, which keeps the inbox's index.
  const inboxClaims = libsqlClaimStore({ url: ':memory:' });
  const inbox = inboxIndex({ claims: inboxClaims });
  const inboxServer = await startMastraTestServer({
    agents: testAgents(),
    middleware: [answerGuard({ claims: inboxClaims, inbox })],
    apiRoutes: inbox.routes,
  });
  project.provide('mastraInboxUrl', inboxServer.url);
  // Misconfigurations a page meets: a Mastra server that does not allow the page's origin (no
  // CORS), a web server that answers every path with a page (a dev server's SPA fallback), and an
  // address where nothing listens.
  const noCorsServer = await startMastraTestServer({ agents: testAgents(), cors: false });
  project.provide('mastraNoCorsUrl', noCorsServer.url);
  // A durable agent, whose runs Mastra's observe route replays, behind a proxy that cuts every
  // stream and resume at a different point: a reply must survive a dropped connection.
  const faulty = await startFaultyServer();
  project.provide('faultyUrl', faulty.url);
  const pageServer = await startPageServer();
  project.provide('pageServerUrl', pageServer.url);
  project.provide('closedUrl', await closedAddress());
  return async () => {
    await server.close();
    await memoryServer.close();
    await noCorsServer.close();
    await inboxServer.close();
    inbox.close();
    inboxClaims.close();
    await pageServer.close();
    await mcpClient.disconnect();
    await mcp.close();
    await faulty.close();
    claims.close();
  };
}

/** The `durable` agent's server behind a proxy that cuts each stream and resume after 300 to 5,300 bytes. */
async function startFaultyServer() {
  const { startMastraTestServer } = await import('@ask-user-kit/testing');
  const { keepRunsOnDisconnect } = await import('@ask-user-kit/server');
  const { durableAgent } = await import('@ask-user-kit/testing/demo');
  const { durableTestAgent } = await import('./src/test/testAgents.ts');
  const { startProxy } = await import('../core/src/test/proxy.ts');
  const server = await startMastraTestServer({
    agents: { durable: durableAgent(durableTestAgent()) },
    middleware: [keepRunsOnDisconnect()],
  });
  let answers = 0;
  const proxy = await startProxy(server.url, (_method, path) => {
    if (!/\/(stream|resume-stream)$/.test(path)) return { kind: 'pass' };
    answers += 1;
    return { kind: 'cut', afterBytes: 300 + ((answers * 1_777) % 5_000) };
  });
  return {
    url: proxy.url,
    close: async () => {
      await proxy.close();
      await server.close();
    },
  };
}

/** An HTTP server that answers every request with an HTML page, allowing any origin. */
async function startPageServer() {
  const { createServer } = await import('node:http');
  const server = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', '*');
    response.setHeader('content-type', 'text/html');
    response.end(
      request.method === 'OPTIONS' ? '' : '<!doctype html><title>App</title><div id="root"></div>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An address on 127.0.0.1 where nothing listens: a port that was free, closed again. */
async function closedAddress() {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

declare module 'vitest' {
  export interface ProvidedContext {
    mastraUrl: string;
    mastraMemoryUrl: string;
    mastraNoCorsUrl: string;
    mastraInboxUrl: string;
    pageServerUrl: string;
    closedUrl: string;
    faultyUrl: string;
  }
}
