// Approvals whose arguments the user may correct before approving (the server's `editableTool`):
// the form of the tool's input schema, prefilled with the call's arguments, and the edit checked.
import { parseFormSchema, type FormSchema } from './formSchema.ts';
import type { ApprovalItem } from './itemTypes.ts';
import type { ItemCheck } from './types.ts';
import { validateForm, type FormData, type FormDraft } from './validateForm.ts';

const NOT_EDITABLE = "This tool's arguments cannot be edited: give the approvals kind its input schema.";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function jsonOf(schema: unknown): unknown {
  if (typeof schema !== 'string') return schema;
  try {
    return JSON.parse(schema);
  } catch {
    return undefined;
  }
}

/** The schema with each argument's value as its property's `default` (a group's, inside it). */
function withArgsAsDefaults(schema: unknown, args: Record<string, unknown>): unknown {
  const json = jsonOf(schema);
  if (!isRecord(json) || !isRecord(json.properties)) return json;
  const properties = Object.entries(json.properties).map(([name, property]) => {
    if (!Object.hasOwn(args, name) || !isRecord(property)) return [name, property];
    const value = args[name];
    return [name, isRecord(value) ? withArgsAsDefaults(property, value) : { ...property, default: value }];
  });
  return { ...json, properties: Object.fromEntries(properties) };
}

/**
 * The form that edits a call's arguments: its tool's input schema (a JSON Schema object or its
 * text), each field starting at the call's value. `undefined` when the schema makes no form.
 */
export function editFormOf(
  inputSchema: unknown,
  args: Record<string, unknown> | undefined,
): FormSchema | undefined {
  const parsed = parseFormSchema(withArgsAsDefaults(inputSchema, args ?? {}));
  return parsed.ok ? parsed.form : undefined;
}

const same = (left: unknown, right: unknown) => JSON.stringify(left) === JSON.stringify(right);

/**
 * The approval `editedArgs` (a draft of the item's edit form) make: refused when the form refuses
 * it; the arguments the form does not show stay as the model gave them; a plain approval when
 * nothing changed.
 */
export function checkEdits(item: ApprovalItem, editedArgs: FormDraft): ItemCheck {
  if (!item.editForm) return { ok: false, message: NOT_EDITABLE };
  const check = validateForm(item.editForm, editedArgs);
  if (!check.ok) {
    const [first] = check.errors;
    return { ok: false, message: `${first!.path}: ${first!.message}` };
  }
  const shown = new Set(item.editForm.fields.map((field) => field.name));
  const kept = Object.entries(item.args ?? {}).filter(([name]) => !shown.has(name));
  const args = { ...Object.fromEntries(kept), ...check.value } as FormData;
  const changed = [...new Set([...Object.keys(item.args ?? {}), ...Object.keys(args)])].some(
    (name) => !same(item.args?.[name], args[name]),
  );
  return { ok: true, value: changed ? { type: 'approve', editedArgs: args } : { type: 'approve' } };
}
