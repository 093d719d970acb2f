import type { PageIntroContent } from '../content-types';

export const contactIntro: PageIntroContent = {
  eyebrow: 'Contact Khata',
  title: 'Contact us',
  lead: 'Questions about a payment, your account or becoming a retailer? Call or WhatsApp our support team, write to us, or leave your number and we will call you back.',
};

export const signedInHelp =
  'Already have an account? Raise a ticket from your dashboard with the transaction reference; it reaches the right team with your payment details attached, and you can follow the reply there.';

export const safetyNote =
  'Khata staff will never ask for your PIN, password or an OTP, on a call, on WhatsApp or by email. If someone does, do not share it and report the number to us.';
