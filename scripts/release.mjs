#!/usr/bin/env node
// `pnpm release`: packs every publishable package (packages/*, not private) as it would be published
// (prepack builds dist/) into .release/, and prints each tarball's size and files. Nothing leaves the
// machine unless `--publish` is given, which runs `changeset publish` (needs an npm token in the
// environment). Versions and CHANGELOGs come first, from the pending changesets: `pnpm changeset version`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.release');
const publish = process.argv.includes('--publish');

const packages = readdirSync(path.join(root, 'packages'))
  .map((name) => path.join(root, 'packages', name))
  .filter((dir) => {
    try {
      return !JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).private;
    } catch {
      return false;
    }
  });

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const dir of packages) {
  execFileSync('pnpm', ['pack', '--pack-destination', out], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
for (const file of readdirSync(out).sort()) {
  const tarball = path.join(out, file);
  const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
  console.log(`${file}  ${(statSync(tarball).size / 1024).toFixed(1)} KB packed, ${files.length} files`);
  for (const entry of files) console.log(`  ${entry.replace(/^package\//, '')}`);
}

if (!publish) {
  console.log(
    '\nDry run: nothing was published. `pnpm release --publish` publishes these versions with changesets.',
  );
} else {
  execFileSync('pnpm', ['exec', 'changeset', 'publish'], { cwd: root, stdio: 'inherit' });
}
