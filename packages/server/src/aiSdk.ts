// @ask-user-kit/server/ai-sdk: what an app serving @mastra/ai-sdk's chatRoute adds beside it. A
// subpath of its own, so that an app without chatRoute never loads `@mastra/ai-sdk` (an optional
// peer dependency, needed only here).
export { chatHistoryRoute } from './chatHistoryRoute.ts';
