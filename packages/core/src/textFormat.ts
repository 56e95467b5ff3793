import type { TextFormat } from './formSchema.ts';

// The `format`s of MCP's restricted schema, checked no more loosely than a JSON Schema validator
// with ajv-formats does (the MCP SDK's): text this accepts, the validator accepts.

// ajv-formats' `email`, as it is.
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
// RFC 3986's characters only (no space, no non-ASCII letter), with a scheme and valid %-escapes.
const URI = /^[a-z][a-z0-9+.-]*:(?:[a-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9a-f]{2})+$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// What `<input type="datetime-local">` gives: a local time, no offset.
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

/** The messages of a text that is not of its field's format. */
export const formatMessages: Record<TextFormat, string> = {
  email: 'Enter an e-mail address.',
  uri: 'Enter a web address (such as https://example.com).',
  date: 'Enter a date.',
  'date-time': 'Enter a date and time.',
};

function isDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  // Day 0 of the next month is the last day of this one, leap years included.
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= days;
}

const isTime = (hours: string, minutes: string, seconds = '00') =>
  Number(hours) <= 23 && Number(minutes) <= 59 && Number(seconds) <= 59;

function canParseUrl(text: string): boolean {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The text to send for `raw` in a field of `format`, or `undefined` when it is not of that
 * format. A local date and time (as `datetime-local` inputs give it) becomes the RFC 3339 time
 * of that moment in UTC; every other accepted text is sent as typed.
 */
export function formatted(format: TextFormat, raw: string): string | undefined {
  switch (format) {
    case 'email':
      return EMAIL.test(raw) ? raw : undefined;
    case 'uri':
      return URI.test(raw) && canParseUrl(raw) ? raw : undefined;
    case 'date':
      return isDate(raw) ? raw : undefined;
    case 'date-time': {
      const full = DATE_TIME.exec(raw);
      if (full) {
        const [, date, hours, minutes, seconds, offsetHours = '00', offsetMinutes = '00'] = full;
        const valid =
          isDate(date!) && isTime(hours!, minutes!, seconds) && isTime(offsetHours, offsetMinutes);
        return valid ? raw : undefined;
      }
      const local = LOCAL_DATE_TIME.exec(raw);
      if (!local || !isDate(local[1]!) || !isTime(local[2]!, local[3]!, local[4])) return undefined;
      const moment = new Date(raw);
      return Number.isNaN(moment.getTime()) ? undefined : moment.toISOString();
    }
  }
}
