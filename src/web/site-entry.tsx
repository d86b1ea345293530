import './styles.css';

/** Resolves after the browser has painted the frame that is due: setTimeout from a frame callback. */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

// The prerendered page is complete without JavaScript. React and the islands' code are fetched and
// run only after the first paint, so they never delay the text on screen; then only the islands
// become React roots, and the rest of the page stays static HTML.
void afterPaint()
  .then(() => import('./features/site/islands/hydrate-islands'))
  .then(({ hydrateIslands }) => hydrateIslands());
