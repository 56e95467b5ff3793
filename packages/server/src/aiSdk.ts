// @ask-user-kit/server/ai-sdk: what an app serving @mastra/ai-sdk's chatRoute adds beside it. A
// subpath of its own, so that an app without chatRoute never loads `@mastra/ai-sdk` (an optional
// peer dependency, needed only here).
export {
  chatHistoryRoute,
  DEFAULT_CHAT_HISTORY_PATH,
  MISSING_THREAD_MESSAGE,
  NO_AGENT_MESSAGE,
  NO_MEMORY_MESSAGE,
  NO_SIGNED_IN_RESOURCE_MESSAGE,
  OTHER_RESOURCE_MESSAGE,
  UNKNOWN_AGENT_MESSAGE,
} from './chatHistoryRoute.ts';
export type { ChatHistoryBody, ChatHistoryErrorBody, ChatHistoryRouteOptions } from './chatHistoryRoute.ts';
