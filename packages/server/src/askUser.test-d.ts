import { createTool } from '@mastra/core/tools';
import { expectTypeOf } from 'vitest';
import { z } from 'zod';
import { askUser } from './index.ts';

const options = [{ label: 'Single' }, { label: 'Double' }];

createTool({
  id: 'book_room',
  description: 'Books a room.',
  inputSchema: z.object({ city: z.string() }),
  execute: async (_input, context) => {
    expectTypeOf(await askUser(context, { question: 'Any wishes?' })).toEqualTypeOf<string>();
    expectTypeOf(await askUser(context, { question: 'Which room?', options })).toEqualTypeOf<string>();
    expectTypeOf(
      await askUser(context, { question: 'Which room?', options, selectionMode: 'single_select' }),
    ).toEqualTypeOf<string>();
    expectTypeOf(
      await askUser(context, { question: 'Extras?', options, selectionMode: 'multi_select' }),
    ).toEqualTypeOf<string[]>();
    const guest = z.object({ name: z.string(), nights: z.int().optional() });
    expectTypeOf(await askUser(context, { question: 'Who?', schema: guest })).toEqualTypeOf<{
      name: string;
      nights?: number | undefined;
    }>();
    // The output type, after transforms.
    const day = z.object({ day: z.string().transform((text) => text.length) });
    expectTypeOf(await askUser(context, { question: 'When?', schema: day })).toEqualTypeOf<{ day: number }>();
    // @ts-expect-error several choices need options
    await askUser(context, { question: 'Extras?', selectionMode: 'multi_select' });
    // @ts-expect-error a form is not also a choice
    await askUser(context, { question: 'Who?', schema: guest, options });
    // @ts-expect-error a question is text
    await askUser(context, { question: 1 });
    return { ok: true };
  },
});
