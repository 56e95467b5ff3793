// `@ask-user-kit/core/items`: approvals and forms (other tools' suspensions) beside `ask_user`
// prompts. Kept apart from the main entry so an app that shows only prompts carries none of it.
export { approvals, forms } from './itemKinds.ts';
export { editableApprovals } from './editableApprovals.ts';
export { elicitations } from './elicitations.ts';
export type { FormField } from './formSchema.ts';
export type { FormData } from './validateForm.ts';
