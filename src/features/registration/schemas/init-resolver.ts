import { lazyZodResolver } from '@/lib/lazy-resolver';

import type { InitValues } from './init';

/** The landing page's init form checks with zod and its schema, loaded at the first check. */
export const lazyInitResolver = lazyZodResolver<InitValues>(() => import('./init').then((m) => m.initSchema));
