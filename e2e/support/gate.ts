/**
 * A gate for a held request: `open()` lets it through. A test that fails before opening it leaves
 * the request held; closing the page at the end of the test ends it.
 */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}
