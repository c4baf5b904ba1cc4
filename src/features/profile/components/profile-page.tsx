import { useCallback, useEffect, useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';

import { loadStats, loadVouchers, type Stats, type Voucher } from '../api/overview';
import { loadProfile, PROFILE_MESSAGES, type Profile } from '../api/profile';
import { RedeemPanel, StatsPanel, VoucherTable } from './overview-panels';
import { ProfileForm } from './profile-form';

interface Loadable<T> {
  data: T;
  loading: boolean;
  failed: boolean;
}

function useLoad<T>(load: () => Promise<T>, initial: T) {
  const [state, setState] = useState<Loadable<T>>({ data: initial, loading: true, failed: false });
  useEffect(() => {
    let live = true;
    load()
      .then((data) => live && setState({ data, loading: false, failed: false }))
      .catch((err: unknown) => {
        console.error(err);
        if (live) setState({ data: initial, loading: false, failed: true });
      });
    return () => {
      live = false;
    };
    // load and initial are module-level constants of the callers
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return state;
}

export function ProfilePage() {
  const stats = useLoad<Stats | null>(loadStats, null);
  const vouchers = useLoad<Voucher[]>(loadVouchers, []);
  const [profile, setProfile] = useState<Loadable<Profile | null>>({ data: null, loading: true, failed: false });

  const reload = useCallback(async () => {
    try {
      const data = await loadProfile();
      setProfile({ data, loading: false, failed: false });
      return data;
    } catch (err) {
      console.error(err);
      setProfile((p) => ({ ...p, loading: false, failed: true }));
      return null;
    }
  }, []);

  useEffect(() => {
    let live = true;
    loadProfile()
      .then((data) => live && setProfile({ data, loading: false, failed: false }))
      .catch((err: unknown) => {
        console.error(err);
        if (live) setProfile({ data: null, loading: false, failed: true });
      });
    return () => {
      live = false;
    };
  }, []);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Ihr Profil</h1>
        <p className="mt-2 text-slate-700">
          Hier sehen Sie Ihren Umsatz, Ihr Cashback und Ihre Cashback-Codes. Die Umsatzdaten werden wöchentlich aktualisiert.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <StatsPanel stats={stats.data} loading={stats.loading} failed={stats.failed} />
        <RedeemPanel />
      </div>
      <VoucherTable vouchers={vouchers.data} loading={vouchers.loading} failed={vouchers.failed} />
      {profile.loading && <Spinner label="Wird geladen..." />}
      {profile.failed && !profile.data && <Alert tone="error">{PROFILE_MESSAGES.loadFailed}</Alert>}
      {profile.data && <ProfileForm profile={profile.data} onSaved={reload} />}
    </div>
  );
}
