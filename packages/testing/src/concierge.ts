import { Agent, type ToolsInput } from '@mastra/core/agent';
import type { MastraModelConfig } from '@mastra/core/llm';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
import { ask, reply, scriptedModel, type ScriptContext, type ScriptStep } from './scriptedModel.ts';

/** The trip the concierge asks to book. */
export const conciergeTrip = { destination: 'Lisbon', nights: 3, total: 840 };

/** What `confirm_budget` resumes with: the schema the kit's `<ResumeForm>` is generated from. */
export const budgetSchema = z.object({
  amount: z.number().min(1).describe('The most you want to spend on activities'),
  currency: z.enum(['EUR', 'USD', 'JPY']),
  flexible: z.boolean().describe('May the concierge go a little over?'),
  notes: z.string().optional(),
});

/** Books a trip once the user approved the call (Mastra asks first: `requireApproval`). */
export const bookTripTool = createTool({
  id: 'book_trip',
  description: 'Books a hotel for the trip. The user approves the booking first.',
  inputSchema: z.object({ destination: z.string(), nights: z.number().int(), total: z.number() }),
  requireApproval: true,
  execute: async ({ destination, nights }) => ({
    booked: true,
    reference: `${destination.slice(0, 3).toUpperCase()}-${nights}N`,
  }),
});

/** Asks for an activities budget by suspending with `budgetSchema` as its resume schema. */
export const confirmBudgetTool = createTool({
  id: 'confirm_budget',
  description: 'Asks the user for a budget for activities.',
  inputSchema: z.object({ destination: z.string() }),
  suspendSchema: z.object({ message: z.string() }),
  resumeSchema: budgetSchema,
  execute: async ({ destination }, context) => {
    const budget = context?.agent?.resumeData;
    if (!budget) {
      await context?.agent?.suspend?.({
        message: `What budget should activities in ${destination} keep to?`,
      });
      return undefined;
    }
    return budget;
  },
});

const resultOf = (ctx: ScriptContext, toolName: string) =>
  ctx.results.findLast((result) => result.toolName === toolName)?.value;

/** What the concierge says once `reserve_table` (a tool of the app's, see `conciergeAgent`) has reserved. */
function reservationStep(ctx: ScriptContext): ScriptStep {
  const reservation = resultOf(ctx, 'reserve_table') as
    { evening?: string; guests?: number; name?: string } | undefined;
  if (reservation === undefined) return ask.raw({ destination: conciergeTrip.destination }, 'reserve_table');
  if (!reservation?.evening) return reply(`I could not reserve a table: ${JSON.stringify(reservation)}.`);
  return reply(
    `Reserved a table for ${reservation.guests} on ${reservation.evening} evening in ` +
      `${conciergeTrip.destination}, under the name ${reservation.name}.`,
  );
}

/** The concierge's script, chosen from the tool results so far (it survives resumes and restarts). */
export function conciergeStep(ctx: ScriptContext): ScriptStep {
  if (/\btable\b/i.test(ctx.userText)) return reservationStep(ctx);
  const booking = resultOf(ctx, 'book_trip');
  if (booking === undefined) return ask.raw(conciergeTrip, 'book_trip');
  const booked = (booking as { booked?: unknown } | null)?.booked === true;
  if (!booked) {
    const why = typeof booking === 'string' ? ` (${booking})` : '';
    return reply(`All right, I did not book ${conciergeTrip.destination}${why}. Tell me what to change.`);
  }
  const budget = budgetSchema.safeParse(resultOf(ctx, 'confirm_budget')).data;
  // No budget yet, or one Mastra refused (it answers a resume that fails the schema with an error result): ask.
  if (!budget) return ask.raw({ destination: conciergeTrip.destination }, 'confirm_budget');
  const { reference, edits } = booking as { reference: string; edits?: Record<string, Edit> };
  const trip = { ...conciergeTrip, ...editedValues(edits) };
  const leeway = budget.flexible ? ', with a little leeway' : ', strictly';
  const notes = budget.notes ? ` Noted: ${budget.notes}.` : '';
  return reply(
    `Booked ${trip.nights} nights in ${trip.destination} (reference ${reference}, ` +
      `${trip.total} EUR).${changesSaid(edits)} I will plan activities within ${budget.amount} ${budget.currency}${leeway}.${notes}`,
  );
}

/** An argument the user changed before approving (`editableTool` of `@ask-user-kit/server`). */
type Edit = { from: unknown; to: unknown };

const editedValues = (edits: Record<string, Edit> = {}) =>
  Object.fromEntries(Object.entries(edits).map(([name, edit]) => [name, edit.to]));

/** " You changed nights from 3 to 4." for each argument the user changed. */
const changesSaid = (edits: Record<string, Edit> = {}) =>
  Object.entries(edits)
    .map(([name, { from, to }]) => ` You changed ${name} from ${String(from)} to ${String(to)}.`)
    .join('');

/**
 * The concierge: a tool that needs approval, then a tool that suspends for a form. `tools` adds
 * the app's own: a message asking for a table calls `reserve_table` (apps/server gives one that
 * asks with `askUser`).
 */
export function conciergeAgent(id = 'concierge', tools: ToolsInput = {}): Agent {
  return new Agent({
    id,
    name: id,
    instructions: 'You are a travel concierge. Book the trip, then ask for an activities budget.',
    model: scriptedModel(conciergeStep, { modelId: id }) as MastraModelConfig,
    tools: { book_trip: bookTripTool, confirm_budget: confirmBudgetTool, ...tools },
  });
}
