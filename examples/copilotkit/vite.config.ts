import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Mastra server: `pnpm server` in the kit's repository by default. The page reaches its
// CopilotKit runtime (/copilotkit) and its /api routes through Vite's proxy (in `vite` and
// `vite preview`): same origin, so no CORS.
const mastra = process.env.MASTRA_URL ?? 'http://127.0.0.1:4111';

export default defineConfig({
  plugins: [react()],
  // CopilotKit's React package brings its chat UI along: a ~1.6 MB chunk.
  build: { chunkSizeWarningLimit: 2048 },
  server: { proxy: { '/copilotkit': mastra, '/api': mastra } },
});
