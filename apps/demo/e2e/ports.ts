// Ports of the e2e stack. Kept away from the dev ports (4111, 5173) so tests can run next to `pnpm dev`.
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/** The shared Mastra server, started once by Playwright's webServer. */
export const SERVER_PORT = port('E2E_SERVER_PORT', 4311);
/** `vite preview` proxying to the shared server. */
export const APP_PORT = port('E2E_APP_PORT', 4373);
/** A Mastra server each resilience test starts, stops and restarts itself. */
export const CONTROLLED_SERVER_PORT = port('E2E_CONTROLLED_SERVER_PORT', 4312);
/** `vite preview` proxying to the controlled server's port (502 while it is down). */
export const CONTROLLED_APP_PORT = port('E2E_CONTROLLED_APP_PORT', 4374);

export const url = (p: number) => `http://127.0.0.1:${p}`;
