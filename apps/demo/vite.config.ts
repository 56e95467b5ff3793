import type { ServerResponse } from 'node:http';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

// The page talks to apps/server through this proxy: same origin, so no CORS.
const target = process.env.ASK_SERVER_URL ?? 'http://127.0.0.1:4111';

const api: ProxyOptions = {
  target,
  changeOrigin: true,
  configure(proxy) {
    // Runs before Vite's own handler, which would answer a bare 502 with an empty body.
    proxy.on('error', (_error, _req, res) => {
      const response = res as ServerResponse;
      if (!('req' in response) || response.headersSent || response.writableEnded) return;
      response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'The agent server is not reachable.' }));
    });
  },
};

// /api: Mastra's agent and memory routes; /chat: @mastra/ai-sdk's chatRoute, spoken by the AI SDK and
// assistant-ui stacks (?stack=ai-sdk, ?stack=assistant-ui); /copilotkit: CopilotKit's runtime (?stack=copilotkit);
// /inbox: the kit's inbox route (?page=inbox, and the header's count).
const proxy = { '/api': api, '/chat': api, '/copilotkit': api, '/inbox': api };

export default defineConfig({
  plugins: [react()],
  // The ?stack= pages are lazy chunks that carry a whole chat stack (@mastra/react's is ~600 kB,
  // CopilotKit's ~1.6 MB: its React package brings its chat UI along); the default page loads none.
  build: { chunkSizeWarningLimit: 2048 },
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, proxy },
});
