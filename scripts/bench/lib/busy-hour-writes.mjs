// @ts-check
// bench:busy-hour's writes during its first import (scripts/bench/busy-hour.mjs): sign-ups and
// redemptions in turn, each from an address of its own, one every `everyMs`.
import { setTimeout as sleep } from 'node:timers/promises';

import { FormData as VisitorFormData } from 'undici';

import { redemptionForm, signUpBody } from './campaign.mjs';
import { addressOf, clientFrom } from './visitors.mjs';

/** @typedef {Record<'sign-up' | 'redemption', { ms: number, during: boolean }[]>} Writes */

/**
 * `count` sign-ups and `count` redemptions (one for each of `redeemers`, with `pdf`), in turn;
 * each one's time and whether the import still ran (`importing()`) go to `writes`, a failure to
 * `errors`. Resolves when every write has answered.
 * @param {{ url: string, redeemers: { pb: import('pocketbase').default, code: { voucher: string, campaign: string } }[],
 *   pdf: Uint8Array, count: number, everyMs: number, importing: () => boolean }} options
 * @param {Writes} writes
 * @param {string[]} errors
 */
export async function spreadWrites({ url, redeemers, pdf, count, everyMs, importing }, writes, errors) {
  /** @type {Promise<unknown>[]} */
  const sent = [];
  for (let i = 0; i < 2 * count; i += 1) {
    const k = Math.floor(i / 2);
    const kind = i % 2 === 0 ? 'sign-up' : 'redemption';
    const redeemer = redeemers[k];
    const during = importing();
    const started = performance.now();
    const write =
      kind === 'sign-up'
        ? clientFrom(url, addressOf(k, 43))
            .collection('users')
            .create(signUpBody(`stosszeit${k}@bench.test`))
        : redeemer
          ? redeemer.pb
              .collection('submissions')
              .create(redemptionForm(String(redeemer.pb.authStore.record?.id), redeemer.code, pdf, VisitorFormData))
          : null;
    if (!write) continue;
    sent.push(
      write.then(
        () => writes[kind].push({ ms: performance.now() - started, during }),
        (err) => errors.push(`${kind}: ${err?.status ?? ''} ${err?.message ?? err}`),
      ),
    );
    await sleep(everyMs);
  }
  await Promise.all(sent);
}
