import { useId } from 'react';

/** Named ids from one base: `{ error: '<base>error', … }`, so that no part spells a suffix of its own. */
export const partIds = <Name extends string>(base: string, names: readonly Name[]) =>
  Object.fromEntries(names.map((name) => [name, base + name])) as Record<Name, string>;

/** `partIds` under one `useId()`: the ids of a root's or an option's parts, the same on every render. */
export const usePartIds = <Name extends string>(names: readonly Name[]) => partIds(useId(), names);
