// `@ask-user-kit/core/items`: approvals and forms (other tools' suspensions) beside `ask_user`
// prompts. Kept apart from the main entry so an app that shows only prompts carries none of it.
export { approvals, forms } from './itemKinds.ts';
export type { FormsKind } from './itemKinds.ts';
export { parseFormSchema } from './formSchema.ts';
export type {
  BooleanField,
  EnumField,
  FormField,
  FormSchema,
  FormSchemaParse,
  MultiEnumField,
  NumberField,
  ObjectField,
  StringField,
  UnsupportedField,
} from './formSchema.ts';
export { formMessages, initialFormDraft, validateForm } from './validateForm.ts';
export type {
  FieldError,
  FormCheck,
  FormData,
  FormDraft,
  FormDraftValue,
  FormValue,
} from './validateForm.ts';
