// The main entry: a run and its prompt component. It needs none of the chat stacks' packages.
import { AskUserPrompt, useAgentRun, type AgentRun, type Prompt } from '@ask-user-kit/react';

export const entry = { AskUserPrompt, useAgentRun };
export type Entry = { run: AgentRun; prompt: Prompt };
