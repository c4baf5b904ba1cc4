import { useMemo } from 'react';

import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { VerificationNotice } from '@/components/verification-notice';
import { useLoad } from '@/hooks/use-load';

import { loadProfilePage } from '../api/load-profile-page';
import { PROFILE_MESSAGES, redeemDeadline, type Profile, type ProfilePageData } from '../api/model';
import { RedeemPanel, StatsPanel, VoucherTable } from './overview-panels';
import { ProfileForm } from './profile-form';
import { AccountPanel } from './account-panel';
import { MyDataPanel } from './my-data-panel';
import { ReturnedPayoutsPanel } from './returned-payouts-panel';
import { SubmissionsPanel } from './submissions-panel';

/** The same profile object while its content is unchanged, so a reload of the page does not reset the form. */
function useSameProfile(next: Profile | null): Profile | null {
  const content = next ? JSON.stringify(next) : '';
  return useMemo(() => (content ? (JSON.parse(content) as Profile) : null), [content]);
}

export function ProfilePage() {
  // One request for the whole page (decision record 019).
  const page = useLoad<ProfilePageData | null>(loadProfilePage, null);
  const profile = useSameProfile(page.data?.profile ?? null);
  const reloadProfile = async () => (await page.reload())?.profile ?? null;
  const failed = page.failed && !page.data;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Ihr Profil</h1>
        <p className="mt-2 text-slate-700">
          Hier sehen Sie Ihren Umsatz, Ihr Cashback und Ihre Cashback-Codes. Die Umsatzdaten werden wöchentlich aktualisiert.
        </p>
      </div>
      {profile && !profile.verified && <VerificationNotice email={profile.email} />}
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <StatsPanel stats={page.data?.stats ?? null} perCampaign={page.data?.campaignStats} loading={page.loading} failed={failed} />
        <RedeemPanel
          openCodes={page.data ? page.data.vouchers.filter((v) => v.redeemable).length : null}
          deadline={page.data ? redeemDeadline(page.data.vouchers, page.data.campaignNow) : null}
        />
      </div>
      <ReturnedPayoutsPanel returned={page.data?.returned ?? []} failed={failed} onSaved={page.reload} />
      <VoucherTable vouchers={page.data?.vouchers ?? []} loading={page.loading} failed={failed} />
      <SubmissionsPanel submissions={page.data?.submissions ?? []} loading={page.loading} failed={failed} />
      {page.loading && <Spinner label="Wird geladen..." />}
      {failed && <Alert tone="error">{PROFILE_MESSAGES.loadFailed}</Alert>}
      {profile && <ProfileForm profile={profile} onSaved={reloadProfile} />}
      {profile && <AccountPanel email={profile.email} />}
      {profile && <MyDataPanel />}
    </div>
  );
}
