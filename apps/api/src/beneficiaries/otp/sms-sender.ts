/** A text message to one Indian mobile number (10 digits). */
export interface SmsMessage {
  to: string;
  text: string;
}

/** The message could not be handed to the SMS gateway; nothing was delivered. */
export class SmsUnavailableError extends Error {
  constructor(message = 'The SMS gateway did not take the message.') {
    super(message);
    this.name = 'SmsUnavailableError';
  }
}

/** How Khata sends an SMS (OTPs). One port; the sandbox adapter and a real gateway behind it. */
export abstract class SmsSender {
  /** Resolves once the gateway took the message; throws SmsUnavailableError otherwise. */
  abstract send(message: SmsMessage): Promise<void>;
}
