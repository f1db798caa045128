// The chosen theme, on <html> before the first paint (no flash of the wrong colours). A file,
// not an inline script: the page's CSP allows scripts from the app's origin only
// (src/lib/page-security.ts). Same key and values as src/lib/theme.ts; "system" (or nothing
// stored) leaves the attribute off and the CSS follows prefers-color-scheme.
/* global window, document */
(function () {
  try {
    var theme = window.localStorage.getItem('cv.theme');
    if (theme === 'light' || theme === 'dark') document.documentElement.setAttribute('data-theme', theme);
  } catch {
    // storage unavailable: the system's theme
  }
})();
