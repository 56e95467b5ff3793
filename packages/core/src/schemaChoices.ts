import { enumOptions, isObject, own, unknownKeyword, type Json } from './schemaKeywords.ts';

// The options of a choice field, as JSON Schema and MCP's restricted schema give them: `enum`
// (with the legacy `enumNames`), titled constants (`oneOf` for one choice, `items.anyOf` for several).

const LIST_OF_TEXT = 'a list is supported only as a list of text choices (items with an enum of text)';

/** The text choices of a list's `items` schema (`enum`, or `anyOf` titled constants), or why it is not a list of text choices. */
export function listOptions(items: unknown): Choices<string> | string {
  if (!isObject(items) || unknownKeyword(items, new Set(['type', 'enum', 'anyOf']))) return LIST_OF_TEXT;
  const titled = own(items, 'anyOf');
  const values = own(items, 'enum');
  if (titled !== undefined) {
    if (values !== undefined || (own(items, 'type') ?? 'string') !== 'string') return LIST_OF_TEXT;
    const choices = titledChoices(titled);
    return typeof choices === 'string' ? `its items: ${choices}` : choices;
  }
  if (!Array.isArray(values)) return LIST_OF_TEXT;
  const options = enumOptions(values, own(items, 'type'));
  if (typeof options === 'string') return `its items: ${options}`;
  if (!options.every((option) => typeof option === 'string')) return LIST_OF_TEXT;
  return { options: options as string[] };
}

/** A choice field's options and, when the schema titles them, what to show for each. */
export interface Choices<T> {
  options: T[];
  optionLabels?: string[];
}

const TITLED = 'each of its choices must be { "const": text, "title"?: text }';

/** The options of `oneOf`/`anyOf: [{ const, title }]` (MCP's titled choices), or why not. */
function titledChoices(list: unknown): Choices<string> | string {
  if (!Array.isArray(list) || list.length === 0) return 'its choices are not a list of constants';
  const options: string[] = [];
  const optionLabels: string[] = [];
  for (const choice of list) {
    if (!isObject(choice) || unknownKeyword(choice, new Set(['const', 'title', 'description'])))
      return TITLED;
    const value = own(choice, 'const');
    const title = own(choice, 'title') ?? value;
    if (typeof value !== 'string' || typeof title !== 'string') return TITLED;
    options.push(value);
    optionLabels.push(title);
  }
  // oneOf refuses a value two choices match; anyOf would take it, but one checkbox is enough.
  if (new Set(options).size < options.length) return 'its choices offer the same constant twice';
  return { options, optionLabels };
}

/** The options of a single choice: `enum` (with the legacy `enumNames`) or titled `oneOf`. */
export function singleChoices(schema: Json): Choices<string | number> | string {
  const values = own(schema, 'enum');
  const titled = own(schema, 'oneOf');
  if (titled !== undefined) {
    if (values !== undefined) return 'it has both enum and oneOf';
    if ((own(schema, 'type') ?? 'string') !== 'string') return 'its oneOf choices must be text';
    return titledChoices(titled);
  }
  if (!Array.isArray(values)) return 'its enum is not a list';
  const options = enumOptions(values, own(schema, 'type'));
  if (typeof options === 'string') return options;
  const names = own(schema, 'enumNames');
  if (names === undefined) return { options };
  const sameLength =
    Array.isArray(names) && names.length === values.length && options.length === values.length;
  if (!sameLength || !names.every((name) => typeof name === 'string'))
    return 'its enumNames do not name each enum value';
  return { options, optionLabels: names as string[] };
}
