import { ask, askUserAgent, reply } from '@ask-user-kit/testing';

/** Agents for the React tests, served by the real Mastra server in vitest.globalSetup.ts. */
export function testAgents() {
  return {
    text: askUserAgent('text', [ask.text('What is your name?'), reply(({ answers }) => `Hello, ${answers[0]}!`)]),
    single: askUserAgent('single', [
      ask.single('Pick a colour', [{ label: 'Red', description: 'Warm' }, { label: 'Blue', description: 'Cool' }]),
      reply(({ answers }) => `You chose ${answers[0]}.`),
    ]),
    multiple: askUserAgent('multiple', [
      ask.multiple('Pick toppings', ['Cheese', 'Ham', 'Olives']),
      reply(({ answers }) => `Toppings: ${answers[0]}.`),
    ]),
  };
}
