import { describe, expect, it } from 'vitest';
import { agUiPrompts, interruptsOf, resumeForwardedProps, type AgUiEventLike } from './agUiPrompts.ts';
import recorded from './agUiEvents.json' with { type: 'json' };

// Events recorded from @ag-ui/mastra over a real Mastra by scripts/recordAgUiEvents.ts.
const runs = recorded.runs as unknown as Record<string, AgUiEventLike[]>;
const upTo = (...names: string[]) => names.flatMap((name) => runs[name]!);
const summary = (events: AgUiEventLike[]) =>
  agUiPrompts(events).map(({ prompt, state, answer }) => ({
    kind: prompt.kind,
    question: 'question' in prompt ? prompt.question : undefined,
    state,
    answer,
  }));

describe('agUiPrompts over recorded @ag-ui/mastra events', () => {
  it('finds the interrupt once, from on_interrupt and the RUN_FINISHED outcome alike', () => {
    const events = runs['trip.asked-text']!;
    expect(events.map((event) => interruptsOf(event).length)).toEqual([0, 1, 1]);
    expect(summary(events)).toEqual([
      { kind: 'text', question: 'Where would you like to go?', state: 'ready', answer: undefined },
    ]);
    const [entry] = agUiPrompts(events);
    expect(entry!.prompt).toMatchObject({ toolCallId: 'call_1', toolName: 'ask_user' });
    // The Mastra run id is the first AG-UI run's id: every resume of the thread names it.
    expect(entry!.prompt.runId).toBe('run-1');
  });

  it('shows each prompt answered once the resumed run brings its tool result, with the answer named', () => {
    expect(summary(upTo('trip.asked-text', 'trip.asked-single', 'trip.asked-multiple'))).toEqual([
      { kind: 'text', question: 'Where would you like to go?', state: 'answered', answer: 'Lisbon' },
      { kind: 'single', question: 'How will you travel?', state: 'answered', answer: 'Train' },
      { kind: 'multiple', question: 'What should the trip include?', state: 'ready', answer: undefined },
    ]);
    const all = upTo('trip.asked-text', 'trip.asked-single', 'trip.asked-multiple', 'trip.done');
    expect(summary(all).map((entry) => entry.answer)).toEqual(['Lisbon', 'Train', ['Museums', 'Food tours']]);
  });

  it('gives a payload that cannot be rendered the same malformed prompt as parsePrompt', () => {
    expect(agUiPrompts(runs['malformed.asked']!)).toMatchObject([
      { state: 'malformed', prompt: { kind: 'malformed', reason: 'the label "Same" is offered twice' } },
    ]);
  });

  it('ignores events it cannot read and interrupts of other tools', () => {
    const events: AgUiEventLike[] = [
      { type: 'CUSTOM', name: 'on_interrupt', value: 'not json' },
      { type: 'CUSTOM', name: 'on_interrupt', value: { type: 'other' } },
      { type: 'RUN_FINISHED', outcome: { interrupts: [null, { metadata: 'x' }] } },
      {
        type: 'CUSTOM',
        name: 'on_interrupt',
        value: {
          type: 'mastra_suspend',
          runId: 'r',
          toolCallId: 'c',
          toolName: 'deploy',
          suspendPayload: { env: 'prod' },
        },
      },
    ];
    expect(agUiPrompts(events)).toEqual([]);
  });

  it('forwards a resume as useInterrupt does, naming the interrupt', () => {
    const [entry] = agUiPrompts(runs['trip.asked-text']!);
    expect(resumeForwardedProps(entry!.interrupt, 'Lisbon')).toEqual({
      command: {
        resume: 'Lisbon',
        interruptEvent: expect.objectContaining({ runId: 'run-1', toolCallId: 'call_1' }),
      },
    });
  });
});
