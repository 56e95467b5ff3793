import type { AgentWords } from './PageShell.tsx';

/** The planner in words, on its own page and on the stack pages that run it. */
export const PLANNER_WORDS: AgentWords = {
  recipient: 'the planner',
  speaker: 'Planner',
  waitsOn: 'question',
};

export const PLANNER_WELCOME = {
  title: 'Where to next?',
  text:
    'Tell the planner about a trip. Before it writes a plan it will ask you a few questions, right here in ' +
    'the conversation: where, how you will travel and what you would like to do.',
  suggestions: ['Plan a long weekend away', 'Help me plan a summer holiday', 'Surprise me with a short trip'],
} as const;
