export { ask, fail, reply, scriptedModel, splitText } from './scriptedModel.ts';
export type { AskUserInput, Script, ScriptContext, ScriptStep } from './scriptedModel.ts';
export { startMastraTestServer } from './startMastraTestServer.ts';
export type { MastraTestServer, MastraTestServerOptions } from './startMastraTestServer.ts';
export { askUserAgent, tripPlannerScript } from './agents.ts';
export {
  bookTripTool,
  budgetSchema,
  conciergeAgent,
  conciergeStep,
  conciergeTrip,
  confirmBudgetTool,
} from './concierge.ts';
