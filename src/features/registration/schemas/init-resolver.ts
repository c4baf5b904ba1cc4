import type { Resolver } from 'react-hook-form';

import type { InitValues } from './init';

let loaded: Promise<Resolver<InitValues>> | null = null;

/**
 * The init form's resolver, which loads zod and the schema the first time the form is
 * checked: the landing page, where the form sits, paints and becomes interactive without
 * them (issue 21). The messages are the schema's, as before.
 */
export const lazyInitResolver: Resolver<InitValues> = async (values, context, options) => {
  // A failed load (the network dropped) is tried again at the next check.
  loaded ??= Promise.all([import('@hookform/resolvers/zod'), import('./init')]).then(
    ([{ zodResolver }, { initSchema }]) => zodResolver(initSchema),
    (err: unknown) => {
      loaded = null;
      throw err;
    },
  );
  return (await loaded)(values, context, options);
};
