'use client';
import { compound } from '../internal/compound.ts';
import {
  Answer,
  Description,
  ErrorMessage,
  Field,
  Fields,
  Retry,
  Root,
  Status,
  Submit,
  TimeLeft,
  Title,
  type ResumeFormRootProps,
} from './formParts.tsx';
import { Cancel, Decline, Link, Requester } from './elicitationParts.tsx';
import { itemComponent } from './itemParts.tsx';
import { useFormContext, type ResumeFormContextValue } from './formContext.ts';

export type { ResumeFormContextValue } from './formContext.ts';
export type {
  ResumeFormButtonProps,
  ResumeFormFieldProps,
  ResumeFormRootProps,
  ResumeFormStatusProps,
  ResumeFormTextProps,
} from './formParts.tsx';
export type { ResumeFormLinkProps } from './elicitationParts.tsx';

export type ResumeFormProps = ResumeFormRootProps;

/** The state of the enclosing form, for parts of your own. */
export function useResumeForm(): ResumeFormContextValue {
  return useFormContext('useResumeForm()');
}

/** Every part: each renders nothing in the states it does not apply to. */
function DefaultLayout() {
  return (
    <>
      <Title />
      <Requester />
      <Description />
      <Answer />
      <Fields />
      <Link />
      <ErrorMessage />
      <TimeLeft />
      <Submit />
      <Decline />
      <Cancel />
      <Retry />
      <Status />
    </>
  );
}

/**
 * A form generated from a suspended tool's `resumeSchema` (see `FormSchema` for the JSON
 * Schema keywords it supports): each field with its label, description and error next to it,
 * validated in the browser before anything is sent (invalid data makes no request). The states
 * of `<AskUserPrompt>`: ready, submitting, failed (with Retry), answered, answered elsewhere,
 * expired, and malformed (its reason folded under "Details"). A field it cannot render says so instead of guessing.
 * It also answers an MCP server's request (an `elicitation` item): who asks (`.Requester`), the
 * form of form mode, or in URL mode the link the user may follow (`.Link`, never opened by
 * itself), with `.Decline` and `.Cancel` beside.
 * Give it children (its parts) for a layout of your own.
 * @example
 * const run = useAgentRun({ agentId: 'concierge', baseUrl: '', items: [approvals, forms] });
 * run.openItems.map((item) => item.kind === 'form' && <ResumeForm key={item.key} run={run} item={item} />)
 * @example
 * <ResumeForm.Root run={run} item={item}>
 *   <ResumeForm.Title />
 *   <ResumeForm.Field name="amount" />
 *   <ResumeForm.Field name="currency" />
 *   <ResumeForm.Submit>Confirm</ResumeForm.Submit>
 *   <ResumeForm.Retry />
 *   <ResumeForm.Error />
 *   <ResumeForm.Answer />
 *   <ResumeForm.Status />
 * </ResumeForm.Root>
 */
export const ResumeForm = compound('ResumeForm', itemComponent(Root, DefaultLayout), {
  Root,
  Title,
  Description,
  Fields,
  Field,
  Submit,
  Requester,
  Link,
  Decline,
  Cancel,
  Retry,
  Error: ErrorMessage,
  Answer,
  Status,
  TimeLeft,
});
