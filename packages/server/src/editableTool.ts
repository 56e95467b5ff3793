import { createTool, type Tool } from '@mastra/core/tools';
import { isRecord } from './readAnswerIds.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any tool, whatever its schemas
type AnyTool = Tool<any, any, any, any, any, any, any>;

/** Marks the tools `editableTool` made, for `answerGuard` to find (across copies of this package). */
const EDITABLE = Symbol.for('ask-user-kit.editable');

/** One argument the user changed before approving: what the model gave, and what the tool ran with. */
export interface ArgumentEdit {
  from: unknown;
  to: unknown;
}

/**
 * What the model reads when the user changed the arguments: the tool's result with `edits`, each
 * argument changed; a result that is not an object comes as `{ result, edits }`.
 */
function withEdits(result: unknown, edits: Record<string, ArgumentEdit>) {
  return isRecord(result) ? { ...result, edits } : { result, edits };
}

/** The part of a tool's execution context this reads. */
type ApprovedContext = { agent?: { resumeData?: unknown } };

/** The user's edited arguments in a resume's data (`{ approved: true, editedArgs }`), if any. */
export function editedArgsOf(resumeData: unknown): Record<string, unknown> | undefined {
  if (!isRecord(resumeData) || resumeData.approved !== true) return undefined;
  return isRecord(resumeData.editedArgs) ? resumeData.editedArgs : undefined;
}

/** Whether `tool` was made by `editableTool`. */
export const isEditable = (tool: unknown): boolean =>
  isRecord(tool) && (tool as { [EDITABLE]?: unknown })[EDITABLE] === true;

const same = (left: unknown, right: unknown) => JSON.stringify(left) === JSON.stringify(right);

/** The arguments whose value differs between the model's call and the user's edit. */
export function argumentEdits(
  original: Record<string, unknown>,
  edited: Record<string, unknown>,
): Record<string, ArgumentEdit> {
  const edits: Record<string, ArgumentEdit> = {};
  for (const name of new Set([...Object.keys(original), ...Object.keys(edited)])) {
    if (!same(original[name], edited[name])) edits[name] = { from: original[name], to: edited[name] };
  }
  return edits;
}

/**
 * The same tool (one with `requireApproval`), whose arguments the user may correct before approving:
 * an approval whose resume data is `{ approved: true, editedArgs }` (what `<ToolApproval>` sends for a
 * tool the `approvals` kind knows the input schema of) runs the tool with `editedArgs`, validated by
 * the tool's input schema, and the model reads the tool's result with `edits: { name: { from, to } }`,
 * each argument the user changed (a result that is no object comes as `{ result, edits }`). A
 * plain approval runs it as before. Behind
 * `answerGuard`, edits that fail the input schema are refused with HTTP 400 before the approval is
 * taken, so the user can correct them and approve again; edits of a tool not made editable are refused too.
 * @example
 * const agent = new Agent({ tools: { transfer: editableTool(transferTool) }, … });
 */
export function editableTool<T extends AnyTool>(tool: T): T {
  const execute = tool.execute;
  if (!execute) throw new TypeError(`editableTool: tool "${tool.id}" has no execute.`);
  if (!tool.requireApproval)
    throw new TypeError(
      `editableTool: tool "${tool.id}" needs requireApproval: its arguments are edited when approved.`,
    );
  const editable = createTool({
    ...tool,
    // The tool's own execute checks its output: the result the model reads here wraps it.
    outputSchema: undefined,
    execute: async (input: Record<string, unknown>, context: ApprovedContext) => {
      const edited = editedArgsOf(context?.agent?.resumeData);
      if (!edited) return execute(input, context as never);
      // Without resume data the tool's own execute validates the edited arguments, as it does the model's.
      const agent = { ...context.agent, resumeData: undefined };
      const result: unknown = await execute(edited, { ...context, agent } as never);
      if (isRecord(result) && result.error === true) return result;
      return withEdits(result, argumentEdits(input, edited));
    },
  } as never) as T;
  Object.defineProperty(editable, EDITABLE, { value: true });
  return editable;
}
