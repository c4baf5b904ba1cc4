import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { pb } from '@/lib/pocketbase';

import { useLoad } from './use-load';

/** A promise with its resolve at hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Suspends until `gate` resolves: a part of the page whose code is still loading. */
function makeSlowPart(gate: Promise<void>) {
  let ready = false;
  void gate.then(() => {
    ready = true;
  });
  return function SlowPart() {
    if (!ready) throw gate;
    return <p>Teil geladen</p>;
  };
}

function Page({ load, SlowPart }: { load: () => Promise<string>; SlowPart: () => React.ReactNode }) {
  const page = useLoad(load, '');
  const [more, setMore] = useState(false);
  return (
    <div>
      <p>{page.loading ? 'Wird geladen...' : page.failed ? 'Fehler' : `Daten: ${page.data}`}</p>
      <button type="button" onClick={() => setMore(true)}>
        Mehr
      </button>
      {more && <SlowPart />}
    </div>
  );
}

describe('useLoad', () => {
  it('loads once on mount and shows the data', async () => {
    const load = vi.fn(() => Promise.resolve('Profil'));
    render(<Page load={load} SlowPart={() => null} />);
    expect(await screen.findByText('Daten: Profil')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  // A part of the page that suspends outside a transition makes React hide the page behind the
  // boundary's fallback and show it again: the page keeps its request and shows its answer.
  it('sends no second request when the page is hidden by a Suspense fallback and shown again while loading', async () => {
    const answer = deferred<string>();
    const load = vi.fn(() => answer.promise);
    const gate = deferred<void>();
    render(
      <Suspense fallback={<p>Bitte warten</p>}>
        <Page load={load} SlowPart={makeSlowPart(gate.promise)} />
      </Suspense>,
    );
    expect(screen.getByText('Wird geladen...')).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'Mehr' }).click());
    expect(screen.getByText('Bitte warten')).toBeInTheDocument();
    await act(async () => gate.resolve());
    expect(await screen.findByText('Teil geladen')).toBeInTheDocument();
    await act(async () => answer.resolve('Profil'));
    expect(await screen.findByText('Daten: Profil')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('sends one request when the page is mounted twice while it loads, and each shows the answer', async () => {
    const answer = deferred<string>();
    const load = vi.fn(() => answer.promise);
    render(
      <>
        <Page load={load} SlowPart={() => null} />
        <Page load={load} SlowPart={() => null} />
      </>,
    );
    await act(async () => answer.resolve('Profil'));
    expect(await screen.findAllByText('Daten: Profil')).toHaveLength(2);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never shares a request with a mount of another session (a logout and another login in the same tab)', async () => {
    const first = deferred<string>();
    const answers = [first.promise, Promise.resolve('Konto B')];
    const load = vi.fn(() => answers.shift() ?? Promise.resolve('zu oft'));
    pb.authStore.save('token-a', null);
    const a = render(<Page load={load} SlowPart={() => null} />);
    a.unmount();
    pb.authStore.save('token-b', null);
    render(<Page load={load} SlowPart={() => null} />);
    expect(await screen.findByText('Daten: Konto B')).toBeInTheDocument();
    await act(async () => first.resolve('Konto A'));
    expect(screen.queryByText('Daten: Konto A')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads anew on a later mount and on reload, never from an answer already given', async () => {
    const answers = ['eins', 'zwei', 'drei'];
    const load = vi.fn(() => Promise.resolve(answers.shift() ?? 'zu oft'));
    function Reloading() {
      const page = useLoad(load, '');
      return (
        <button type="button" onClick={() => void page.reload()}>
          {`Daten: ${page.data}`}
        </button>
      );
    }
    const first = render(<Reloading />);
    expect(await screen.findByText('Daten: eins')).toBeInTheDocument();
    first.unmount();
    render(<Reloading />);
    expect(await screen.findByText('Daten: zwei')).toBeInTheDocument();
    await act(async () => screen.getByRole('button').click());
    expect(await screen.findByText('Daten: drei')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('flags a failed load and logs it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    render(<Page load={load} SlowPart={() => null} />);
    expect(await screen.findByText('Fehler')).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
