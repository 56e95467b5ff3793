// `@ask-user-kit/core/workflow`: Mastra workflows whose steps suspend for a person, through the same
// store, observer and waiting entries as agents. Kept apart from the main entry.
export { createWorkflowTransport } from './workflowTransport.ts';
export { startWorkflow } from '../storeSeams.ts';
