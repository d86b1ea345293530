import { ROUTES } from '../../../../shared/routes';
import { CenteredContent, PublicLayout } from '../../../app/public-layout';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { usePageTitle } from '../../../lib/use-page-title';

/** /success after a payment (the purchase details follow in a later release). */
export function SuccessPage() {
  usePageTitle('Betaling geslaagd');
  return (
    <PublicLayout>
      <CenteredContent className="max-w-2xl">
        <Card className="text-center">
          <h1 className="font-serif text-3xl font-bold text-stone-900">Betaling geslaagd</h1>
          <p className="mt-3 text-stone-700">
            Bedankt voor je aankoop. De details van je bestelling volgen binnenkort.
          </p>
          <ButtonLink to={ROUTES.home} variant="secondary" className="mt-6">
            Terug naar home
          </ButtonLink>
        </Card>
      </CenteredContent>
    </PublicLayout>
  );
}
