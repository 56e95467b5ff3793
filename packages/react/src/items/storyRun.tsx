import {
  RequestError,
  type ItemAnswer,
  type ItemEntry,
  type PromptState,
  type RunError,
  type SuspensionItem,
} from '@ask-user-kit/core';
import { approvals, forms } from '@ask-user-kit/core/items';
import { useState, type ReactElement } from 'react';
import type { ItemRun } from './itemState.ts';

/** The concierge's booking, as its `book_trip` call asks for approval (packages/testing). */
export const bookTrip = approvals.parse(
  {
    runId: 'run-1',
    toolCallId: 'call-1',
    toolName: 'book_trip',
    requiresApproval: true,
    args: { destination: 'Lisbon', nights: 3, total: 840, rooms: { adults: 2, view: 'river' } },
  },
  'run-1:call-1',
)!;

/** `confirm_budget`'s resume schema: z.toJSONSchema(budgetSchema) of packages/testing. */
export const budgetJsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    amount: { type: 'number', minimum: 1, description: 'The most you want to spend on activities' },
    currency: { type: 'string', enum: ['EUR', 'USD', 'JPY'] },
    flexible: { type: 'boolean', description: 'May the concierge go a little over?' },
    notes: { type: 'string' },
  },
  required: ['amount', 'currency', 'flexible'],
  additionalProperties: false,
};

/** A form item of `toolName` generated from `schema`, as a suspended call with that resume schema. */
export const formItem = (schema: unknown, toolName = 'confirm_budget'): SuspensionItem =>
  forms.parse(
    {
      runId: 'run-1',
      toolCallId: `call-${toolName}`,
      toolName,
      requiresApproval: false,
      resumeSchema: schema,
    },
    `run-1:call-${toolName}`,
  )!;

/**
 * Renders `view(run)` with a run holding `item` in `state`. Answering starts a request that
 * never ends: the item then rests in `submitting` (for the "... then submitting" stories).
 */
export function ItemStory({
  item,
  state,
  answer,
  error,
  view,
}: {
  item: SuspensionItem;
  state: PromptState;
  answer?: ItemEntry['answer'];
  error?: RunError;
  view: (run: ItemRun) => ReactElement;
}) {
  const [entry, setEntry] = useState<ItemEntry>({ type: 'item', id: item.key, item, state, answer, error });
  const sending = (sent: ItemAnswer | undefined) => {
    setEntry({ ...entry, state: 'submitting', answer: sent, error: undefined });
    return new Promise<void>(() => {});
  };
  const kind = item.kind === 'approval' ? approvals : forms;
  const store: ItemRun['store'] = {
    submit(key, draft) {
      const check = kind.validate(item, draft);
      if (check.ok) return sending(check.value);
      return Promise.reject(
        new RequestError({ code: 'invalid-answer', message: check.message }, { promptKey: key }),
      );
    },
    retry: () => sending(entry.answer),
  };
  return view({ items: [entry], store });
}
