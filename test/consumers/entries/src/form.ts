// @ask-user-kit/react/form: a resume form's parts.
import { ResumeForm, useResumeForm, type FormLabels } from '@ask-user-kit/react/form';

export const entry = { ResumeForm, useResumeForm };
export type Entry = FormLabels;
