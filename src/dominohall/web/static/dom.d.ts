// For `make lint` (tsc --checkJs) only: no page loads this file.
// Every element the page's scripts find (querySelector, closest, activeElement) is an HTML or SVG element,
// and both have a dataset and focus(); the DOM's types give the plain Element neither.
interface Element {
  readonly dataset: DOMStringMap;
  focus(options?: FocusOptions): void;
}

// Safari before 14.1 names the Web Audio context with a prefix (sound.js).
interface Window {
  webkitAudioContext?: typeof AudioContext;
}
