import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MastraTestServer } from '@ask-user-kit/testing';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { LibsqlClaimStore } from '../libsqlClaimStore.ts';

/** What a server suite keeps: a temporary folder for its databases, and what each test started. */
export interface ServerFixture {
  /** The suite's temporary folder (set before its first test). */
  dir: string;
  /** The servers a test started: closed after it. */
  servers: MastraTestServer[];
  /** The claim stores a test opened: closed after it. */
  stores: LibsqlClaimStore[];
}

/** Registers the suite's hooks: one temporary folder for the suite, servers and stores closed after each test. */
export function serverFixture(name: string): ServerFixture {
  const fixture: ServerFixture = { dir: '', servers: [], stores: [] };
  beforeAll(async () => {
    fixture.dir = await mkdtemp(path.join(os.tmpdir(), `ask-user-kit-${name}-`));
  });
  afterEach(async () => {
    await Promise.all(fixture.servers.splice(0).map((server) => server.close()));
    for (const store of fixture.stores.splice(0)) store.close();
  });
  afterAll(async () => {
    await rm(fixture.dir, { recursive: true, force: true });
  });
  return fixture;
}
