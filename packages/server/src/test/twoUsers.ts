import type { MastraAuthConfig } from '@mastra/core/server';

/** A signed-in user of {@link twoUsersAuth}: each has a resource of their own. */
export interface TestUser {
  id: string;
  token: string;
  resource: string;
}

export const alice: TestUser = { id: 'alice', token: 'token-alice', resource: 'resource-alice' };
export const bob: TestUser = { id: 'bob', token: 'token-bob', resource: 'resource-bob' };

/**
 * A real Mastra `server.auth`: a bearer token names the user, and `mapUserToResourceId` maps each
 * user to their own resource, as an app with per-user conversations configures it.
 */
export const twoUsersAuth: MastraAuthConfig<TestUser> = {
  // No user for an unknown token: Mastra answers 401 (its type does not spell out the null).
  authenticateToken: async (token) => [alice, bob].find((user) => user.token === token) as TestUser,
  mapUserToResourceId: (user) => user.resource,
};

/** Headers for a JSON request as `user` (none: no Authorization header; a string: that token). */
export function headersAs(user: TestUser | string | undefined): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const token = typeof user === 'string' ? user : user?.token;
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  return headers;
}

/** A JSON POST as `user`. */
export const postAs = (user: TestUser | string | undefined, url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: headersAs(user), body: JSON.stringify(body) });
