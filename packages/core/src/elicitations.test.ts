import { describe, expect, it } from 'vitest';
import { elicitations } from './elicitations.ts';
import { forms } from './itemKinds.ts';
import type { ItemCall } from './types.ts';

const call = (elicitation: unknown): ItemCall => ({
  runId: 'run-1',
  toolCallId: 'call-1',
  toolName: 'bookings_pay_deposit',
  requiresApproval: false,
  suspendPayload: { elicitation, answered: [] },
});

describe('elicitations.parse', () => {
  it('reads URL mode as a link to open, never a form', () => {
    const item = elicitations.parse(
      call({ server: 'bookings', mode: 'url', message: 'Pay', url: 'https://pay.example.com/1' }),
      'k',
    );
    expect(item).toEqual({
      key: 'k',
      runId: 'run-1',
      toolCallId: 'call-1',
      toolName: 'bookings_pay_deposit',
      kind: 'elicitation',
      server: 'bookings',
      message: 'Pay',
      mode: 'url',
      url: 'https://pay.example.com/1',
    });
  });

  it.each([
    [
      'a URL that is not a web address',
      { server: 'bookings', mode: 'url', url: 'javascript:alert(1)' },
      'http or https',
    ],
    ['no server', { mode: 'url', url: 'https://pay.example.com' }, 'which MCP server'],
    [
      'a schema that is not an object',
      { server: 'bookings', requestedSchema: { type: 'string' } },
      'the requested schema',
    ],
  ])('makes a malformed item of %s, which says why', (_, elicitation, reason) => {
    const item = elicitations.parse(call(elicitation), 'k');
    expect(item).toMatchObject({ kind: 'malformed', of: 'elicitation' });
    expect(item?.kind === 'malformed' && item.reason).toContain(reason);
  });

  it('leaves other suspensions to other kinds, and forms leave elicitations to it', () => {
    const other = {
      ...call(undefined),
      suspendPayload: { message: 'Budget?' },
      resumeSchema: '{"type":"object","properties":{}}',
    };
    expect(elicitations.parse(other, 'k')).toBeUndefined();
    const elicitation = {
      ...call({ server: 'bookings', requestedSchema: { type: 'object', properties: {} } }),
    };
    expect(
      forms.parse({ ...elicitation, resumeSchema: '{"type":"object","properties":{}}' }, 'k'),
    ).toBeUndefined();
  });
});

describe('elicitations.validate', () => {
  const form = elicitations.parse(
    call({
      server: 'bookings',
      requestedSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
    }),
    'k',
  )!;

  it('takes accept with valid content, decline and cancel, and refuses anything else', () => {
    expect(elicitations.validate(form, { action: 'accept', content: { n: '3' } })).toEqual({
      ok: true,
      value: { type: 'accept', data: { n: 3 } },
    });
    expect(elicitations.validate(form, { action: 'accept', content: { n: 'x' } })).toEqual({
      ok: false,
      message: 'n: Enter a number.',
    });
    expect(elicitations.validate(form, { action: 'decline' })).toEqual({
      ok: true,
      value: { type: 'decline' },
    });
    expect(elicitations.validate(form, { action: 'cancel' })).toEqual({
      ok: true,
      value: { type: 'cancel' },
    });
    expect(elicitations.validate(form, { n: '3' }).ok).toBe(false);
  });

  it('resumes with MCP’s ElicitResult', () => {
    expect(elicitations.resume(form, { type: 'accept', data: { n: 3 } }).resumeData).toEqual({
      action: 'accept',
      content: { n: 3 },
    });
    expect(elicitations.resume(form, { type: 'cancel' }).resumeData).toEqual({ action: 'cancel' });
  });
});
