// Approvals whose arguments the user may correct before approving (the server's `editableTool`):
// the form of the tool's input schema, prefilled with the call's arguments, and the edit checked.
// A kind of its own, apart from `approvals`, so that an app that never edits carries none of it.
import { parseFormSchema, type FormSchema } from './formSchema.ts';
import { approvals } from './itemKinds.ts';
import type { ApprovalItem } from './itemTypes.ts';
import { isObject } from './schemaKeywords.ts';
import type { ItemCheck, ItemKind } from './types.ts';
import { validateForm, type FormData, type FormDraft } from './validateForm.ts';

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
  if (!isObject(json) || !isObject(json.properties)) return json;
  const properties = Object.entries(json.properties).map(([name, property]) => {
    if (!Object.hasOwn(args, name) || !isObject(property)) return [name, property];
    const value = args[name];
    return [name, isObject(value) ? withArgsAsDefaults(property, value) : { ...property, default: value }];
  });
  return { ...json, properties: Object.fromEntries(properties) };
}

/**
 * The form that edits a call's arguments: its tool's input schema (a JSON Schema object or its
 * text), each field starting at the call's value. `undefined` when the schema makes no form.
 */
function editFormOf(inputSchema: unknown, args: Record<string, unknown> | undefined): FormSchema | undefined {
  const parsed = parseFormSchema(withArgsAsDefaults(inputSchema, args ?? {}));
  return parsed.ok ? parsed.form : undefined;
}

const same = (left: unknown, right: unknown) => JSON.stringify(left) === JSON.stringify(right);

/**
 * The approval `editedArgs` (a draft of `editForm`, the item's edit form) make: refused when the
 * form refuses it; the arguments the form does not show stay as the model gave them; a plain
 * approval when nothing changed.
 */
function checkEdits(item: ApprovalItem, editForm: FormSchema, editedArgs: FormDraft): ItemCheck {
  const check = validateForm(editForm, editedArgs);
  if (!check.ok) {
    const [first] = check.errors;
    return { ok: false, message: `${first!.path}: ${first!.message}` };
  }
  const shown = new Set(editForm.fields.map((field) => field.name));
  const kept = Object.entries(item.args ?? {}).filter(([name]) => !shown.has(name));
  const args = { ...Object.fromEntries(kept), ...check.value } as FormData;
  const changed = [...new Set([...Object.keys(item.args ?? {}), ...Object.keys(args)])].some(
    (name) => !same(item.args?.[name], args[name]),
  );
  return { ok: true, value: changed ? { type: 'approve', editedArgs: args } : { type: 'approve' } };
}

/**
 * Tool approvals whose arguments the user may edit before approving, for the tools given by name
 * with the JSON Schema of their input (tools the server made editable with `editableTool` of
 * `@ask-user-kit/server`). Otherwise the `approvals` kind: use one or the other. Such a tool's
 * approval gets an `editForm`, each field starting at the call's value, and is answered with
 * `store.submit(key, { type: 'approve', editedArgs })` too, checked by that form before anything is
 * sent (edits that change nothing approve plainly).
 * @example
 * const items = [editableApprovals({ book_trip: z.toJSONSchema(bookTrip.inputSchema) }), forms];
 */
export function editableApprovals(inputSchemas: Record<string, unknown>): ItemKind {
  return {
    ...approvals,
    parse(call, key) {
      const item = approvals.parse(call, key);
      if (item?.kind !== 'approval' || !Object.hasOwn(inputSchemas, call.toolName)) return item;
      const editForm = editFormOf(inputSchemas[call.toolName], item.args);
      return editForm ? { ...item, editForm } : item;
    },
    validate(item, draft) {
      const { type, editedArgs } = Object(draft) as { type?: unknown; editedArgs?: unknown };
      if (type !== 'approve' || editedArgs === undefined || item.kind !== 'approval' || !item.editForm)
        return approvals.validate(item, draft);
      return checkEdits(item, item.editForm, Object(editedArgs) as FormDraft);
    },
  };
}
