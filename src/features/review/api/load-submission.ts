import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

import type { ReviewItem } from './model';

/** One submission with everything a review needs (the invoice check by id). */
export const loadSubmission = (id: string) =>
  withSession(() => pb.send<ReviewItem>(`/api/portal/review/${encodeURIComponent(id.trim())}`, { requestKey: null }));
