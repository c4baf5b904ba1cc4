import { Alert } from '@/components/ui/alert';
import { VerificationNotice } from '@/components/verification-notice';
import { MESSAGES as RULE_MESSAGES } from '@/rules';

import { type RedeemContext } from '../api/model';
import { CASHBACK_MESSAGES } from '../schemas/cashback';

/**
 * What stands between the workshop and a redemption, said before anything is typed: an
 * unconfirmed address, a blocked account (and whom to ask), no open code.
 */
export function RedeemNotices({ context, contactEmail }: { context: RedeemContext | null; contactEmail: string }) {
  const unverified = context !== null && !context.verified;
  const blocked = context !== null && context.blocked;
  return (
    <>
      {unverified && (
        <div className="mt-6">
          <VerificationNotice email={context.email}>{RULE_MESSAGES.unverified}</VerificationNotice>
        </div>
      )}
      {blocked && (
        <Alert tone="error" className="mt-6">
          {RULE_MESSAGES.blocked(contactEmail)}
        </Alert>
      )}
      {context && !blocked && context.verified && context.openCodes.length === 0 && (
        <Alert tone="info" className="mt-6">
          {CASHBACK_MESSAGES.noOpenCode}
        </Alert>
      )}
    </>
  );
}
