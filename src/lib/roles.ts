// Roles come from the collection of the signed-in record (SPEC section 6).
export const ROLES = ['User', 'Administrator', 'Auditor'] as const;
export type Role = (typeof ROLES)[number];

const ROLE_BY_COLLECTION: Record<string, Role> = {
  users: 'User',
  administrators: 'Administrator',
  auditors: 'Auditor',
};

export function roleFromCollection(collectionName: string | undefined | null): Role | null {
  if (!collectionName) return null;
  return ROLE_BY_COLLECTION[collectionName] ?? null;
}

export interface NamedRecord {
  email?: string;
  firstName?: string;
  lastName?: string;
  screenName?: string;
}

/** screenName, else first initial + dot + last name (SPEC section 3), else the e-mail. */
export function displayName(record: NamedRecord | null | undefined): string {
  if (!record) return '';
  if (record.screenName) return record.screenName;
  if (record.firstName && record.lastName) return `${record.firstName.charAt(0)}. ${record.lastName}`;
  if (record.lastName) return record.lastName;
  return record.email ?? '';
}
