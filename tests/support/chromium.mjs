// How every browser run here starts Debian's Chromium: never a browser Playwright downloads,
// and no background networking (this machine's network is closed).
export const chromiumLaunchOptions = {
  executablePath: process.env.KHATA_CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
};
