import { ROUTES } from '../../../../shared/routes';
import { ROLE_LABELS } from '../../../../shared/web-labels';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { OwnMatchmakerProfileSection } from '../../admin/components/matchmaker-profile-form';
import { TwoFactorSettingsSection } from '../../two-factor/components/two-factor-settings-section';
import { MembershipSection } from '../components/membership-section';
import { MyDataSection } from '../components/my-data-section';
import { NotificationSettingsSection } from '../components/notification-settings-section';

/** /dashboard/settings, for every role. */
export function SettingsPage() {
  usePageTitle('Instellingen');
  const { user, profile } = useSession();
  return (
    <>
      <PageHeader title="Instellingen" description="Beheer je account." />
      <Card className="flex flex-col gap-6">
        <div>
          <h2 className="text-lg font-semibold text-stone-900">Account</h2>
          <p className="mt-1 break-words text-stone-700">
            {user.email} · {ROLE_LABELS[profile.role]}
          </p>
        </div>
        <div>
          <h2 className="text-lg font-semibold text-stone-900">Wachtwoord</h2>
          <p className="mt-1 text-stone-700">Kies regelmatig een nieuw, sterk wachtwoord.</p>
          <ButtonLink to={ROUTES.changePassword} variant="secondary" className="mt-3">
            Wachtwoord wijzigen
          </ButtonLink>
        </div>
        <TwoFactorSettingsSection />
        <NotificationSettingsSection role={profile.role} />
        {profile.role === 'client' && <MembershipSection profile={profile} />}
        {/* Issue 17: a matchmaker edits their own public profile here. */}
        {profile.role === 'matchmaker' && <OwnMatchmakerProfileSection />}
        {profile.role === 'client' ? (
          <MyDataSection />
        ) : (
          <section aria-labelledby="gegevens-titel">
            <h2 id="gegevens-titel" className="text-lg font-semibold text-stone-900">
              Mijn gegevens
            </h2>
            <p className="mt-1 text-stone-700">
              Een account van een medewerker verwijdert een beheerder. Wat Koppel bewaart en waarom, lees je
              in onze{' '}
              <a href={ROUTES.privacy} className="font-semibold text-brand-800 underline underline-offset-2">
                privacyverklaring
              </a>
              .
            </p>
          </section>
        )}
      </Card>
    </>
  );
}
