/**
 * How a visitor reaches Khata's support team: the help buttons, the contact page and the
 * call-back box all read these, so a number changes in one place.
 */
export const SUPPORT_CONTACTS = {
  /** The support line, dialled by the call button. */
  phone: { display: '+91 124 496 1200', dial: '+911244961200' },
  /** The WhatsApp help number, in the international form wa.me expects (no +, no spaces). */
  whatsapp: { display: '+91 98110 45200', number: '919811045200' },
  email: 'support@khata.in',
  // The hours are words, so they are a text: `public:support.hours`.
} as const;

export const whatsappUrl = `https://wa.me/${SUPPORT_CONTACTS.whatsapp.number}`;
export const callUrl = `tel:${SUPPORT_CONTACTS.phone.dial}`;
