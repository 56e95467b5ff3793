import { askUser } from '@ask-user-kit/server';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';

const evenings = [
  { label: 'Friday', description: 'Live music from 8 pm' },
  { label: 'Saturday' },
  { label: 'Sunday', description: 'Quieter, shorter menu' },
];

const party = z.object({
  guests: z.int().min(1).max(12).describe('How many people, you included'),
  name: z.string().min(1).describe('The name the table is kept under'),
});

/**
 * The concierge's table reservation: a custom tool that asks the user in the middle of its work
 * with `askUser` (one choice, then a form from a zod schema) and carries on with the answers.
 */
export const reserveTableTool = createTool({
  id: 'reserve_table',
  description: 'Reserves a dinner table, asking the user which evening and for how many.',
  inputSchema: z.object({ destination: z.string() }),
  execute: async ({ destination }, context) => {
    const evening = await askUser(context, {
      question: `Which evening in ${destination}?`,
      options: evenings,
    });
    const { guests, name } = await askUser(context, { question: 'Who is coming?', schema: party });
    return { evening, guests, name };
  },
});
