import type { Faq, Highlight, PageIntroContent } from '../content-types';

export const biometricsIntro: PageIntroContent = {
  eyebrow: 'AEPS at your counter',
  title: 'Fingerprint devices for AEPS',
  lead: 'Aadhaar-enabled payments need a UIDAI-certified fingerprint scanner with a registered device (RD) service. Here is the device Khata supports, how to set it up, and how to check that it is ready.',
};

export const deviceTestIntro: PageIntroContent = {
  eyebrow: 'AEPS device check',
  title: 'Morpho device test',
  lead: 'Before you serve AEPS customers, make sure your Morpho MSO 1300 E3 is connected, its driver is installed and its L1 RD service is running on your computer.',
};

export const supportedDevice = {
  name: 'Morpho MSO 1300 E3 with the L1 RD service',
  body: 'Khata supports the IDEMIA Morpho MSO 1300 E3 fingerprint scanner running the Level 1 (L1) RD service. UIDAI requires L1 devices, which keep their signing keys in secure hardware inside the scanner; older L0 devices are not accepted. If you already own a different certified L1 scanner, ask our support team before buying a new one.',
};

export const requirements: Highlight[] = [
  {
    title: 'The scanner',
    body: 'A Morpho MSO 1300 E3 bought from an authorised dealer, with its serial number on the bill. The serial is needed to register the RD service.',
  },
  {
    title: 'The driver',
    body: 'The Morpho USB driver for Windows, so that the computer recognises the scanner when it is plugged in.',
  },
  {
    title: 'The L1 RD service',
    body: 'The Morpho L1 RD service installed on the same computer, registered to your device and with an active annual subscription from the vendor. It encrypts and signs each fingerprint before it leaves the scanner.',
  },
  {
    title: 'A supported computer',
    body: 'A Windows 10 or 11 PC with a free USB port and an up-to-date Chrome or Edge browser, connected to the internet.',
  },
];

export const setupSteps: Highlight[] = [
  {
    title: 'Install the driver',
    body: "Download the MSO 1300 E3 driver from the vendor's support site or your dealer, install it, and restart the computer.",
  },
  {
    title: 'Install the L1 RD service',
    body: "Install the Morpho L1 RD service for Windows. During set-up it registers the scanner's serial number with the vendor; keep the device plugged in while it does.",
  },
  {
    title: 'Plug the scanner in directly',
    body: 'Use a USB port on the computer itself, not a hub or an extension cable. The light on the scanner turns on when the driver has found it.',
  },
  {
    title: 'Check that the RD service is running',
    body: 'Open Windows Services and look for the Morpho RD service: its status must be Running and its start-up type Automatic.',
  },
  {
    title: 'Run a test capture',
    body: "Use the vendor's RD service test utility to capture a fingerprint. If it reports the device as ready, Khata's AEPS screens will be able to use it too.",
  },
];

export interface DeviceCheck {
  title: string;
  what: string;
  howToCheck: string;
}

/** What a device check looks at, and how a retailer can look for themselves meanwhile. */
export const deviceChecks: DeviceCheck[] = [
  {
    title: 'RD service running',
    what: 'The Morpho L1 RD service answers on your computer (it listens on a local port between 11100 and 11120).',
    howToCheck:
      'In Windows Services, the Morpho RD service shows as Running. If not, start it, or reinstall the RD service.',
  },
  {
    title: 'Device connected',
    what: 'The RD service reports the scanner as connected and ready, not "not ready" or "not registered".',
    howToCheck:
      'The scanner\'s light is on, and the vendor\'s test utility shows the device as ready. "Not registered" means the RD service needs activating by the vendor.',
  },
  {
    title: 'Driver installed',
    what: 'Windows recognises the scanner through the Morpho driver.',
    howToCheck:
      'In Device Manager, the scanner appears without a yellow warning sign. If it shows as an unknown device, reinstall the driver.',
  },
];

export const troubleshooting: Faq[] = [
  {
    question: 'The AEPS screen says "RD service not found".',
    answer:
      'The RD service is not running or was installed for another device model. Start the Morpho RD service in Windows Services; if it is missing, install the L1 RD service again.',
  },
  {
    question: 'The RD service says the device is "not registered".',
    answer:
      "The RD service has not been activated for your scanner's serial number, or its annual subscription has ended. Contact the dealer or the vendor's support with the serial number from the bill.",
  },
  {
    question: 'The scanner light does not turn on.',
    answer:
      'Plug the scanner straight into another USB port of the computer, without a hub. If the light stays off, reinstall the driver and restart the computer.',
  },
  {
    question: 'Fingerprints are often rejected.',
    answer:
      'Wipe the sensor with a soft dry cloth, ask the customer to clean and dry their finger, and place the finger flat in the centre. Repeated rejections for one customer can mean their fingerprints need updating at an Aadhaar Seva Kendra.',
  },
];
