// typescript-eslint needs TypeScript's JS compiler API, which TypeScript 7 (the native `tsc`) does not
// ship; its peer range stops at <6.1. Give typescript-eslint, and only it, the TypeScript 6 API package
// that TypeScript publishes for this, so `typescript` stays 7 for `tsc` and everything else.
// Delete this file once typescript-eslint supports the TypeScript 7 API (typescript-eslint#10940).
const TYPESCRIPT_6 = 'npm:@typescript/typescript6@6.0.2';
const usesTypeScriptApi = (name) =>
  name === 'typescript-eslint' || name.startsWith('@typescript-eslint/') || name === 'ts-api-utils';

function readPackage(pkg) {
  if (!usesTypeScriptApi(pkg.name) || !pkg.peerDependencies?.typescript) return pkg;
  delete pkg.peerDependencies.typescript;
  pkg.dependencies = { ...pkg.dependencies, typescript: TYPESCRIPT_6 };
  return pkg;
}

export const hooks = { readPackage };
