// @ask-user-kit/react/workflow: a Mastra workflow's run, its suspended steps as waiting entries.
import { useWorkflowRun, type WorkflowRun } from '@ask-user-kit/react/workflow';

export const entry = { useWorkflowRun };
export type Entry = WorkflowRun;
