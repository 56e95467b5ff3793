import type { AnswerValue, Prompt, Refusal, RunStatus } from '@ask-user-kit/core';
import { expectTypeOf } from 'vitest';
import {
  useAgentRun,
  type AgentRun,
  type AskUserPromptRun,
  type PromptState,
  type RequestError,
  type RunError,
  type TranscriptEntry,
} from './index.ts';

declare const fetchImpl: typeof globalThis.fetch;

// Mastra's `server.apiPrefix`, beside baseUrl; not with a transport (which has its own).
useAgentRun({ agentId: 'planner', baseUrl: '', apiPrefix: '/mastra' });
// Either id alone, both, or none.
useAgentRun({ agentId: 'planner', baseUrl: '', resourceId: 'u-1' });
useAgentRun({ agentId: 'planner', baseUrl: '', threadId: 't-1' });
useAgentRun({ agentId: 'planner', baseUrl: '', fetch: fetchImpl });

expectTypeOf<AgentRun['openPrompts']>().toEqualTypeOf<Prompt[]>();
expectTypeOf<AgentRun['submit']>().parameters.toEqualTypeOf<
  [string, AnswerValue, { allowOther?: boolean; maxLength?: number }?]
>();
expectTypeOf<AgentRun['retry']>().toEqualTypeOf<(promptKey: string) => Promise<void>>();
expectTypeOf<AgentRun['restore']>().toEqualTypeOf<() => void>();
expectTypeOf<AgentRun['restoreError']>().toEqualTypeOf<RunError | undefined>();
expectTypeOf<AgentRun>().not.toHaveProperty('answerState');
expectTypeOf<AgentRun>().not.toHaveProperty('pending');
expectTypeOf<RequestError['error']>().toEqualTypeOf<RunError | Refusal>();
expectTypeOf<Extract<TranscriptEntry, { type: 'prompt' }>['state']>().toEqualTypeOf<PromptState>();
// The names apps need come from the one package; a prompt's kind and options are read through `Prompt`.
type Question = Exclude<Prompt, { kind: 'malformed' }>;
expectTypeOf<Question['kind']>().toEqualTypeOf<'text' | 'single' | 'multiple'>();
expectTypeOf<Question['options'][number]>().toHaveProperty('label');
expectTypeOf<RunStatus>().toBeString();
// What <AskUserPrompt run> needs of a run: every member AgentRun has with the same name.
expectTypeOf<keyof AskUserPromptRun>().toEqualTypeOf<'submit' | 'retry' | 'transcript' | 'openPrompts'>();
