import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { VerificationNotice } from '@/components/verification-notice';
import { useLoad } from '@/hooks/use-load';

import { loadStats, loadVouchers, type Stats, type Voucher } from '../api/overview';
import { loadProfile, PROFILE_MESSAGES, type Profile } from '../api/profile';
import { RedeemPanel, StatsPanel, VoucherTable } from './overview-panels';
import { ReturnedPayoutsPanel } from './returned-payouts-panel';
import { ProfileForm } from './profile-form';

export function ProfilePage() {
  const stats = useLoad<Stats | null>(loadStats, null);
  const vouchers = useLoad<Voucher[]>(loadVouchers, []);
  const profile = useLoad<Profile | null>(loadProfile, null);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Ihr Profil</h1>
        <p className="mt-2 text-slate-700">
          Hier sehen Sie Ihren Umsatz, Ihr Cashback und Ihre Cashback-Codes. Die Umsatzdaten werden wöchentlich aktualisiert.
        </p>
      </div>
      {profile.data && !profile.data.verified && <VerificationNotice email={profile.data.email} />}
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <StatsPanel stats={stats.data} loading={stats.loading} failed={stats.failed} />
        <RedeemPanel openCodes={vouchers.loading || vouchers.failed ? null : vouchers.data.filter((v) => v.status === 'open').length} />
      </div>
      <ReturnedPayoutsPanel />
      <VoucherTable vouchers={vouchers.data} loading={vouchers.loading} failed={vouchers.failed} />
      {profile.loading && <Spinner label="Wird geladen..." />}
      {profile.failed && !profile.data && <Alert tone="error">{PROFILE_MESSAGES.loadFailed}</Alert>}
      {profile.data && <ProfileForm profile={profile.data} onSaved={profile.reload} />}
    </div>
  );
}
