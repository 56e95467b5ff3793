// `@ask-user-kit/testing/demo`: the demo's agents, shared by the demo server (apps/server), the
// kit's own tests, benches and fixture recorders. Not public: the workspace's `exports` name it,
// the published package's (`publishConfig.exports`) do not, and the build leaves it out of dist/.
// An app's tests build their own agents with `scriptedModel`, `ask` and `reply`.
export { askUserAgent, durableAgent, tripPlannerScript } from './agents.ts';
export {
  bookTripTool,
  budgetSchema,
  conciergeAgent,
  conciergeStep,
  conciergeTrip,
  confirmBudgetTool,
} from './concierge.ts';
export { bookingAgent, bookingMcpServer, DEPOSIT_URL, serveMcp } from './mcpServers.ts';
export { supervisorAgent } from './supervisor.ts';
export {
  approvalDecision,
  costCentreSchema,
  expenseInput,
  expenseWorkflow,
  nestedWorkflow,
  parallelWorkflow,
} from './expense.ts';
