import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A form resolver that loads zod, its resolver and the form's schema the first time the form
 * is checked, not with the page: the public pages (landing, login, forgotten password) paint
 * and become interactive without zod's 22 kB (issue 21). The messages are the schema's, as
 * with `zodResolver`. A failed load (the network dropped) is tried again at the next check.
 */
export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<ZodType<T, FieldValues>>): Resolver<T> {
  let loaded: Promise<Resolver<T>> | null = null;
  return async (values, context, options) => {
    loaded ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<T>,
      (err: unknown) => {
        loaded = null;
        throw err;
      },
    );
    return (await loaded)(values, context, options);
  };
}
