#!/usr/bin/env node
// `pnpm run check:consumers`: the consumer gate. Packs the publishable packages as npm would get
// them, checks the tarballs (publint, attw), and installs them with npm into fixture apps outside
// the workspace (test/consumers/, not in pnpm-workspace.yaml):
//   node-esm       plain Node ESM import of @ask-user-kit/core
//   vite-react-19  the Vite React-TS template: `npm run build` (tsc -b && vite build), then in Chromium
//                  it answers a question against a real Mastra server (apps/server)
//   vite-react-18  the same app on React 18.3
//   entries        every subpath of @ask-user-kit/react type-checked (bundler, nodenext) and imported
//                  in Node, in the React 19 app, which has none of the chat stacks' packages
//   next           a Next.js App Router app: `next build`, then the server-rendered page holds the prompt
//   vite-ai-sdk    the chat stacks' Vite app (vite-stacks: installed, built and every subpath
//   vite-mastra-react  type-checked and imported once): its page for the AI SDK's useChat over
//   vite-assistant-ui  chatRoute, @mastra/react's useChat, and assistant-ui's AI SDK runtime answers
//                  a question in Chromium and shows the next
//   snippets       the page-side docs' code blocks (README.md, packages/core and packages/react
//                  READMEs; scripts/snippets.mjs) type-checked in the stacks' app, as pasted
//   readme-example the README's example (its src/App.tsx and vite.config.ts) pasted into the Vite
//                  template, built, and answered to the end in Chromium through its proxy
// Each check is one test in the report (consumers.json). Work happens in .consumers/ (gitignored);
// npm's own cache makes a second run fast. Flags: --only=name,name  --keep (leave servers' work dirs).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { exec, freePort, npmInstall, packPackages, root, startProcess } from './processes.mjs';
import { PAGE_DOCS, describeSnippets, exampleFiles, writeSnippets } from './snippets.mjs';

const work = path.join(root, '.consumers');
const tarballs = path.join(work, 'tarballs');
const fixtures = path.join(root, 'test/consumers');
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
};
const RESOLUTIONS = ['bundler', 'nodenext'];

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const writeJson = (file, value) => writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

const pack = () => packPackages(PUBLISHED, tarballs);

/**
 * Copies a fixture app into .consumers/<name> beside the tarballs (its `file:../tarballs/…`
 * dependencies resolve there), with the files of the `overlay` fixture over it, applies `versions`
 * to its dependencies, and installs it with npm.
 */
async function install(fixture, name, versions = {}, overlay) {
  const dir = path.join(work, name);
  rmSync(dir, { recursive: true, force: true });
  cpSync(path.join(fixtures, fixture), dir, { recursive: true });
  if (overlay) cpSync(path.join(fixtures, overlay), dir, { recursive: true });
  const manifest = readJson(path.join(dir, 'package.json'));
  for (const [dependency, version] of Object.entries(versions)) {
    for (const field of ['dependencies', 'devDependencies']) {
      if (manifest[field]?.[dependency]) manifest[field][dependency] = version;
    }
  }
  writeJson(path.join(dir, 'package.json'), manifest);
  await npmInstall(dir);
  return dir;
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
  const dir = await install('node-esm', 'node-esm');
  await exec('node', ['check.mjs'], { cwd: dir });
}

/**
 * The Vite app on React 19 installs the kit without any chat stack's package: it is installed once,
 * for its own check and for the entries check.
 */
let viteReact19;
const installViteReact19 = () => (viteReact19 ??= install('vite-react', 'vite-react-19'));

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

/** Builds the Vite app, serves the build, and answers the first question in Chromium against apps/server. */
async function checkVite(name, versions, installApp = () => install('vite-react', name, versions)) {
  const dir = await installApp();
  await exec('npm', ['run', 'build'], { cwd: dir });
  const installed = readJson(path.join(dir, 'node_modules/react/package.json')).version;
  const wanted =
    versions.react ?? readJson(path.join(fixtures, 'vite-react/package.json')).dependencies.react;
  if (installed !== wanted) throw new Error(`expected react ${wanted} in ${name}, found ${installed}`);

  // Everything started is stopped at the end, whichever step failed.
  const stops = [];
  try {
    await answerInChromium(dir, stops);
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  }
}

/** Starts the planner on the page and answers its three questions: Lisbon, by train, hiking. */
async function answerThePlanner(page, errors) {
  await page.getByRole('button', { name: 'Start' }).click();
  await firstQuestion(page, errors);
  await page.getByRole('textbox', { name: 'Where would you like to go?' }).fill('Lisbon');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('radio', { name: /Train/ }).check({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('checkbox', { name: 'Hiking' }).check({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Send' }).click();
}

/** Serves the Vite app's build next to a real apps/server and answers all three questions in it. */
async function answerInChromium(dir, stops) {
  const { page, errors, url, server } = await openApp(dir, stops);
  await page.goto(`${url}?server=${encodeURIComponent(server)}`);
  await answerThePlanner(page, errors);
  await page.getByTestId('status').filter({ hasText: 'done' }).waitFor({ timeout: 15_000 });
  // The scripted planner writes its plan from the three answers.
  const text = (await page.locator('main').innerText()).toLowerCase();
  for (const answer of ['lisbon', 'train', 'hiking']) {
    if (!text.includes(answer)) throw new Error(`the plan does not use the answer "${answer}":\n${text}`);
  }
  if (errors.length) throw new Error(`the page threw: ${errors.map((e) => e.split('\n')[0]).join('; ')}`);
}

/**
 * Starts a real apps/server and `vite preview` of the app's build (which forwards /chat and /api
 * to that server when its config reads ASK_SERVER), and opens a Chromium page that collects errors.
 */
async function openApp(dir, stops) {
  const server = await startProcess('node', ['apps/server/src/main.ts'], {
    env: { PORT: '0', STORAGE_URL: ':memory:' },
    ready: /ready at (http:\/\/127\.0\.0\.1:\d+)\/api/,
  });
  stops.push(server.stop);
  const port = await freePort();
  const preview = await startProcess(
    'node',
    [
      path.join(dir, 'node_modules/vite/bin/vite.js'),
      'preview',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
    ],
    { cwd: dir, env: { ASK_SERVER: server.match[1] }, ready: /Local:\s+http/ },
  );
  stops.push(preview.stop);
  const { page, errors } = await openChromium(stops);
  return { page, errors, url: `http://127.0.0.1:${port}/`, server: server.match[1] };
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
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  return { page, errors };
}

/** Waits for the first question; a page that crashed on load never shows it: say why rather than time out. */
async function firstQuestion(page, errors) {
  await page
    .getByRole('textbox')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch((error) => {
      throw new Error(
        errors.length ? `the page failed: ${errors.map((e) => e.split('\n')[0]).join('; ')}` : error.message,
      );
    });
}

/**
 * The chat stacks' Vite app (test/consumers/vite-stacks over the Vite template, with every stack's
 * packages from npm), installed, built (`tsc -b && vite build`) and with every subpath of the kit
 * type-checked and imported beside the stacks' packages: once, for all the stacks' checks.
 */
let stacksApp;
function installStacksApp() {
  stacksApp ??= (async () => {
    const steps = [];
    const step = async (label, run) => {
      const started = Date.now();
      const result = await run();
      steps.push(`${label} ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return result;
    };
    const dir = await step('install', () => install('vite-react', 'vite-stacks', {}, 'vite-stacks'));
    await step('build', () => exec('npm', ['run', 'build'], { cwd: dir }));
    await step('entries', () => checkEntries(dir));
    console.log(`  vite-stacks: ${steps.join(', ')}`);
    return dir;
  })();
  return stacksApp;
}

/** A chat stack's page of the stacks' app answers the planner's first question in Chromium and shows the next. */
async function checkStack(stack) {
  const dir = await installStacksApp();
  const stops = [];
  try {
    const started = Date.now();
    const { page, errors, url } = await openApp(dir, stops);
    const opened = Date.now();
    await page.goto(`${url}?stack=${stack}`);
    await page.getByRole('button', { name: 'Start' }).click();
    await firstQuestion(page, errors);
    const destination = page.getByRole('textbox', { name: 'Where would you like to go?' });
    await destination.fill('Lisbon');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('radio', { name: /Train/ }).waitFor({ timeout: 15_000 });
    if (await destination.count()) throw new Error('the answered question is still open');
    if (errors.length) throw new Error(`the page threw: ${errors.map((e) => e.split('\n')[0]).join('; ')}`);
    const seconds = (from, to) => ((to - from) / 1000).toFixed(1);
    console.log(
      `  servers and Chromium up in ${seconds(started, opened)} s, answered in ${seconds(opened, Date.now())} s`,
    );
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  }
}

/** The page-side docs' code blocks, type-checked in the stacks' app (every stack's packages) under the template's tsconfig. */
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

// Where the README's example reaches `pnpm server`; the check points it at the server it starts.
const README_SERVER = 'http://127.0.0.1:4111';

/**
 * The README's example as a user makes it: the Vite template with the README's `src/App.tsx` and
 * `vite.config.ts`, built, served by `vite preview` (whose proxy is the config's `server.proxy`),
 * and answered to the end in Chromium against a real apps/server.
 */
async function checkReadmeExample() {
  const files = exampleFiles(['README.md']);
  for (const file of ['src/App.tsx', 'vite.config.ts']) {
    if (!files.has(file)) throw new Error(`README.md has no <!-- file: ${file} --> code block`);
  }
  const app = path.join(await installViteReact19(), 'readme-example');
  rmSync(app, { recursive: true, force: true });
  mkdirSync(path.join(app, 'src'), { recursive: true });
  for (const file of ['index.html', 'src/main.tsx', 'src/index.css']) {
    cpSync(path.join(fixtures, 'vite-react', file), path.join(app, file), { recursive: true });
  }
  const vite = path.join(app, '../node_modules/vite/bin/vite.js');
  const stops = [];
  try {
    const server = await startProcess('node', ['apps/server/src/main.ts'], {
      env: { PORT: '0', STORAGE_URL: ':memory:' },
      ready: /ready at (http:\/\/127\.0\.0\.1:\d+)\/api/,
    });
    stops.push(server.stop);
    for (const [file, code] of files) {
      writeFileSync(path.join(app, file), code.replaceAll(README_SERVER, server.match[1]));
    }
    await exec('node', [vite, 'build'], { cwd: app });
    const port = await freePort();
    const preview = await startProcess(
      'node',
      [vite, 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
      { cwd: app, ready: /Local:\s+http/ },
    );
    stops.push(preview.stop);
    const { page, errors } = await openChromium(stops);
    await page.goto(`http://127.0.0.1:${port}/`);
    await answerThePlanner(page, errors);
    // The scripted planner writes its plan from the three answers.
    await page.waitForFunction(
      // Runs in the page.
      (answers) =>
        answers.every((answer) => globalThis.document.body.innerText.toLowerCase().includes(answer)),
      ['lisbon', 'train', 'hiking'],
      { timeout: 15_000 },
    );
    if (errors.length) throw new Error(`the page threw: ${errors.map((e) => e.split('\n')[0]).join('; ')}`);
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  }
}

/** Builds the Next app and checks that `next start` serves the prompt rendered on the server. */
async function checkNext() {
  const dir = await install('next-app', 'next');
  await exec('npm', ['run', 'build'], { cwd: dir, env: { NEXT_TELEMETRY_DISABLED: '1' } });
  const port = await freePort();
  const server = await startProcess(
    'node',
    [path.join(dir, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'],
    {
      cwd: dir,
      env: { NEXT_TELEMETRY_DISABLED: '1' },
      ready: /Ready|started server|Local:/i,
    },
  );
  try {
    const html = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    const expected = ['How will you travel?', 'type="radio"', 'Train', 'Fastest', 'data-scope="ask-user"'];
    const missing = expected.filter((text) => !html.includes(text));
    if (missing.length) throw new Error(`the server-rendered page lacks ${missing.join(', ')}`);
  } finally {
    await server.stop();
  }
}

const checks = [
  { name: 'publint', run: checkPublint },
  { name: 'attw', run: checkAttw },
  { name: 'node-esm', run: checkNodeEsm },
  { name: 'vite-react-19', run: () => checkVite('vite-react-19', {}, installViteReact19) },
  { name: 'entries', run: checkEntriesWithoutStacks },
  { name: 'vite-react-18', run: () => checkVite('vite-react-18', REACT_18) },
  { name: 'next', run: checkNext },
  { name: 'vite-ai-sdk', run: () => checkStack('ai-sdk') },
  { name: 'vite-mastra-react', run: () => checkStack('mastra-react') },
  { name: 'vite-assistant-ui', run: () => checkStack('assistant-ui') },
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
