import { SessionError, withSession } from '@/lib/auth';
import { pb } from '@/lib/pocketbase';
import { PAGE_TOKEN_HEADER } from '@/rules';

import { type ConnectionRow, PROFILE_MESSAGES, type ProfilePageData, toCentreLink } from './model';

type Answer = Omit<ProfilePageData, 'profile'> & {
  profile: Omit<ProfilePageData['profile'], 'connections'> & { connections: ConnectionRow[] };
};

/**
 * The whole profile page in one request (profile with its centres, totals, the newest 100
 * codes, returned payouts). The token goes in PAGE_TOKEN_HEADER, and `Authorization` is sent
 * empty so that the SDK does not add it: PocketBase would read the whole user record before the
 * route (decision 047). A failure carries the voucher helper's message (SPEC section 6),
 * which the caller logs; the page shows each section's own message.
 */
export async function loadProfilePage(): Promise<ProfilePageData> {
  try {
    const answer = await withSession(() =>
      pb.send<Answer>('/api/portal/profile-page', {
        requestKey: null,
        headers: { Authorization: '', [PAGE_TOKEN_HEADER]: pb.authStore.token },
      }),
    );
    return { ...answer, profile: { ...answer.profile, connections: answer.profile.connections.map(toCentreLink) } };
  } catch (err) {
    if (err instanceof SessionError) throw err;
    throw new Error(PROFILE_MESSAGES.vouchersHelperFailed, { cause: err });
  }
}
