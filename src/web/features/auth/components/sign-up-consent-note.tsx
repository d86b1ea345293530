import { ROUTES } from '../../../../shared/routes';

/** Under the sign-up form: where the privacy statement and the terms are. */
export function SignUpConsentNote() {
  return (
    <p className="text-sm text-stone-700">
      Wat we met je gegevens doen en welke rechten je hebt, lees je in onze{' '}
      <a
        href={ROUTES.privacy}
        target="_blank"
        rel="noopener"
        className="font-semibold text-brand-800 underline underline-offset-2"
      >
        privacyverklaring<span className="sr-only"> (opent in een nieuw tabblad)</span>
      </a>
      ; onze{' '}
      <a
        href={ROUTES.terms}
        target="_blank"
        rel="noopener"
        className="font-semibold text-brand-800 underline underline-offset-2"
      >
        algemene voorwaarden<span className="sr-only"> (opent in een nieuw tabblad)</span>
      </a>{' '}
      gelden wanneer je een betalend lidmaatschap koopt.
    </p>
  );
}
