// The portal's words where PocketBase's own answers carry no meaning for a workshop (issue 58). A
// module without imports: the login on the entry path reads the rate limiter's message from here.

/** What the portal says where PocketBase's words would carry no meaning for a workshop. */
export const ANSWER_MESSAGES = {
  /** A field PocketBase refused for a reason the portal's own checks did not name. */
  inputInvalid: 'Bitte prüfen Sie diese Eingabe.',
  /** The rate limiter's 429 (PocketBase's 'Too Many Requests.'). */
  tooManyRequests: 'Zu viele Anfragen. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.',
  /** Any other refusal whose words were PocketBase's. */
  failed: 'Das hat nicht geklappt. Bitte versuchen Sie es später erneut.',
} as const;
