import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `vite preview` serves the build and forwards the chat route and Mastra's API to the server the
// consumer gate started (ASK_SERVER): the page speaks to its own origin, as a deployed app does.
const server = process.env.ASK_SERVER;

export default defineConfig({
  plugins: [react()],
  preview: server ? { proxy: { '/chat': server, '/api': server } } : {},
});
