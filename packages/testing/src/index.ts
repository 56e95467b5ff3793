export { ask, fail, reply, scriptedModel, splitText } from './scriptedModel.ts';
export type { AskUserInput, Script, ScriptContext, ScriptStep } from './scriptedModel.ts';
export { startMastraTestServer } from './startMastraTestServer.ts';
export type { MastraTestServer, MastraTestServerOptions } from './startMastraTestServer.ts';
