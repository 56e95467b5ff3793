import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { MCPServer } from '@mastra/mcp';
import { z } from 'zod';
import { ask, reply, scriptedModel } from './scriptedModel.ts';

/** Where the deposit is paid, in URL mode (never a form). */
export const DEPOSIT_URL = 'https://payments.example.com/deposit/42';

const bookTable = createTool({
  id: 'book_table',
  description: 'Books a table; asks the guest for the booking details.',
  inputSchema: z.object({ restaurant: z.string() }),
  // MCP's restricted schema (2025-11-25): one field of each kind it allows.
  resumeSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name', minLength: 2, maxLength: 40 },
      email: { type: 'string', title: 'E-mail', format: 'email' },
      date: { type: 'string', title: 'Date', format: 'date' },
      guests: { type: 'integer', title: 'Guests', minimum: 1, maximum: 8, default: 2 },
      terrace: { type: 'boolean', title: 'On the terrace', default: false },
      seating: {
        type: 'string',
        title: 'Seating',
        oneOf: [
          { const: 'inside', title: 'Inside' },
          { const: 'bar', title: 'At the bar' },
        ],
      },
      menu: { type: 'string', title: 'Menu', enum: ['set', 'carte'], enumNames: ['Set menu', 'À la carte'] },
      diets: {
        type: 'array',
        title: 'Diets',
        items: {
          type: 'string',
          anyOf: [
            { const: 'vegan', title: 'Vegan' },
            { const: 'gluten-free', title: 'Gluten-free' },
          ],
        },
        maxItems: 2,
      },
    },
    required: ['name', 'email', 'date', 'guests'],
  },
  execute: async ({ restaurant }, context) => {
    const details = context.resumeData as Record<string, unknown> | undefined;
    if (!details) {
      await context.suspend?.({ message: `Booking details for ${restaurant}` });
      return undefined;
    }
    return `Booked ${restaurant} for ${String(details.guests)} on ${String(details.date)} (${String(details.name)}).`;
  },
});

const payDeposit = createTool({
  id: 'pay_deposit',
  description: 'Takes the deposit for a booking on the payment page.',
  inputSchema: z.object({ booking: z.string() }),
  resumeSchema: z.object({}),
  execute: async ({ booking }, context) => {
    if (!context.resumeData) {
      await context.suspend?.({ message: `Pay the deposit for booking ${booking}`, url: DEPOSIT_URL });
      return undefined;
    }
    return `The payment page for booking ${booking} was opened.`;
  },
});

type Suspension = { suspendPayload?: { url?: unknown; message?: unknown } };
type InputRequired = { inputRequests?: Record<string, { method: string; params: Record<string, unknown> }> };

/**
 * `@mastra/mcp`'s `MCPServer` elicits in form mode only (from the tool's `resumeSchema`); a tool
 * of this server that suspends with a `url` asks in URL mode instead.
 */
class BookingServer extends MCPServer {
  constructor() {
    super({ name: 'bookings', version: '1.0.0', tools: { book_table: bookTable, pay_deposit: payDeposit } });
  }
}
const formOnly = Object.getOwnPropertyDescriptor(MCPServer.prototype, 'inputRequired')!.value as (
  ...args: unknown[]
) => Promise<InputRequired>;
Object.defineProperty(BookingServer.prototype, 'inputRequired', {
  async value(this: MCPServer, ctx: unknown, requestContext: unknown, suspension: Suspension) {
    const result = await formOnly.call(this, ctx, requestContext, suspension);
    const { url, message } = suspension.suspendPayload ?? {};
    const request = result.inputRequests?.input;
    if (typeof url !== 'string' || !request) return result;
    request.params = { mode: 'url', message, url, elicitationId: `deposit-${Date.now()}` };
    return result;
  },
});

/** An MCP server (`bookings`) whose tools elicit: `book_table` a form, `pay_deposit` a URL. */
export const bookingMcpServer = (): MCPServer => new BookingServer();

/** Serves an MCP server over Streamable HTTP on 127.0.0.1; its URL ends in `/mcp`. */
export async function serveMcp(server: MCPServer): Promise<{ url: URL; close(): Promise<void> }> {
  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    void server.startHTTP({ url, httpPath: '/mcp', req, res });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}

/** The text of an MCP tool's result (`{ content: [{ type: 'text', text }] }`) or error. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const content = (value as { content?: { text?: string }[] } | undefined)?.content;
  return content?.map((part) => part.text ?? '').join('') ?? JSON.stringify(value ?? null);
}

/**
 * An agent that books through the `bookings` MCP server: "deposit" in the message pays the
 * deposit (URL mode), anything else books a table (a form). Give it the MCP client's tools.
 */
export function bookingAgent(tools: () => Promise<Record<string, unknown>>): Agent {
  return new Agent({
    id: 'booking',
    name: 'Booking',
    instructions: 'Books tables through the bookings MCP server.',
    model: scriptedModel(({ step, userText, results }) => {
      if (step > 0) {
        return reply(`The bookings server says: ${textOf(results[0]?.value)}`);
      }
      return /deposit/i.test(userText)
        ? ask.raw({ booking: 'B-42' }, 'bookings_pay_deposit')
        : ask.raw({ restaurant: 'Chez Nous' }, 'bookings_book_table');
    }),
    tools: tools as never,
  });
}
