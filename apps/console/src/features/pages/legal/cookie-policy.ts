import { TERMS_FLAG_DAYS } from '@khata/domain';
import type { LegalDocumentContent } from './legal-document';

const termsFlagLifetime = `${TERMS_FLAG_DAYS} day${TERMS_FLAG_DAYS === 1 ? '' : 's'}`;

export const cookiePolicy: LegalDocumentContent = {
  intro: {
    eyebrow: 'Legal',
    title: 'Cookie policy',
    lead: 'Khata uses a few cookies and a little browser storage, all of them needed for the portal to work. We use no advertising or tracking cookies.',
  },
  lastUpdated: '2026-11-01',
  sections: [
    {
      id: 'what-are-cookies',
      heading: 'What cookies are',
      paragraphs: [
        'A cookie is a small piece of text that a website asks your browser to keep and send back on later visits. Browser storage works the same way but stays on your device and is never sent to our servers by itself.',
      ],
    },
    {
      id: 'where-set',
      heading: 'Where our cookies are set',
      paragraphs: [
        'Khata is served on a shared parent domain, so that every part of the portal sees the same sign-in. Our cookies are therefore set on that parent domain, except on localhost, where browsers keep cookies for the exact host only.',
      ],
    },
    {
      id: 'cookies-we-use',
      heading: 'The cookies we use',
      paragraphs: ['Each cookie has one purpose and a short life:'],
      list: [
        'Sign-in cookie: keeps you signed in as you move between pages. It lasts until the end of the day; after that you sign in again. It is removed at once when you log out.',
        `Terms acceptance flag: remembers whether you accepted our terms and conditions ("yes") or declined them ("no"), so you are not asked on every page. It is kept for ${termsFlagLifetime}.`,
      ],
    },
    {
      id: 'browser-storage',
      heading: 'Browser storage',
      paragraphs: ['Two things are kept in your browser storage, on your device only:'],
      list: [
        'Device location (deviceLocation): your latitude and longitude, to 6 decimals, which signed-in screens send with each request.',
        'Recent payments (recentPayments): the account number masked to its last 4 digits, the IFSC, amount and time of your payouts of the last 20 minutes, so the portal can warn you before you pay the same amount to the same account twice. Removed when you sign out.',
      ],
    },
    {
      id: 'forced-logout',
      heading: 'When we clear them',
      paragraphs: [
        'When your session ends on our side, for example because you logged out of all sessions from another device, the portal clears all of its cookies and takes you to the login page.',
      ],
    },
    {
      id: 'your-choices',
      heading: 'Your choices',
      paragraphs: [
        'You can block or delete cookies in your browser settings. Because our cookies are needed to sign in and to record your acceptance of the terms, the signed-in part of the portal does not work without them. The public pages work without any cookie.',
      ],
    },
  ],
};
