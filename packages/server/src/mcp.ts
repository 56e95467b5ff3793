// `@ask-user-kit/server/mcp`: MCP elicitations relayed to the page as suspensions of the agent's
// tool call. Its own entry: it needs Node's AsyncLocalStorage, which the guard does not.
export { relayElicitations } from './relayElicitations.ts';
