// @ask-user-kit/react/workflow: useWorkflowRun, a Mastra workflow whose steps wait for a person,
// shown with the same components as an agent's questions. Its own entry (and size budget).
export { useWorkflowRun } from './workflow/useWorkflowRun.ts';
export type { UseWorkflowRunOptions, WorkflowRun } from './workflow/useWorkflowRun.ts';
