import { ROUTES } from '../../../../shared/routes';
import { CenteredContent, PublicLayout } from '../../../app/public-layout';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { usePageTitle } from '../../../lib/use-page-title';

/** /:slug, the public matchmaker page (its content follows in a later release). */
export function PublicMatchmakerPage() {
  usePageTitle('Matchmaker');
  return (
    <PublicLayout>
      <CenteredContent className="max-w-2xl">
        <Card className="text-center">
          <h1 className="font-serif text-3xl font-bold text-stone-900">Matchmaker</h1>
          <p className="mt-3 text-stone-700">Het profiel van deze matchmaker volgt binnenkort.</p>
          <ButtonLink to={ROUTES.home} variant="secondary" className="mt-6">
            Terug naar home
          </ButtonLink>
        </Card>
      </CenteredContent>
    </PublicLayout>
  );
}
