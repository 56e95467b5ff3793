import { useId, useMemo } from 'react';

/** Named ids from one base: `{ error: '<base>error', … }`, so that no part spells a suffix of its own. */
export const partIds = <Name extends string>(base: string, names: readonly Name[]) =>
  Object.fromEntries(names.map((name) => [name, base + name])) as Record<Name, string>;

/** `partIds` under one `useId()`: the ids of a root's or an option's parts, stable across renders. */
export function usePartIds<Name extends string>(names: readonly Name[]): Record<Name, string> {
  const base = useId();
  // The names are a constant of the caller: only the base can change.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  return useMemo(() => partIds(base, names), [base]);
}
