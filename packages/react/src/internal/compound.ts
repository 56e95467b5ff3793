interface Named {
  displayName?: string | undefined;
}

/**
 * A ready component with its parts as properties (`AskUserPrompt.Root`, `ToolApproval.Approve`, …).
 * In development builds the component and each part are named after their keys, as React DevTools
 * and React's warnings show them (a part another compound has named already keeps that name);
 * production builds carry no names.
 */
export function compound<Component extends object, Parts extends Record<string, object>>(
  name: string,
  component: Component,
  parts: Parts,
): Component & Parts {
  if (process.env.NODE_ENV !== 'production') {
    (component as Named).displayName = name;
    for (const [key, part] of Object.entries(parts)) (part as Named).displayName ??= `${name}.${key}`;
  }
  return Object.assign(component, parts);
}
