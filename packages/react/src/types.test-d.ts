// Type tests, checked by the root `pnpm run typecheck` (tsc): a wrong public type fails the build.
import type { AgentTransport, AnswerValue, Prompt, RunError, RunStatus } from '@ask-user-kit/core';
import type { ComponentProps } from 'react';
import { expectTypeOf } from 'vitest';
import {
  AskUserPrompt,
  useAgentRun,
  type AgentRun,
  type AnswerDraft,
  type AskUserPromptRun,
  type PromptState,
  type UseAgentRunOptions,
} from './index.ts';

declare const transport: AgentTransport;

// useAgentRun: an agent by id and base URL, or a transport; not both, not neither.
expectTypeOf<{ agentId: 'planner'; baseUrl: '' }>().toExtend<UseAgentRunOptions>();
expectTypeOf<{
  transport: AgentTransport;
  threadId: string;
  resourceId: string;
}>().toExtend<UseAgentRunOptions>();
expectTypeOf<{ agentId: 'planner' }>().not.toExtend<UseAgentRunOptions>();
expectTypeOf<{ baseUrl: ''; transport: AgentTransport }>().not.toExtend<UseAgentRunOptions>();
// @ts-expect-error a transport and a fetch for the default transport do not mix
useAgentRun({ transport, fetch: globalThis.fetch });

// What it returns.
expectTypeOf(useAgentRun).returns.toEqualTypeOf<AgentRun>();
expectTypeOf<AgentRun['status']>().toEqualTypeOf<RunStatus>();
expectTypeOf<AgentRun['openPrompts']>().toEqualTypeOf<Prompt[]>();
expectTypeOf<AgentRun['error']>().toEqualTypeOf<RunError | undefined>();
expectTypeOf<AgentRun['send']>().returns.toEqualTypeOf<Promise<void>>();
expectTypeOf<AgentRun['submit']>().parameters.toEqualTypeOf<
  [promptKey: string, answer: AnswerValue, options?: { allowOther?: boolean; maxLength?: number }]
>();
expectTypeOf<AgentRun['submit']>().returns.toEqualTypeOf<Promise<void>>();
expectTypeOf<AgentRun['retry']>().returns.toEqualTypeOf<Promise<void>>();
// The run plugs straight into <AskUserPrompt run>.
expectTypeOf<AgentRun>().toExtend<NonNullable<ComponentProps<typeof AskUserPrompt>['run']>>();
// What the prompt needs of a run.
expectTypeOf<AskUserPromptRun['submit']>().parameters.toEqualTypeOf<
  [promptKey: string, answer: AnswerValue, options?: { allowOther?: boolean; maxLength?: number }]
>();
expectTypeOf<AskUserPromptRun['retry']>().parameters.toEqualTypeOf<[promptKey: string]>();

// <AskUserPrompt>: a prompt is required; answers are AnswerValue; the draft is an AnswerDraft.
type PromptProps = ComponentProps<typeof AskUserPrompt>;
expectTypeOf<PromptProps['prompt']>().toEqualTypeOf<Prompt>();
expectTypeOf<NonNullable<PromptProps['onSubmit']>>().parameters.toEqualTypeOf<[answer: AnswerValue]>();
expectTypeOf<PromptProps['draft']>().toEqualTypeOf<AnswerDraft | undefined>();
expectTypeOf<PromptProps['defaultDraft']>().toEqualTypeOf<AnswerDraft | undefined>();
expectTypeOf<PromptProps['defaultAnswer']>().toEqualTypeOf<AnswerValue | undefined>();
expectTypeOf<NonNullable<PromptProps['onDraftChange']>>().parameters.toEqualTypeOf<[draft: AnswerDraft]>();
expectTypeOf<PromptState>().toEqualTypeOf<
  'ready' | 'submitting' | 'failed' | 'malformed' | 'answered' | 'answered-elsewhere' | 'expired'
>();
expectTypeOf<PromptProps>().toHaveProperty('ref');
expectTypeOf<{ prompt: Prompt }>().toExtend<PromptProps>();
expectTypeOf<{ onSubmit: () => void }>().not.toExtend<PromptProps>();
// An option needs its label; a text field takes no value of its own (the draft holds it).
expectTypeOf<{ label: string }>().toExtend<ComponentProps<typeof AskUserPrompt.Option>>();
expectTypeOf<Record<string, never>>().not.toExtend<ComponentProps<typeof AskUserPrompt.Option>>();
expectTypeOf<ComponentProps<typeof AskUserPrompt.TextField>>().not.toHaveProperty('value');
