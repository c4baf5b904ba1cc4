import { pb } from '@/lib/pocketbase';

function base64url(value: object) {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** A token PocketBase's SDK reads as valid (or expired) for unit tests; the server never sees it. */
export function fakeToken(secondsLeft = 3600) {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ exp: Math.floor(Date.now() / 1000) + secondsLeft, type: 'auth' })}.signature`;
}

export function signInAs(collectionName: string, record: Record<string, unknown> = {}, secondsLeft = 3600) {
  pb.authStore.save(fakeToken(secondsLeft), {
    id: 'testuser0000001',
    collectionId: collectionName,
    collectionName,
    firstName: 'Karl',
    lastName: 'Schrauber',
    ...record,
  });
}

export function signOut() {
  pb.authStore.clear();
}
