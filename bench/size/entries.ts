import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Dependencies an app using the kit already has: left out of every bundle measured. */
export const sharedExternals = [
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  '@tanstack/react-query',
  '@tanstack/react-query/*',
  'zod',
  'zod/*',
];

export interface SizeEntry {
  name: string;
  /** What the entry imports, as an app would. */
  code: string;
  /** Files that must exist for the entry to bundle (the kit's packages are still being written). */
  requires?: string[];
  /** Packages of the entry's own stack (an adapter's peer): the app has them already, so left out. */
  external?: string[];
}

const kitFile = (path: string) => fileURLToPath(new URL(`../../packages/${path}`, import.meta.url));
const kitEntries = { react: kitFile('react/src/index.ts'), core: kitFile('core/src/index.ts') };

/**
 * The kit as an app uses it: the hook (with its default fetch transport) and the prompt, the
 * counterpart of `useChat`. Falls back to the core alone while the React package has no entry.
 */
export function kitEntry(): SizeEntry & { missing: string[] } {
  const missing = Object.entries(kitEntries)
    .filter(([, file]) => !existsSync(file))
    .map(([name]) => `@ask-user-kit/${name}`);
  const code = !missing.includes('@ask-user-kit/react')
    ? "export { useAgentRun, AskUserPrompt } from '@ask-user-kit/react';"
    : !missing.includes('@ask-user-kit/core')
      ? "export * from '@ask-user-kit/core';"
      : '';
  return { name: 'ask-user-kit: useAgentRun + AskUserPrompt', code, missing };
}

/** Everything both packages export (an upper bound: no app imports all of it). Subpath adapters are left out. */
export function kitEverythingEntry(): SizeEntry {
  const lines = Object.entries(kitEntries)
    .filter(([, file]) => existsSync(file))
    .map(([name]) => `export * from '@ask-user-kit/${name}';`);
  return { name: 'ask-user-kit: every export of react + core', code: lines.join('\n') };
}

/** A chat-stack adapter as an app uses it: `<AskUserPrompt>` with the adapter's hook, and its budget. */
export interface AdapterEntry extends SizeEntry {
  /** The most it may add to an app, minified and gzipped (level 9). */
  budget: number;
}

/**
 * One entry per chat-stack adapter, each with its own budget, so that none moves the
 * ask_user path's (`kitEntry`). Measured with `<AskUserPrompt>`, which every adapter is used with:
 * the AI SDK one was 8,893 B gz on 2026-12-04 (AskUserPrompt alone 6,955 B), 9,615 B once it told
 * answered-elsewhere and expired apart (confirmExpiry over a suspended-runs list). The
 * @mastra/react one, with the fetch transport it resumes through, 11,408 B the same day. The
 * CopilotKit one, with the fetch transport it restores through, 11,624 B on 2026-12-03 (the AG-UI
 * one it wraps then 9,153 B, 176 B more than before it could restore).
 */
export const adapterEntries: AdapterEntry[] = [
  {
    name: 'ask-user-kit/ai-sdk: useAskUserChat + AskUserPrompt',
    code: "export { AskUserPrompt } from '@ask-user-kit/react';\nexport { useAskUserChat } from '@ask-user-kit/react/ai-sdk';",
    // 9,728 B until the prompts read back after a reload (+140 B) and the answer bookkeeping shared
    // by every stack's hook (+106 B: one readable hook instead of three copies) came in; 10,240 B
    // until answers were read back with core's exact label decoder (labels may hold ", ") and the
    // transport's responseTimeout came in (10,265 B on 2026-12-04).
    // 10,496 B until every stack answered through core's one submission tracker (one set of submit rules
    // and one failure reader instead of three copies, about 0.9 KB gz in core) and re-read the
    // waiting question after another window answered (10,830 B on 2026-12-05).
    // 11,008 B until the time left, the signature sent with answers, the sub-agent that asked and a store that starts a workflow came in (11,637 B on 2026-12-05).
    // 11,776 B until a prompt's status found by key instead of a scan of the whole transcript per prompt (core's transcript index) (12,034 B on 2026-12-05).
    // Lowered from 12,288 B when the parts were named for React DevTools in development builds only (11,854 B on 2026-12-05).
    budget: 11_973,
  },
  {
    name: 'ask-user-kit/mastra-react: useAskUserMastraChat + createFetchTransport + AskUserPrompt',
    code:
      "export { AskUserPrompt } from '@ask-user-kit/react';\n" +
      "export { createFetchTransport } from '@ask-user-kit/core';\n" +
      "export { useAskUserMastraChat } from '@ask-user-kit/react/mastra-react';",
    // @mastra/react's accumulateChunk folds the resumed stream: the app's useChat brings it.
    external: ['@mastra/react'],
    // 12,288 B until the exact label decoder and the transport's responseTimeout (12,462 B on 2026-12-04).
    // 12,800 B until every stack answered through core's one submission tracker (one set of submit rules
    // and one failure reader instead of three copies, about 0.9 KB gz in core) and re-read the
    // waiting question after another window answered (13,231 B on 2026-12-05).
    // 13,312 B until a broken reply was read on with observe (13,816 B on 2026-12-05).
    // 14,080 B until the time left, the signature sent with answers, the sub-agent that asked and a store that starts a workflow came in (14,610 B on 2026-12-05).
    // Lowered from 14,848 B when the fetch transport's observe route became part of the `reconnect` plug-in (14,095 B on 2026-12-05).
    // 14,336 B until a prompt's status found by key instead of a scan of the whole transcript per prompt (core's transcript index), and an answer's signature read from the signed suspended-runs list
    // (`@mastra/react` drops it) (14,609 B on 2026-12-05).
    // Lowered from 14,848 B when the parts were named for React DevTools in development builds only (14,416 B on 2026-12-05).
    budget: 14_561,
  },
  // Opt-in: whole conversations from Mastra memory, tabs in step, one send at a time.
  {
    name: 'ask-user-kit/history: useAgentRun + AskUserPrompt + useThreadHistory',
    code: "export { AskUserPrompt, useAgentRun } from '@ask-user-kit/react';\nexport { useThreadHistory } from '@ask-user-kit/react/history';",
    // 17,182 B on 2026-12-04; 17,920 B once memory was read as untrusted data (every field
    // checked), each message once across pages, questions paired in one pass, and answers read
    // back with the exact label decoder (readAskUserOutput, 347 B), and the decoder's skipping of
    // oversized frames (250 B): raised by 1.25 KB for those; then by 0.5 KB for aborting the reads
    // of a conversation that is left and `newThread` (18,864 B).
    // 19,200 B until the lifecycle shared by prompts and items, the chunked transcript (reduce time
    // flat in its length) and the core observers came in (20,307 B on 2026-12-05).
    // 20,480 B until a broken reply was read on with observe (21,462 B on 2026-12-05).
    // 21,760 B until the time left, the signature sent with answers, the sub-agent that asked and a store that starts a workflow came in (22,733 B on 2026-12-05).
    // Lowered from 23,040 B when reading on a broken reply became the `reconnect` plug-in (22,062 B on 2026-12-05).
    // Lowered from 22,272 B when the parts were named for React DevTools in development builds only (21,917 B on 2026-12-05).
    // Lowered from 22,137 B when the parts were named for React DevTools in development builds only, and the reconnect plug-in took the run positions (21,899 B on 2026-12-05).
    budget: 22_118,
  },
  {
    name: 'ask-user-kit/assistant-ui: makeAskUserDataUI + AskUserToolPart (AskUserPrompt, useAskUserChat)',
    code: "export { AskUserToolPart, makeAskUserDataUI } from '@ask-user-kit/react/assistant-ui';",
    // makeAssistantDataUI and useAISDKChat come from the app's assistant-ui packages.
    external: ['@assistant-ui/react', '@assistant-ui/react-ai-sdk'],
    // 10,207 B on 2026-12-04, 10,503 B once answers were read back with core's exact label
    // decoder instead of a split on ", " (labels may hold ", "): raised by 512 B for that.
    // 10,752 B until every stack answered through core's one submission tracker (one set of submit rules
    // and one failure reader instead of three copies, about 0.9 KB gz in core) and re-read the
    // waiting question after another window answered (11,193 B on 2026-12-05).
    // 11,264 B until the time left, the signature sent with answers, the sub-agent that asked and a store that starts a workflow came in (12,027 B on 2026-12-05).
    // 12,288 B until a prompt's status found by key instead of a scan of the whole transcript per prompt (core's transcript index) (12,416 B on 2026-12-05).
    // Lowered from 12,672 B when the parts were named for React DevTools in development builds only (12,246 B on 2026-12-05).
    budget: 12_369,
  },
  {
    name: 'ask-user-kit/ag-ui: useAskUserAgUi + AskUserPrompt',
    code: "export { AskUserPrompt } from '@ask-user-kit/react';\nexport { useAskUserAgUi } from '@ask-user-kit/react/ag-ui';",
    // 9,728 B until the exact label decoder came in (9,822 B on 2026-12-04).
    // 10,240 B until every stack answered through core's one submission tracker (one set of submit rules
    // and one failure reader instead of three copies, about 0.9 KB gz in core) and re-read the
    // waiting question after another window answered (10,507 B on 2026-12-05).
    // 10,752 B until the time left, the signature sent with answers, the sub-agent that asked and a store that starts a workflow came in (11,266 B on 2026-12-05).
    // 11,520 B until the interrupt kept its signature (also when restored from the list) and sent it
    // back in forwardedProps, so that a signing guard takes AG-UI answers (11,726 B on 2026-12-05).
    // Lowered from 11,904 B when the parts were named for React DevTools in development builds only (11,548 B on 2026-12-05).
    budget: 11_664,
  },
  {
    name: 'ask-user-kit/copilotkit: useAskUserCopilotKit + createFetchTransport + AskUserPrompt',
    code:
      "export { AskUserPrompt } from '@ask-user-kit/react';\n" +
      "export { createFetchTransport } from '@ask-user-kit/core';\n" +
      "export { useAskUserCopilotKit } from '@ask-user-kit/react/copilotkit';",
    // useAgent and useCopilotKit come from the app's CopilotKit.
    external: ['@copilotkit/react-core', '@copilotkit/react-core/*'],
    // 12,288 B until the exact label decoder and the transport's responseTimeout (12,759 B on 2026-12-04).
    // 13,056 B until every stack answered through core's one submission tracker (one set of submit rules
    // and one failure reader instead of three copies, about 0.9 KB gz in core) and re-read the
    // waiting question after another window answered (13,281 B on 2026-12-05).
    // 13,440 B until a broken reply was read on with observe (13,870 B on 2026-12-05).
    // 14,080 B until the time left, the signature sent with answers, the sub-agent that asked and a store that starts a workflow came in (14,631 B on 2026-12-05).
    // Lowered from 14,848 B when the fetch transport's observe route became part of the `reconnect` plug-in (14,110 B on 2026-12-05).
    // 14,336 B until the interrupt kept its signature and sent it back in forwardedProps, so that a
    // signing guard takes CopilotKit answers (14,572 B on 2026-12-05).
    // Lowered from 14,720 B when the parts were named for React DevTools in development builds only (14,389 B on 2026-12-05).
    // 14,533 B until an answer given before the runtime answered /info waited for the real agent
    // instead of going to CopilotKit's stand-in (14,659 B on 2026-12-06).
    budget: 14_720,
  },
];

/**
 * Approvals and resume forms, each in its own entries (`@ask-user-kit/core/items`,
 * `@ask-user-kit/react/approval`, `@ask-user-kit/react/form`) with its own budget, so that the
 * ask_user path (`kitEntry`) carries none of them. Measured alone; on 2026-12-03, with
 * `useAgentRun + AskUserPrompt` (15,034 B) the approval entry added 2,697 B and the form 5,521 B.
 * The compound parts (`ToolApproval.Root`, `.Approve`…, `ResumeForm.Field`…) and moving focus
 * after an answer then took them from 4,656 B to 5,826 B and from 7,450 B to 8,598 B: the budgets
 * below were raised by 1 KB each for that, on purpose (the parts are plain forwardRef components,
 * not golfed). On 2026-12-04 the form entry went from 8,686 B to 10,936 B: a resume schema's
 * `pattern` now runs in a linear-time matcher of its own (about 2 KB; the platform's backtracking
 * RegExp can hang the page on a server's pattern), and every keyword the form accepts has its
 * value checked. Its budget was raised to 11 KB for that, on purpose.
 * The same day approvals and forms took the prompt's lifecycle (one set of parts for
 * both, a polite announcement of a new item, "Sending your answer…" and of a failure, the prompt's
 * failure, busy and cancelled wording, data-disabled while sending, a busy refusal said instead of
 * swallowed, focus back where the answer was sent from): 5,891 B to 6,837 B and 8,686 B to
 * 9,622 B. Sharing parts between entries measured apart cannot shrink either (gzip had already
 * folded the copies); the budgets were raised to 6,912 B and, with the matcher, 12 KB for the behaviour.
 */
export const itemEntries: AdapterEntry[] = [
  {
    name: 'ask-user-kit/approval: ToolApproval + approvals',
    code: "export { ToolApproval } from '@ask-user-kit/react/approval';\nexport { approvals } from '@ask-user-kit/core/items';",
    // Lowered from 6,912 B: the item lifecycle that copied the prompt's is gone (4,690 B on 2026-12-05).
    // 5,120 B until the time left (`.TimeLeft`), the signature sent with an approval and the sub-agent
    // that asked came in (5,726 B on 2026-12-05).
    // 5,888 B until an approval could be approved with edits (13,499 B on 2026-12-05): its arguments
    // became the form's fields (FieldView, the schema reader and validator: the form entry's code).
    // Lowered from 13,526 B to its figure and 1% when editing became opt-in by import
    // (`editableApprovals`, `<EditableToolApproval>`: the entry below), so that an app that never
    // edits carries none of the form (6,049 B on 2026-12-06).
    budget: 6_109,
  },
  {
    name: 'ask-user-kit/approval-edit: EditableToolApproval + editableApprovals',
    code: "export { EditableToolApproval } from '@ask-user-kit/react/approval';\nexport { editableApprovals } from '@ask-user-kit/core/items';",
    // The approval entry and its edit form: the arguments as the form's fields (FieldView, the schema
    // reader and validator: the form entry's code), checked before the approval sends them.
    // Its figure and 1% (13,523 B on 2026-12-06), so that no slack is left to grow into.
    budget: 13_658,
  },
  {
    name: 'ask-user-kit/form: ResumeForm + forms',
    code: "export { ResumeForm } from '@ask-user-kit/react/form';\nexport { forms } from '@ask-user-kit/core/items';",
    // Lowered from 12,288 B: the item lifecycle that copied the prompt's is gone (10,403 B on
    // 2026-12-05). Raised the same day for MCP's restricted schema and elicitations (12,318 B): text
    // formats checked as ajv-formats does (about 0.5 KB), titled choices (oneOf, anyOf, enumNames:
    // 0.4 KB), and the parts of an MCP server's request (who asks, URL mode's link, Decline, Cancel: 0.4 KB).
    // 12,544 B until the time left, the signature sent with an answer and the sub-agent that asked
    // came in (13,073 B on 2026-12-05).
    // Lowered from 13,312 B when the parts were named for React DevTools in development builds only (13,066 B on 2026-12-05).
    budget: 13_197,
  },
  {
    name: 'ask-user-kit/workflow: useWorkflowRun',
    // The hook (useAgentRun inside), its default kinds (approvals and forms: the form's schema
    // reader and validator are most of it) and the workflow transport; the components an app shows
    // its steps with are measured in the entries above (18,051 B on 2026-12-05).
    code: "export { useWorkflowRun } from '@ask-user-kit/react/workflow';",
    // 18,432 B until the time left, signatures, the sub-agent that asked and reading on a broken
    // reply came into the store it uses (20,794 B on 2026-12-05).
    // Lowered from 21,248 B when reading on a broken reply became the `reconnect` plug-in (20,137 B on 2026-12-05).
    // 20,352 B until a workflow step's signature was kept and sent with its answer (20,633 B on 2026-12-05).
    // Lowered from 20,864 B to its figure and 1% (20,633 B on 2026-12-05), so that no slack is left to grow into.
    // Lowered from 20,840 B when the parts were named for React DevTools in development builds only (20,588 B on 2026-12-05).
    // Lowered from 20,794 B when its default `approvals` kind lost the edit check, now `editableApprovals`'s (20,197 B on 2026-12-06).
    budget: 20_399,
  },
];

/** What a user would pick instead, importing just the symbols they would use. */
export const peerEntries: SizeEntry[] = [
  { name: 'useChat from @mastra/react 1.5.0', code: "export { useChat } from '@mastra/react';" },
  {
    name: 'MastraClient from @mastra/client-js 1.47.0',
    code: "export { MastraClient } from '@mastra/client-js';",
  },
];
