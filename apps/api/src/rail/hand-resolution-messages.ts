/**
 * An admin resolving a payout or a DMT transfer by hand. `noun` is the product's
 * (`payout`, `DMT transfer`), `sentTo` where it went (`the bank`, `the provider`).
 */
export const HandResolutionMessages = {
  utrRequired: (noun: string) => `A processed ${noun} needs the bank’s UTR.`,
  notProcessing: (noun: string, status: string) =>
    `Only a ${noun} being processed can be resolved by hand; this one is ${status}.`,
  sendInFlight: (noun: string, sentTo: string) =>
    `The ${noun} was sent to ${sentTo} less than 10 minutes ago. Check its status again later.`,
  changed: (noun: string) =>
    `The ${noun} changed while it was being resolved. Please check its status again.`,
} as const;
