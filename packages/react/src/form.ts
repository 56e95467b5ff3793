// @ask-user-kit/react/form: <ResumeForm>, a form generated from a suspended tool's resumeSchema.
// Its own entry (and size budget): an app that shows only ask_user questions carries none of it.
export { ResumeForm, useResumeForm } from './items/ResumeForm.tsx';
export { defaultFormLabels } from './items/labels.ts';
export type { FormLabels } from './items/labels.ts';
