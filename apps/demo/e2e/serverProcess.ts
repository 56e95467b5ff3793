import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverMain = fileURLToPath(new URL('../../server/src/main.ts', import.meta.url));

/**
 * apps/server as a child process the test controls: start, stop (SIGTERM, as a deploy would) and
 * start again on the same port and the same LibSQL file, so suspended runs survive.
 */
export class ServerProcess {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'ask-user-kit-server-'));
  readonly storageUrl = `file:${path.join(this.dir, 'mastra.db')}`;
  #child: ChildProcess | undefined;
  #log: string[] = [];

  constructor(readonly port: number) {}

  get log(): string {
    return this.#log.join('');
  }

  get running(): boolean {
    return this.#child !== undefined;
  }

  async start(): Promise<void> {
    if (this.#child) throw new Error('the server is already running');
    // A worker stopped after a failed test may still hold the port for a moment: each try takes the
    // seconds of a start, so no pause is needed between them.
    const deadline = Date.now() + 15_000;
    for (;;) {
      try {
        return await this.#spawn();
      } catch (error) {
        if (!String(error).includes('already in use') || Date.now() > deadline) throw error;
      }
    }
  }

  async #spawn(): Promise<void> {
    const child = spawn(process.execPath, [serverMain], {
      env: { ...process.env, PORT: String(this.port), STORAGE_URL: this.storageUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.#child = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const onData = (data: Buffer) => {
        output += data.toString();
        this.#log.push(data.toString());
        if (output.includes('server ready at')) resolve();
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => {
        if (this.#child === child) this.#child = undefined;
        reject(new Error(`apps/server exited with ${code} before it was ready:\n${output}`));
      });
      child.once('error', reject);
    });
  }

  async stop(): Promise<void> {
    const child = this.#child;
    if (!child) return;
    this.#child = undefined;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
