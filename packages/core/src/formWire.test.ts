import { Agent } from '@mastra/core/agent';
import type { MastraModelConfig } from '@mastra/core/llm';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
import {
  ask,
  reply,
  scriptedModel,
  startMastraTestServer,
  type MastraTestServer,
} from '@ask-user-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunStore } from './createRunStore.ts';
import { forms } from './itemKinds.ts';
import { createFetchTransport } from './transports/fetchTransport.ts';
import type { FormItem } from './types.ts';

// What a generated form sends over the wire to a real Mastra server, for property names that
// Object.prototype has too.

const namesSchema = z.object({ ['__proto__']: z.string(), constructor: z.string().optional() });

const confirmNamesTool = createTool({
  id: 'confirm_names',
  description: 'Asks for names whose keys Object.prototype has too.',
  inputSchema: z.object({}),
  resumeSchema: namesSchema,
  execute: async (_, context) => {
    const names = context?.agent?.resumeData;
    if (!names) {
      await context?.agent?.suspend?.({ message: 'Which names?' });
      return undefined;
    }
    return names;
  },
});

const namesAgent = () =>
  new Agent({
    id: 'names',
    name: 'names',
    instructions: 'Ask for the names.',
    model: scriptedModel(
      (ctx) => (ctx.results.length === 0 ? ask.raw({}, 'confirm_names') : reply('Thank you.')),
      { modelId: 'names' },
    ) as MastraModelConfig,
    tools: { confirm_names: confirmNamesTool },
  });

let server: MastraTestServer;
beforeAll(async () => {
  server = await startMastraTestServer({ agents: { names: namesAgent() } });
});
afterAll(() => server?.close());

describe('a form with a "__proto__" field, over the fetch transport', () => {
  it('sends "__proto__" as a property of the resume data', async () => {
    const bodies: string[] = [];
    const transport = createFetchTransport({
      baseUrl: server.url,
      agentId: 'names',
      fetch: (input, init) => {
        if (String(input).endsWith('/resume-stream')) bodies.push(String(init?.body));
        return fetch(input, init);
      },
    });
    const store = createRunStore({ transport, resourceId: 'names-1', items: [forms] });
    await store.send('Ask me.');
    const [form] = store.getSnapshot().openItems as FormItem[];
    expect(form?.kind).toBe('form');
    expect(form!.form.fields.map((field) => [field.name, field.required])).toEqual([
      ['__proto__', true],
      ['constructor', false],
    ]);
    await store.submit(form!.key, JSON.parse('{"__proto__":"Ada","constructor":"Lovelace"}'));
    expect(bodies).toHaveLength(1);
    const sent = JSON.parse(bodies[0]!) as { resumeData?: unknown };
    expect(Object.hasOwn(sent.resumeData as object, '__proto__')).toBe(true);
    expect(sent.resumeData).toEqual(JSON.parse('{"__proto__":"Ada","constructor":"Lovelace"}'));
    expect(store.getSnapshot().status).toBe('done');
  });
});
