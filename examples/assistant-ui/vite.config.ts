import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Mastra server: `pnpm server` in the kit's repository by default. The page reaches its chat
// route (/chat) and its /api routes through Vite's proxy (in `vite` and `vite preview`): no CORS.
const mastra = process.env.MASTRA_URL ?? 'http://127.0.0.1:4111';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/chat': mastra, '/api': mastra } },
});
