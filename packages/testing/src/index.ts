export { ask, fail, reply, scriptedModel } from './scriptedModel.ts';
export type { Script, ScriptContext, ScriptStep } from './scriptedModel.ts';
export { startMastraTestServer } from './startMastraTestServer.ts';
export type { MastraTestServer, MastraTestServerOptions } from './startMastraTestServer.ts';
