import { createStep, createWorkflow } from '@mastra/core/workflows';
import { z } from 'zod';

/** What an expense claim starts with. */
export const expenseInput = z.object({
  employee: z.string().min(1),
  amount: z.number().positive(),
  description: z.string().min(1),
});

/** What the manager's step resumes with: the shape the kit shows as an approval. */
export const approvalDecision = z.object({
  approved: z.boolean(),
  reason: z.string().optional(),
});

/** What the cost-centre step resumes with: a form generated from this schema. */
export const costCentreSchema = z.object({
  costCentre: z.enum(['Engineering', 'Sales', 'Operations']).describe('Which budget pays for it'),
  note: z.string().max(200).optional(),
});

const claim = expenseInput.extend({ approved: z.boolean(), reason: z.string().optional() });

const managerApproval = createStep({
  id: 'manager-approval',
  description: 'A manager approves or declines the claim.',
  inputSchema: expenseInput,
  outputSchema: claim,
  suspendSchema: z.object({ employee: z.string(), amount: z.number(), description: z.string() }),
  resumeSchema: approvalDecision,
  execute: async ({ inputData, resumeData, suspend }) => {
    if (!resumeData) return suspend({ ...inputData });
    return { ...inputData, ...resumeData };
  },
});

const costCentre = createStep({
  id: 'cost-centre',
  description: 'Asks which cost centre pays for an approved claim.',
  inputSchema: claim,
  outputSchema: claim.extend({ costCentre: z.string().optional(), note: z.string().optional() }),
  suspendSchema: z.object({ message: z.string() }),
  resumeSchema: costCentreSchema,
  execute: async ({ inputData, resumeData, suspend }) => {
    if (!inputData.approved) return inputData;
    if (!resumeData) return suspend({ message: `Which cost centre pays for "${inputData.description}"?` });
    return { ...inputData, ...resumeData };
  },
});

const summarise = createStep({
  id: 'summary',
  inputSchema: claim.extend({ costCentre: z.string().optional(), note: z.string().optional() }),
  outputSchema: z.object({ summary: z.string() }),
  execute: async ({ inputData }) => {
    const { employee, amount, description, approved, reason, costCentre: centre } = inputData;
    if (!approved)
      return {
        summary: `Declined: ${amount} EUR for ${description} by ${employee}${reason ? ` (${reason})` : ''}.`,
      };
    return { summary: `Approved: ${amount} EUR for ${description} by ${employee}, charged to ${centre}.` };
  },
});

/** An expense claim: a manager approves it, a form asks for its cost centre, then a summary. */
export function expenseWorkflow(id = 'expense') {
  return createWorkflow({
    id,
    inputSchema: expenseInput,
    outputSchema: z.object({ summary: z.string() }),
  })
    .then(managerApproval)
    .then(costCentre)
    .then(summarise)
    .commit();
}

const askStep = (id: string, question: string, options: string[]) =>
  createStep({
    id,
    inputSchema: z.object({}),
    outputSchema: z.object({ answer: z.string() }),
    suspendSchema: z.object({ question: z.string(), options: z.array(z.object({ label: z.string() })) }),
    resumeSchema: z.object({ answer: z.string() }),
    execute: async ({ resumeData, suspend }) => {
      if (!resumeData) return suspend({ question, options: options.map((label) => ({ label })) });
      return resumeData;
    },
  });

/** Two branches that suspend at once, each with an ask_user-shaped question. */
export function parallelWorkflow(id = 'parallel-questions') {
  return createWorkflow({ id, inputSchema: z.object({}), outputSchema: z.any() })
    .parallel([
      askStep('pick-colour', 'Pick a colour', ['Red', 'Blue']),
      askStep('pick-size', 'Pick a size', ['S', 'L']),
    ])
    .commit();
}

/** A workflow whose one step is another workflow, whose step asks: the question is the inner step's. */
export function nestedWorkflow(id = 'nested-question') {
  const inner = createWorkflow({ id: 'trip-details', inputSchema: z.object({}), outputSchema: z.any() })
    .then(askStep('pick-city', 'Pick a city', ['Lisbon', 'Porto']))
    .commit();
  return createWorkflow({ id, inputSchema: z.object({}), outputSchema: z.any() })
    .then(inner)
    .commit();
}
