// Plain Node ESM, no bundler, no TypeScript: the published core imports and works.
import assert from 'node:assert/strict';
import { createRunStore, parsePrompt, validateAnswer } from '@ask-user-kit/core';
import { decodeText } from '@ask-user-kit/core/internal';
import { createClientJsTransport } from '@ask-user-kit/core/client-js';
import { createAgentTransport } from '@ask-user-kit/core/agent';
import { historyEntries } from '@ask-user-kit/core/history';
import { approvals } from '@ask-user-kit/core/items';

const prompt = parsePrompt({
  runId: 'r',
  toolCallId: 'c',
  toolName: 'ask_user',
  suspendPayload: {
    question: 'Pick',
    options: [{ label: 'A' }, { label: 'B' }],
    selectionMode: 'multi_select',
  },
});
assert.equal(prompt.kind, 'multiple');
assert.equal(validateAnswer(prompt, ['A']).ok, true);
const events = decodeText(
  'data: {"type":"text-delta","runId":"r","payload":{"text":"hi"}}\n\ndata: [DONE]\n\n',
);
assert.equal(events[0]?.kind, 'chunk');
assert.equal(typeof createRunStore, 'function');
assert.equal(typeof createClientJsTransport, 'function');
assert.equal(typeof createAgentTransport, 'function');
assert.deepEqual(historyEntries([]), []);
assert.equal(typeof approvals.parse, 'function');
console.log('node-esm: @ask-user-kit/core and each of its subpaths import in plain Node');
