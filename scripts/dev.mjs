#!/usr/bin/env node
// `pnpm dev`: starts the demo server (apps/server `start`) and the demo app (apps/demo `dev`) together,
// prefixes their output, prints the URL to open, and stops both on Ctrl-C or when either one exits.
// While apps/demo has no `dev` script (or no index.html), only the server is started.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.PORT || '4111';
const serverUrl = `http://127.0.0.1:${port}`;
const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
const say = (text) => console.log(`${paint('1', '[dev]')}    ${text}`);

function scripts(dir) {
  try {
    return JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')).scripts ?? {};
  } catch {
    return {};
  }
}

const withDemo = Boolean(scripts('apps/demo').dev) && existsSync(path.join(root, 'apps/demo/index.html'));

const children = [];
let stopping = false;

function start(name, colorCode, filter, script, env, onLine) {
  // Own process group, so stopping reaches pnpm's grandchildren (node, vite) too.
  const child = spawn('pnpm', ['--silent', '--filter', filter, 'run', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const prefix = paint(colorCode, `[${name}]`.padEnd(8));
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream.setEncoding('utf8').on('data', (data) => {
      buffered += data;
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines) {
        console.log(`${prefix} ${line}`);
        // Without the terminal's colour codes (ESC [ … m), so that the ready line can be matched.
        // eslint-disable-next-line no-control-regex -- ESC is the character to strip
        onLine?.(line.replace(/\x1b\[[0-9;]*m/g, ''));
      }
    });
  }
  child.on('error', (error) => {
    say(`could not start ${name}: ${error.message}`);
    stop(1);
  });
  child.on('exit', (code, signal) => {
    child.exited = true;
    if (stopping) return;
    say(`${name} exited (${signal ?? `code ${code}`}); stopping the rest.`);
    stop(code || 1);
  });
  children.push(child);
  return child;
}

function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exited) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone: nothing to stop.
    }
  }
  const deadline = setTimeout(() => {
    for (const child of children) {
      if (child.exited) continue;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone: nothing to kill.
      }
    }
    process.exit(code);
  }, 5000);
  deadline.unref();
  const wait = () => (children.every((c) => c.exited) ? process.exit(code) : setTimeout(wait, 50));
  wait();
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

let serverReady = false;
let appUrl;
const announce = () => {
  if (!serverReady || (withDemo && !appUrl)) return;
  if (withDemo) {
    say(
      paint('1;32', `Open ${appUrl} in your browser.`) +
        ` (agent server: ${serverUrl}/api) · Ctrl-C stops both.`,
    );
  } else {
    say(
      `apps/demo is not ready yet (no dev script or index.html), so only the server runs: ${serverUrl}/api · ` +
        `Ctrl-C stops it.\n` +
        `         Try: curl -N -X POST ${serverUrl}/api/agents/planner/stream -H 'content-type: application/json' ` +
        `-d '{"messages":[{"role":"user","content":"Plan a trip"}]}'`,
    );
  }
};

say(withDemo ? 'starting apps/server and apps/demo…' : 'starting apps/server…');
start('server', '36', '@ask-user-kit/demo-server', 'start', { PORT: port }, (line) => {
  if (!serverReady && / ready at /.test(line)) {
    serverReady = true;
    announce();
  }
});
if (withDemo) {
  start('demo', '35', '@ask-user-kit/demo', 'dev', { ASK_SERVER_URL: serverUrl }, (line) => {
    const found = !appUrl && /Local:\s+(https?:\/\/\S+)/.exec(line);
    if (found) {
      appUrl = found[1];
      announce();
    }
  });
}
