import { withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';

/**
 * How many administrators there are besides the signed-in one: with none, the release of one's
 * own batch or import needs the explicit 'einziger Administrator' confirmation; with some, another
 * administrator must release it (four eyes).
 */
export const countOtherAdministrators = () =>
  withSession(async () => (await pb.send<{ count: number }>('/api/portal/administrators/others', { requestKey: null })).count);
