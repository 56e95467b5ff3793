import {
  RequestError,
  type ItemAnswer,
  type ItemEntry,
  type PromptState,
  type RunError,
  type SuspensionItem,
} from '@ask-user-kit/core';
import { approvals, editableApprovals, elicitations, forms } from '@ask-user-kit/core/items';
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

/** `book_trip`'s input schema: z.toJSONSchema(bookTripTool.inputSchema) of packages/testing. */
export const tripJsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    destination: { type: 'string' },
    nights: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 },
    total: { type: 'number' },
  },
  required: ['destination', 'nights', 'total'],
  additionalProperties: false,
};

/** Approvals of `book_trip` with its arguments editable, the others as `approvals`. */
const editableTrips = editableApprovals({ book_trip: tripJsonSchema });

/** The booking as an approval whose arguments the user may edit (`editableApprovals`). */
export const editableTrip = editableTrips.parse(
  {
    runId: 'run-1',
    toolCallId: 'call-1',
    toolName: 'book_trip',
    requiresApproval: true,
    args: { destination: 'Lisbon', nights: 3, total: 840 },
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

/** An MCP server's request (`mode: 'form'` with `requestedSchema`, or `mode: 'url'` with `url`), as a relayed suspension. */
export const elicitationItem = (request: Record<string, unknown>, server = 'bookings'): SuspensionItem =>
  elicitations.parse(
    {
      runId: 'run-1',
      toolCallId: 'call-elicit',
      toolName: 'bookings_book_table',
      requiresApproval: false,
      suspendPayload: { elicitation: { server, ...request }, answered: [] },
    },
    'run-1:call-elicit',
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
  const kind = item.kind === 'approval' ? editableTrips : item.kind === 'elicitation' ? elicitations : forms;
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

/** One cell of a states grid: what state it shows, and the item in it. */
export interface StateCell {
  name: string;
  state: PromptState;
  item?: SuspensionItem;
  answer?: ItemEntry['answer'];
  error?: RunError;
}

/**
 * Every state of an item side by side (as many columns as fit: one on a phone), each cell named
 * by a heading that also names its form: `view(run, item, labelledBy)` renders one.
 */
export function StatesGrid({
  item,
  cells,
  view,
}: {
  item: SuspensionItem;
  cells: readonly StateCell[];
  view: (run: ItemRun, item: SuspensionItem, labelledBy: string) => ReactElement;
}) {
  return (
    <div
      style={{
        display: 'grid',
        gap: '1.5rem 1rem',
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 20rem), 1fr))',
        alignItems: 'start',
      }}
    >
      {cells.map((cell, index) => {
        const shown = cell.item ?? item;
        const id = `state-${index}`;
        return (
          <section key={cell.name} aria-labelledby={id} style={{ display: 'grid', gap: '0.375rem' }}>
            <h2 id={id} style={{ margin: 0, fontSize: '0.875rem' }}>
              {cell.name}
            </h2>
            <ItemStory
              item={shown}
              state={cell.state}
              answer={cell.answer}
              error={cell.error}
              view={(run) => view(run, shown, id)}
            />
          </section>
        );
      })}
    </div>
  );
}
