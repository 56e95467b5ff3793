import { describe, expect, it } from 'vitest';
import {
  httpFailure,
  messageOf,
  RequestError,
  saysExpired,
  toRunError,
  toStreamError,
  TransportError,
} from './errors.ts';

describe('messageOf', () => {
  it.each([
    ['a message', { message: ' Bad gateway ' }, 'Bad gateway'],
    ['a string', 'Bad gateway', 'Bad gateway'],
    ['a blank message', { message: '   ' }, 'fallback'],
    ['an empty string', '', 'fallback'],
    ['a message that is not text', { message: 42 }, 'fallback'],
    ['nothing', undefined, 'fallback'],
    ['a 1 MB message', { message: 'm'.repeat(1_048_576) }, `${'m'.repeat(80)}…`],
  ])('%s', (_, error, expected) => {
    expect(messageOf(error, 'fallback')).toBe(expected);
  });
});

describe('failures', () => {
  it('409 is answered-elsewhere whatever the body says; other statuses are http', () => {
    expect(httpFailure(409, 'Conflict')).toMatchObject({ code: 'answered-elsewhere', status: 409 });
    expect(httpFailure(502, 'Bad gateway')).toEqual({ code: 'http', status: 502, message: 'Bad gateway' });
  });

  it("410 with the answer guard's `expired` code is expired; a 410 without it is http", () => {
    const body = { error: 'This question has expired.', code: 'expired', runId: 'r', toolCallId: 'c' };
    expect(httpFailure(410, 'This question has expired.', body)).toMatchObject({
      code: 'expired',
      status: 410,
    });
    expect(httpFailure(410, 'Gone', {})).toMatchObject({ code: 'http', status: 410 });
  });

  it('before a stream, an unknown failure could not reach the server; during one, the connection was lost', () => {
    const cut = new TypeError('terminated');
    expect(toRunError(cut)).toEqual({
      code: 'network',
      message: 'Could not reach the agent server: terminated.',
    });
    expect(toStreamError(cut)).toEqual({
      code: 'connection-lost',
      message: 'The connection was lost while the reply was streaming.',
    });
    const own = new TransportError({ code: 'too-large', message: 'A frame was too large.' });
    expect(toStreamError(own)).toBe(own.error);
    expect(toStreamError(new DOMException('stop', 'AbortError'))).toMatchObject({ code: 'aborted' });
  });

  it('a RequestError carries its failure, code and prompt', () => {
    const error = new RequestError(
      { code: 'busy', message: 'A request is still running.' },
      { promptKey: 'k' },
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'RequestError',
      code: 'busy',
      promptKey: 'k',
      message: 'A request is still running.',
    });
    expect(toRunError(error)).toBe(error.error);
  });

  it("reads Mastra's words for an expired run from a message, a body or an error id", () => {
    expect(
      saysExpired({ error: 'Agent "a" resumeStream() could not find a suspended run for runId r1' }),
    ).toBe(true);
    expect(saysExpired({ body: { error: 'cannot resume tool call c1 because it is not suspended' } })).toBe(
      true,
    );
    expect(saysExpired({ id: 'AGENT_RESUME_NO_SNAPSHOT_FOUND' })).toBe(true);
    expect(saysExpired({ error: 'Internal Server Error' })).toBe(false);
  });
});
