/** How the journeys and the bench start Debian's Chromium (`executablePath` /usr/bin/chromium, or CHROME_PATH). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Every new window of a desktop Chromium preloads its omnibox popups (the address bar's suggestions and "AI mode"
  // as web pages of their own): ~2 s of CPU in another renderer per context, on a 2-core host taken from the page
  // being measured or the journey being run. A phone's Chrome has no such popup.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];
