#!/usr/bin/env node
// `pnpm run check:consumers`: the consumer gate. Packs the publishable packages as npm would get
// them, checks the tarballs (publint, attw), and installs them with npm into apps outside the
// workspace: the examples users copy (examples/, each with the kit's packages pointed at the
// tarballs) and a few fixtures (test/consumers/):
//   node-esm              plain Node ESM import of @ask-user-kit/core
//   example-vite          examples/vite (useAgentRun): `npm run build` (tsc -b && vite build), then
//                         `vite preview` (its proxy) and, in Chromium, the planner's three questions
//                         answered against a real Mastra server (apps/server) until its plan shows
//   example-vite-react-18 the same app on React 18.3
//   entries               every subpath of @ask-user-kit/react type-checked (bundler, nodenext) and
//                         imported in Node, in examples/vite, which has none of the chat stacks' packages
//   example-next          examples/next (App Router): built against apps/server (its rewrite of
//                         /api), the server-rendered page holds the chat, answered to the end in Chromium
//   example-ai-sdk,       the chat stacks' examples (examples/<stack>, Vite apps) installed together
//   example-assistant-ui, once (their packages in one node_modules above them; every subpath of the
//   example-mastra-react, kit type-checked and imported there), then each built and answered to the
//   example-copilotkit    end in Chromium through its own proxy
//   snippets              the page-side docs' code blocks (README.md, packages/core and packages/react
//                         READMEs, the Storybook MDX pages; scripts/snippets.mjs) type-checked in the
//                         stacks' install, under the Vite template's tsconfig, as pasted
//   readme-example        the README's example (its src/App.tsx and vite.config.ts) is examples/vite's,
//                         file for file
// Each check is one test in the report (consumers.json). Work happens in .consumers/ (gitignored);
// npm's own cache makes a second run fast. Flags: --only=name,name
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { exec, freePort, npmInstall, packPackages, root, startProcess, useTarballs } from './processes.mjs';
import { PAGE_DOCS, describeSnippets, exampleFiles, writeSnippets } from './snippets.mjs';

const work = path.join(root, '.consumers');
const tarballs = path.join(work, 'tarballs');
const fixtures = path.join(root, 'test/consumers');
const examples = path.join(root, 'examples');
const reportDir = path.resolve(root, process.env.ASK_REPORT_DIR ?? '.ci/reports');
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The packages apps install, by directory, with their tarball's fixed name in .consumers/tarballs. */
const PUBLISHED = [
  { dir: 'packages/core', tarball: 'ask-user-kit-core.tgz' },
  { dir: 'packages/react', tarball: 'ask-user-kit-react.tgz' },
  { dir: 'packages/testing', tarball: 'ask-user-kit-testing.tgz' },
  { dir: 'packages/server', tarball: 'ask-user-kit-server.tgz' },
];

/** The chat stacks' examples (Vite apps in examples/), installed together. */
const STACK_EXAMPLES = ['ai-sdk', 'assistant-ui', 'mastra-react', 'copilotkit'];

const REACT_18 = {
  react: '18.3.1',
  'react-dom': '18.3.1',
  '@types/react': '18.3.32',
  '@types/react-dom': '18.3.7',
};

/**
 * The published subpaths of @ask-user-kit/react, each with the chat stacks' packages (optional
 * peers) it imports. A subpath must type-check and load whichever other stacks' packages are
 * missing; the main entry needs none of them.
 */
const REACT_ENTRIES = {
  '.': [],
  './approval': [],
  './form': [],
  './history': [],
  './ai-sdk': [],
  './ag-ui': [],
  './mastra-react': ['@mastra/react'],
  './assistant-ui': ['@assistant-ui/react', '@assistant-ui/react-ai-sdk'],
  './copilotkit': ['@copilotkit/react-core'],
  './workflow': [],
  './inbox': [],
};
const RESOLUTIONS = ['bundler', 'nodenext'];

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const writeJson = (file, value) => writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

const pack = () => packPackages(PUBLISHED, tarballs);

/**
 * Copies an app (`source`: a directory) into .consumers/<name>, without what an earlier install
 * left in it, points its kit packages at the tarballs, applies `versions` to its other
 * dependencies, and installs it with npm.
 */
async function install(source, name, versions = {}) {
  const dir = path.join(work, name);
  rmSync(dir, { recursive: true, force: true });
  copyApp(source, dir);
  const manifest = useTarballs(readJson(path.join(dir, 'package.json')), tarballs, versions);
  writeJson(path.join(dir, 'package.json'), manifest);
  await npmInstall(dir);
  return dir;
}

/** Copies an app's own files: not its node_modules or build output, if someone ran it in place. */
function copyApp(source, dir) {
  const skipped = new Set(['node_modules', 'dist', '.next', '.mastra']);
  cpSync(source, dir, { recursive: true, filter: (file) => !skipped.has(path.basename(file)) });
}

async function checkPublint() {
  for (const { tarball } of PUBLISHED) {
    await exec('pnpm', ['exec', 'publint', 'run', '--strict', path.join(tarballs, tarball)]);
  }
}

/** The entry points a published package exports, as attw names them (stylesheets have no types). */
function typedEntryPoints(dir) {
  const manifest = readJson(path.join(root, dir, 'package.json'));
  const exports = manifest.publishConfig?.exports ?? manifest.exports;
  return Object.keys(exports)
    .filter((subpath) => !subpath.endsWith('.css'))
    .map((subpath) => `${manifest.name}${subpath.slice(1)}`);
}

async function checkAttw() {
  for (const { dir, tarball } of PUBLISHED) {
    // A stylesheet has no types to check.
    const output = await exec('pnpm', [
      'exec',
      'attw',
      '--profile',
      'esm-only',
      '--exclude-entrypoints',
      'styles.css',
      '--format',
      'table-flipped',
      path.join(tarballs, tarball),
    ]);
    console.log(output.trim());
    // attw checks what it finds in the tarball's exports: make sure that is every entry point.
    // eslint-disable-next-line no-control-regex -- ESC is the character to strip
    const checked = new Set(output.replace(/\x1b\[[0-9;]*m/g, '').match(/(?<=^│ ")[^"]+(?=")/gm));
    const unchecked = typedEntryPoints(dir).filter((entry) => !checked.has(entry));
    if (unchecked.length) throw new Error(`attw did not check ${unchecked.join(', ')}`);
  }
}

async function checkNodeEsm() {
  const dir = await install(path.join(fixtures, 'node-esm'), 'node-esm');
  await exec('node', ['check.mjs'], { cwd: dir });
}

/**
 * examples/vite on React 19 installs the kit without any chat stack's package: it is installed once,
 * for its own check and for the entries check.
 */
let viteReact19;
const installViteReact19 = () => (viteReact19 ??= install(path.join(examples, 'vite'), 'example-vite'));

async function checkEntriesWithoutStacks() {
  await checkEntries(await installViteReact19(), { withoutPeers: true });
}

/**
 * In an installed app, the subpaths of @ask-user-kit/react as a user's TypeScript files import them
 * (test/consumers/entries/src/<subpath>.ts, under each module resolution) and as plain Node imports
 * them. The subpaths whose stack packages are installed type-check together and load; the others
 * must fail to load with ERR_MODULE_NOT_FOUND naming one of those packages. With `withoutPeers`
 * (an app without any stack package) skipLibCheck is off, so the kit's own types are checked, and
 * the other subpaths type-check together too and must fail only for want of their packages (TS2307
 * naming one, and no error in the user's files).
 */
async function checkEntries(dir, { withoutPeers = false } = {}) {
  const kit = readJson(path.join(dir, 'node_modules/@ask-user-kit/react/package.json'));
  const published = Object.keys(kit.exports)
    .filter((subpath) => subpath !== './package.json' && !subpath.endsWith('.css'))
    .sort();
  const listed = Object.keys(REACT_ENTRIES).sort();
  if (published.join() !== listed.join())
    throw new Error(
      `@ask-user-kit/react exports ${published.join(', ')}; REACT_ENTRIES lists ${listed.join(', ')}`,
    );

  const checkDir = path.join(dir, 'entries-check');
  rmSync(checkDir, { recursive: true, force: true });
  cpSync(path.join(fixtures, 'entries'), checkDir, { recursive: true });
  const isInstalled = (peer) => existsSync(path.join(dir, 'node_modules', peer, 'package.json'));
  const entries = Object.entries(REACT_ENTRIES).map(([subpath, peers]) => ({
    subpath,
    specifier: `@ask-user-kit/react${subpath.slice(1)}`,
    file: `src/${subpath === '.' ? 'main' : subpath.slice(2)}.ts`,
    absent: peers.filter((peer) => !isInstalled(peer)),
  }));
  const usable = entries.filter((entry) => !entry.absent.length);
  const unusable = entries.filter((entry) => entry.absent.length);
  const absent = [...new Set(unusable.flatMap((entry) => entry.absent))];

  // With a stack's packages installed, skipLibCheck stays on as the Vite template has it: off, tsc
  // would check the stacks' own types too (@mastra/core's have errors, and take it 50 s).
  const options = withoutPeers ? [] : ['--skipLibCheck'];
  const problems = [];
  for (const resolution of RESOLUTIONS) {
    const output = await typeCheck(dir, checkDir, resolution, usable, options);
    if (output) problems.push(`${usable.map((e) => e.subpath).join(', ')} (${resolution}):\n${output}`);
    if (!withoutPeers || !unusable.length) continue;
    const problem = unexpectedTypeErrors(await typeCheck(dir, checkDir, resolution, unusable), absent);
    if (problem) problems.push(`${unusable.map((e) => e.subpath).join(', ')} (${resolution}): ${problem}`);
  }

  const loaded = JSON.parse(
    await exec('node', ['load.mjs', ...entries.map((e) => e.specifier)], { cwd: checkDir }),
  );
  for (const { subpath, specifier, absent: missing } of entries) {
    const result = loaded[specifier];
    if (!missing.length && !result.loaded)
      problems.push(`${subpath} does not load in Node: ${result.message}`);
    const forWantOfPeer =
      result.code === 'ERR_MODULE_NOT_FOUND' && missing.some((peer) => result.message.includes(`'${peer}'`));
    if (missing.length && !forWantOfPeer)
      problems.push(
        `${subpath} without ${missing.join(', ')} should not load: ${result.message ?? 'it loaded'}`,
      );
  }
  if (problems.length) throw new Error(problems.join('\n'));
  const without = unusable.map((e) => e.subpath).join(', ');
  console.log(
    `  ${usable.map((e) => e.subpath).join(', ')} type-check (${RESOLUTIONS.join(', ')}) and load` +
      (without
        ? `; without ${absent.join(', ')}, ${without} fail${withoutPeers ? '' : ' to load'} for want of them`
        : ''),
  );
}

/** Type-checks the entries' files as one program; tsc's output when it fails, '' when it passes. */
async function typeCheck(dir, checkDir, resolution, entries, options = []) {
  const config = path.join(checkDir, `tsconfig.${resolution}.check.json`);
  writeJson(config, { extends: `./tsconfig.${resolution}.json`, files: entries.map((entry) => entry.file) });
  const tsc = path.join(dir, 'node_modules/typescript/bin/tsc');
  return exec('node', [tsc, '-p', config, '--pretty', 'false', ...options], { cwd: checkDir }).then(
    () => '',
    (error) => (error.output ?? error.message).trim(),
  );
}

/**
 * What is wrong in tsc's output for files whose `absent` packages are missing: it must fail, with a
 * TS2307 naming one of them, and no error in the user's own files (src/), only in the kit's types
 * that need the missing package.
 */
function unexpectedTypeErrors(output, absent) {
  const errors = output.split('\n').filter((line) => / error TS\d+/.test(line));
  if (!errors.length) return `type-checks without ${absent.join(', ')}: it does not import them`;
  const missing = errors.filter((line) =>
    absent.some((peer) =>
      [`'${peer}'`, `'${peer}/`].some((name) => line.includes(`error TS2307: Cannot find module ${name}`)),
    ),
  );
  if (!missing.length) return `no "Cannot find module" for ${absent.join(', ')}:\n${errors.join('\n')}`;
  return errors.filter((line) => line.startsWith('src/')).join('\n');
}

/**
 * examples/vite (React 19, or the `versions` given), built with its own `npm run build` and
 * answered to the end in Chromium through `vite preview`'s proxy.
 */
async function checkViteExample(
  name,
  versions,
  installApp = () => install(path.join(examples, 'vite'), name, versions),
) {
  const dir = await installApp();
  await exec('npm', ['run', 'build'], { cwd: dir });
  const installed = readJson(path.join(dir, 'node_modules/react/package.json')).version;
  const wanted = versions.react ?? readJson(path.join(examples, 'vite/package.json')).dependencies.react;
  if (installed !== wanted) throw new Error(`expected react ${wanted} in ${name}, found ${installed}`);
  await answerInPreview(dir);
}

/** A file of an installed package, from `dir` or a directory above it (where Node would find it). */
function installedFile(dir, file) {
  for (let at = dir; at !== path.dirname(at); at = path.dirname(at)) {
    if (existsSync(path.join(at, 'node_modules', file))) return path.join(at, 'node_modules', file);
  }
  throw new Error(`no node_modules/${file} in or above ${dir}`);
}

/**
 * Starts a real apps/server (in-memory storage) and `vite preview` of the built app at `dir`, whose
 * vite.config.ts forwards to MASTRA_URL, and answers the planner in Chromium until its plan shows.
 */
async function answerInPreview(dir) {
  await withServer(async (mastraUrl, stops) => {
    const port = await freePort();
    const vite = installedFile(dir, 'vite/bin/vite.js');
    const preview = await startProcess(
      'node',
      [vite, 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
      { cwd: dir, env: { MASTRA_URL: mastraUrl }, ready: /Local:\s+http/ },
    );
    stops.push(preview.stop);
    await answerToTheEnd(`http://127.0.0.1:${port}/`, stops);
  });
}

/** Runs `use` with the URL of a real apps/server it started, and stops what `use` started too. */
async function withServer(use) {
  // Everything started is stopped at the end, whichever step failed.
  const stops = [];
  try {
    const server = await startProcess('node', ['apps/server/src/main.ts'], {
      env: { PORT: '0', STORAGE_URL: ':memory:' },
      ready: /ready at (http:\/\/127\.0\.0\.1:\d+)\/api/,
    });
    stops.push(server.stop);
    await use(server.match[1], stops);
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  }
}

/**
 * Opens the app at `url` in Chromium, starts the planner and answers its three questions (Lisbon,
 * by train, hiking): the scripted planner then writes a plan from them, which the page must show.
 * The page must not throw or log an error.
 */
async function answerToTheEnd(url, stops) {
  const { page, errors } = await openChromium(stops);
  const started = Date.now();
  await page.goto(url);
  await page.getByRole('button', { name: 'Start' }).click();
  await firstQuestion(page, errors);
  await page.getByRole('textbox', { name: 'Where would you like to go?' }).fill('Lisbon');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('radio', { name: /Train/ }).check({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('checkbox', { name: 'Hiking' }).check({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Send' }).click();
  const plan = ['here is your plan for lisbon', 'travel by train', 'include hiking'];
  await page
    .waitForFunction(
      // Runs in the page.
      (phrases) => {
        const text = globalThis.document.body.innerText.toLowerCase();
        return phrases.every((phrase) => text.includes(phrase));
      },
      plan,
      { timeout: 20_000 },
    )
    .catch(async (error) => {
      const text = await page.locator('body').innerText();
      throw new Error(`the page shows no plan for Lisbon by train with hiking (${error.message}):\n${text}`);
    });
  if (errors.length) throw new Error(`the page failed: ${errors.map((e) => e.split('\n')[0]).join('; ')}`);
  console.log(`  answered to the end in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** A Chromium page that collects the page's errors (uncaught, and console errors). */
async function openChromium(stops) {
  const { chromium } = await import('playwright');
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  stops.push(() => browser.close());
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // "Failed to load resource" names no address: its location does.
    const { url } = message.location();
    errors.push(url ? `${message.text()} (${url})` : message.text());
  });
  return { page, errors };
}

/**
 * Waits for the first question; a page that crashed on load never shows it: say why rather than time
 * out. The first request may load a server's route on a busy machine (CopilotKit's runtime: seconds).
 */
async function firstQuestion(page, errors) {
  await page
    .getByRole('textbox', { name: 'Where would you like to go?' })
    .waitFor({ timeout: 30_000 })
    .catch((error) => {
      throw new Error(
        errors.length ? `the page failed: ${errors.map((e) => e.split('\n')[0]).join('; ')}` : error.message,
      );
    });
}

/**
 * The chat stacks' examples installed together, once, for all their checks: one package.json with
 * the dependencies of them all (they must agree on versions) in .consumers/stacks, and every
 * subpath of the kit type-checked and imported there beside the stacks' packages. Each example
 * goes in a directory below it (checkStackExample), where Node and TypeScript find the packages.
 */
let stacksApp;
function installStacksApp() {
  stacksApp ??= (async () => {
    const started = Date.now();
    const dir = path.join(work, 'stacks');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const manifest = { name: 'ask-user-kit-stack-examples', private: true, type: 'module' };
    for (const example of STACK_EXAMPLES) {
      const own = readJson(path.join(examples, example, 'package.json'));
      for (const field of ['dependencies', 'devDependencies']) {
        for (const [name, version] of Object.entries(own[field] ?? {})) {
          const other = manifest.dependencies?.[name];
          if (other && other !== version)
            throw new Error(`examples/${example} wants ${name} ${version}, another example ${other}`);
          manifest.dependencies = { ...manifest.dependencies, [name]: version };
        }
      }
    }
    writeJson(path.join(dir, 'package.json'), useTarballs(manifest, tarballs));
    // The Vite template's tsconfig, for the snippets.
    cpSync(path.join(examples, 'vite/tsconfig.app.json'), path.join(dir, 'tsconfig.app.json'));
    await npmInstall(dir);
    const installed = Date.now();
    await checkEntries(dir);
    const seconds = (from, to) => ((to - from) / 1000).toFixed(1);
    console.log(
      `  stacks: install ${seconds(started, installed)} s, entries ${seconds(installed, Date.now())} s`,
    );
    return dir;
  })();
  return stacksApp;
}

/** A chat stack's example, built in the stacks' install (tsc -b && vite build) and answered to the end in Chromium. */
async function checkStackExample(example) {
  const dir = path.join(await installStacksApp(), example);
  rmSync(dir, { recursive: true, force: true });
  copyApp(path.join(examples, example), dir);
  await exec('node', [installedFile(dir, 'typescript/bin/tsc'), '-b'], { cwd: dir });
  await exec('node', [installedFile(dir, 'vite/bin/vite.js'), 'build'], { cwd: dir });
  await answerInPreview(dir);
}

/** The page-side docs' code blocks, type-checked in the stacks' install (every stack's packages) under the template's tsconfig. */
async function checkSnippets() {
  const dir = await installStacksApp();
  const snippets = path.join(dir, 'snippets');
  rmSync(snippets, { recursive: true, force: true });
  const written = writeSnippets(PAGE_DOCS, snippets, '../tsconfig.app.json', {
    tsBuildInfoFile: null,
    types: ['vite/client', 'node'],
  });
  const tsc = path.join(dir, 'node_modules/typescript/bin/tsc');
  await exec('node', [tsc, '-p', snippets, '--pretty', 'false'], { cwd: dir });
  console.log(`  ${describeSnippets(written)}`);
}

/**
 * The README's example is examples/vite, which example-vite builds and answers: each of its
 * `<!-- file: … -->` blocks must be that file of the example, as it is.
 */
async function checkReadmeExample() {
  const files = exampleFiles(['README.md']);
  for (const file of ['src/App.tsx', 'vite.config.ts']) {
    if (!files.has(file)) throw new Error(`README.md has no <!-- file: ${file} --> code block`);
  }
  const differing = [...files].filter(
    ([file, code]) => readFileSync(path.join(examples, 'vite', file), 'utf8') !== code,
  );
  if (differing.length)
    throw new Error(
      `README.md's ${differing.map(([file]) => file).join(', ')} differ from examples/vite's: copy them over`,
    );
}

/**
 * examples/next against a real apps/server: `next build` (its rewrite of /api to MASTRA_URL is
 * read then), `next start`; the server-rendered page holds the chat, and Chromium answers it to the end.
 */
async function checkNext() {
  const dir = await install(path.join(examples, 'next'), 'example-next');
  await withServer(async (mastraUrl, stops) => {
    const env = { NEXT_TELEMETRY_DISABLED: '1', MASTRA_URL: mastraUrl };
    await exec('npm', ['run', 'build'], { cwd: dir, env });
    const port = await freePort();
    const next = await startProcess(
      'node',
      [path.join(dir, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'],
      { cwd: dir, env, ready: /Ready|started server|Local:/i },
    );
    stops.push(next.stop);
    const url = `http://127.0.0.1:${port}/`;
    const html = await (await fetch(url)).text();
    const expected = ['<h1>Trip planner</h1>', '>Start</button>'];
    const missing = expected.filter((text) => !html.includes(text));
    if (missing.length) throw new Error(`the server-rendered page lacks ${missing.join(', ')}:\n${html}`);
    await answerToTheEnd(url, stops);
  });
}

const checks = [
  { name: 'publint', run: checkPublint },
  { name: 'attw', run: checkAttw },
  { name: 'node-esm', run: checkNodeEsm },
  { name: 'example-vite', run: () => checkViteExample('example-vite', {}, installViteReact19) },
  { name: 'entries', run: checkEntriesWithoutStacks },
  { name: 'example-vite-react-18', run: () => checkViteExample('example-vite-react-18', REACT_18) },
  { name: 'example-next', run: checkNext },
  ...STACK_EXAMPLES.map((example) => ({
    name: `example-${example}`,
    run: () => checkStackExample(example),
  })),
  { name: 'snippets', run: checkSnippets },
  { name: 'readme-example', run: checkReadmeExample },
].filter((check) => !only || only.includes(check.name));

const results = [];
const report = () => {
  mkdirSync(reportDir, { recursive: true });
  writeJson(path.join(reportDir, 'consumers.json'), { checks: results });
};

mkdirSync(work, { recursive: true });
let packed = true;
try {
  console.log('consumers: packing the published packages');
  await pack();
  for (const { tarball } of PUBLISHED) {
    console.log(`  ${tarball}`);
  }
} catch (error) {
  packed = false;
  results.push({ name: 'pack', status: 'failed', message: error.message });
  console.error(`✗ pack\n${error.message}`);
}
for (const check of checks) {
  if (!packed) {
    results.push({ name: check.name, status: 'skipped', message: 'nothing was packed' });
    continue;
  }
  const started = Date.now();
  try {
    await check.run();
    results.push({ name: check.name, status: 'passed', durationMs: Date.now() - started });
    console.log(`✓ ${check.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    results.push({
      name: check.name,
      status: 'failed',
      durationMs: Date.now() - started,
      message: error.message,
    });
    console.error(`✗ ${check.name} (${((Date.now() - started) / 1000).toFixed(1)} s)\n${error.message}`);
  }
}
report();
const failed = results.filter((r) => r.status === 'failed').length;
console.log(`consumers: ${results.filter((r) => r.status === 'passed').length} passed, ${failed} failed`);
if (!existsSync(chromiumPath)) console.warn(`consumers: no Chromium at ${chromiumPath} (set CHROMIUM_PATH)`);
// Exit now: a child process a failed check could not stop must not keep the gate (and CI) waiting.
process.exit(failed || !packed ? 1 : 0);
