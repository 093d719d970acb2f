import { existsSync } from 'node:fs';

// How every browser run here starts Debian's Chromium: never a browser Playwright downloads,
// and no background networking (this machine's network is closed).

/** Debian's full browser (package `chromium`). */
export const FULL_CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's old headless shell (package `chromium-headless-shell`, built from the same Chromium
 * source and version): what Playwright itself runs for headless tests. The full browser in
 * headless mode also draws its own window, tab strip and toolbar for every context; on two cores
 * the browser tier spent about half its browser CPU on that (docs/testing.md, "Which Chromium").
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The browser tests' Chromium: `KHATA_CHROMIUM` if set, else the shell when installed. */
export const testChromium =
  process.env.KHATA_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);

export const chromiumLaunchOptions = {
  executablePath: testChromium,
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
