import type { NextConfig } from 'next';

// The Mastra server: `pnpm server` in the kit's repository by default. Its /api routes are served
// from this app's origin (a rewrite, read when the app is built), so the page needs no CORS.
const mastra = process.env.MASTRA_URL ?? 'http://127.0.0.1:4111';

const config: NextConfig = {
  rewrites: async () => [{ source: '/api/:path*', destination: `${mastra}/api/:path*` }],
};

export default config;
