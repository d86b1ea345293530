export const MAIN_CONTENT_ID = 'inhoud';

/**
 * "Naar de inhoud": moves focus to <main> without touching the URL fragment (the reset page keeps
 * its token there).
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      className="sr-only rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
    >
      Naar de inhoud
    </a>
  );
}
