// Signed workflow steps: a suspended step is signed as a suspension whose call is the step's path
// (`outer.inner` for a nested workflow's step) and whose tool is the run's own step (`outer`).
import { shownOfStep } from './findSuspension.ts';
import { isRecord } from './readAnswerIds.ts';
import { signatureOf, signValue } from './signing.ts';

/** The signature of a step `stepPath` of run `runId` that suspended with `suspendPayload`. */
export function stepSignature(
  secret: string,
  runId: string,
  stepPath: string,
  suspendPayload: unknown,
): string {
  const toolName = stepPath.split('.')[0]!;
  return signatureOf(secret, {
    runId,
    toolCallId: stepPath,
    toolName,
    approval: false,
    shown: shownOfStep(suspendPayload),
  });
}

/**
 * Adds `signature` to each suspended step in one value a workflow route sends, in place: the
 * stream's `workflow-step-suspended` records (to their `payload`), the run read's `steps`, and the
 * runs list's `runs[].snapshot.context` (to the step).
 */
export function signWorkflowValue(secret: string, value: unknown): void {
  if (!isRecord(value)) return;
  if (value.type === 'workflow-step-suspended') {
    const { payload, runId } = value;
    if (!isRecord(payload) || typeof payload.id !== 'string' || typeof runId !== 'string') return;
    payload.signature = stepSignature(secret, runId, payload.id, payload.suspendPayload);
    return;
  }
  if (Array.isArray(value.runs)) {
    for (const run of value.runs)
      if (isRecord(run) && isRecord(run.snapshot)) signSteps(secret, run.runId, run.snapshot.context);
    return;
  }
  signSteps(secret, value.runId, value.steps);
}

function signSteps(secret: string, runId: unknown, steps: unknown): void {
  if (typeof runId !== 'string' || !isRecord(steps)) return;
  for (const [stepPath, step] of Object.entries(steps)) {
    if (!isRecord(step) || step.status !== 'suspended') continue;
    step.signature = stepSignature(secret, runId, stepPath, step.suspendPayload);
  }
}

/** What signs one value a route sends: an agent, chat or AG-UI route's, or a workflow route's. */
export function signerFor(route: 'agent' | 'workflow', secret: string): (value: unknown) => void {
  if (route === 'workflow') return (value) => signWorkflowValue(secret, value);
  return (value) => signValue(secret, value);
}
