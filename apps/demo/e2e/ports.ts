import { createServer } from 'node:net';

// Ports of the e2e stack: free ones picked when the run starts, so two runs (or `pnpm dev`) can
// share a machine. Set in the environment, they are inherited by the workers, which reuse them.
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function port(name: string): Promise<number> {
  process.env[name] ||= String(await freePort());
  return Number(process.env[name]);
}

/** The shared Mastra server, started once by Playwright's webServer. */
export const SERVER_PORT = await port('E2E_SERVER_PORT');
/** `vite preview` proxying to the shared server. */
export const APP_PORT = await port('E2E_APP_PORT');
/** A Mastra server each resilience test starts, stops and restarts itself. */
export const CONTROLLED_SERVER_PORT = await port('E2E_CONTROLLED_SERVER_PORT');
/** `vite preview` proxying to the controlled server's port (502 while it is down). */
export const CONTROLLED_APP_PORT = await port('E2E_CONTROLLED_APP_PORT');

export const url = (p: number) => `http://127.0.0.1:${p}`;
