#!/usr/bin/env node
// `pnpm run build` in a publishable package (its `prepack` too): ESM `.js` + `.d.ts` + source maps
// from `src/` into `dist/` with the package's tsconfig.build.json (relative `.ts` imports rewritten
// to `.js`), and the package's stylesheets copied beside them. Run from the package's directory.
import { spawnSync } from 'node:child_process';
import { copyFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const packageDir = process.cwd();
const dist = path.join(packageDir, 'dist');
rmSync(dist, { recursive: true, force: true });

const tsc = spawnSync('tsc', ['-p', 'tsconfig.build.json'], {
  cwd: packageDir,
  stdio: 'inherit',
  shell: false,
});
if (tsc.error || tsc.status !== 0) {
  console.error(
    `build: tsc failed in ${path.basename(packageDir)}${tsc.error ? `: ${tsc.error.message}` : ''}`,
  );
  process.exit(1);
}

for (const file of readdirSync(path.join(packageDir, 'src'))) {
  if (file.endsWith('.css')) copyFileSync(path.join(packageDir, 'src', file), path.join(dist, file));
}
console.log(`build: ${path.basename(packageDir)} → dist/`);
