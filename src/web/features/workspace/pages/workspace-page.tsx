import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CONTRACT_STATUSES, MATCH_STATUS_LABELS, MATCH_STATUSES, TIERS } from '../../../../shared/domain';
import { formatDateTime } from '../../../../shared/format';
import { ROUTES } from '../../../../shared/routes';
import { CONTRACT_STATUS_LABELS } from '../../../../shared/web-labels';
import type { DashboardItem } from '../../../../shared/workspace';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { ContentSpinner } from '../../../components/ui/spinner';
import { SelectField } from '../../../components/ui/text-field';
import { AppLink } from '../../../lib/app-link';
import { useMe } from '../../../lib/me';
import { usePageTitle } from '../../../lib/use-page-title';
import { StaffIntakes } from '../../intake/components/staff-intakes';
import { UnassignedBookings } from '../../intake/components/unassigned-bookings';
import { matchmakersQueryOptions } from '../../matchmakers/api/matchmakers';
import { useStaffUnread } from '../../messages/api/conversations';
import { TasksSection } from '../../tasks/components/tasks-section';
import { dashboardQueryOptions } from '../api/dashboard';
import { MonthBarChart } from '../components/bar-chart';

const matchLink = (id: string) => `${ROUTES.matchmakerMatches}?match=${encodeURIComponent(id)}`;

/** One thing to do today: a count, the first few, and where it is handled. */
function TodoCard({
  title,
  total,
  empty,
  items,
  itemLink,
  more,
}: {
  title: string;
  total: number;
  empty: string;
  items?: DashboardItem[];
  itemLink?: (item: DashboardItem) => string;
  more: { to: string; label: string };
}) {
  return (
    <Card className={total > 0 ? 'border-brand-200' : undefined}>
      <h3 className="flex items-baseline justify-between gap-2 font-semibold text-stone-900">
        <span>{title}</span>
        <span
          className={`rounded-full px-2.5 py-0.5 text-sm ${total > 0 ? 'bg-brand-700 text-white' : 'bg-stone-100 text-stone-800'}`}
        >
          {total}
        </span>
      </h3>
      {total === 0 ? (
        <p className="mt-2 text-sm text-stone-700">{empty}</p>
      ) : (
        <>
          {items && items.length > 0 && (
            <ul className="mt-3 flex flex-col gap-2 text-sm">
              {items.map((item) => (
                <li key={item.id}>
                  <AppLink
                    to={itemLink ? itemLink(item) : more.to}
                    className="font-semibold text-brand-800 underline"
                  >
                    {item.label}
                  </AppLink>
                  {item.at && <span className="block text-stone-700">{formatDateTime(item.at)}</span>}
                </li>
              ))}
            </ul>
          )}
          <AppLink to={more.to} className="mt-3 inline-block text-sm font-semibold text-brand-800 underline">
            {more.label}
          </AppLink>
        </>
      )}
    </Card>
  );
}

function Tiles({ title, entries }: { title: string; entries: [string, number][] }) {
  return (
    <section>
      <h3 className="mb-2 font-semibold text-stone-900">{title}</h3>
      <dl className="grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-2">
        {entries.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-stone-200 bg-white px-3 py-2">
            <dt className="text-xs text-stone-700">{label}</dt>
            <dd className="text-xl font-semibold text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `sectie-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="mb-10">
      <h2 id={id} className="mb-4 text-xl font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

const rating = (value: number | null, count: number) =>
  value === null ? 'Nog geen' : `${value.toLocaleString('nl-BE')} / 5 (${count})`;

/**
 * /matchmaker: what needs the matchmaker today, each item linking to where it is handled, their
 * numbers over the last 12 months, and their intakes. An admin sees the agency, or one matchmaker.
 */
export function WorkspacePage() {
  usePageTitle('Dashboard');
  const me = useMe();
  const isAdmin = me.data?.profile?.role === 'admin';
  const [params, setParams] = useSearchParams();
  const matchmakerId = isAdmin ? (params.get('matchmaker') ?? undefined) : undefined;
  const dashboard = useQuery({ ...dashboardQueryOptions(matchmakerId), enabled: me.isSuccess });
  const matchmakers = useQuery({ ...matchmakersQueryOptions, enabled: isAdmin });
  const messages = useStaffUnread();

  return (
    <>
      <PageHeader
        title="Dashboard"
        description={
          isAdmin
            ? 'Wat vandaag aandacht vraagt en de cijfers van het bureau, of van één matchmaker.'
            : 'Wat vandaag je aandacht vraagt, je cijfers en je intakegesprekken.'
        }
      />
      <UnassignedBookings />
      {isAdmin && (
        <SelectField
          label="Matchmaker"
          className="mb-6 max-w-sm"
          value={matchmakerId ?? ''}
          onChange={(event) =>
            setParams(event.target.value ? { matchmaker: event.target.value } : {}, { replace: true })
          }
        >
          <option value="">Het hele bureau</option>
          {(matchmakers.data ?? []).map((matchmaker) => (
            <option key={matchmaker.id} value={matchmaker.id}>
              {matchmaker.full_name}
            </option>
          ))}
        </SelectField>
      )}
      {/* Issue 29: the promised tasks come first, and do not wait for the numbers. */}
      {me.isSuccess && <TasksSection isAdmin={isAdmin} matchmakers={matchmakers.data} />}
      {me.isPending || dashboard.isPending ? (
        // Issue 31: the spinner holds a screen's height, so the intakes below do not show until the
        // dashboard above them has loaded and then jump down (a layout shift on a phone).
        <div className="min-h-svh">
          <ContentSpinner label="Dashboard laden..." />
        </div>
      ) : dashboard.isError ? (
        <LoadError error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <>
          <Section title="Vandaag te doen">
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              <TodoCard
                title="Intakes af te ronden"
                total={dashboard.data.todo.intakes_to_complete.total}
                items={dashboard.data.todo.intakes_to_complete.items}
                itemLink={(item) => `${ROUTES.matchmaker}?afronden=${encodeURIComponent(item.id)}#intakes`}
                empty="Elke gehouden intake is afgerond."
                more={{ to: `${ROUTES.matchmaker}#intakes`, label: 'Naar je intakes' }}
              />
              <TodoCard
                title="Intakes deze week"
                total={dashboard.data.todo.intakes_to_hold.total}
                items={dashboard.data.todo.intakes_to_hold.items}
                empty="Geen intakes in de komende 7 dagen."
                more={{ to: `${ROUTES.matchmaker}#intakes`, label: 'Naar je intakes' }}
              />
              <TodoCard
                title="Voorstellen die bijna verlopen"
                total={dashboard.data.todo.proposals_expiring.total}
                items={dashboard.data.todo.proposals_expiring.items}
                itemLink={(item) => matchLink(item.id)}
                empty="Geen voorstel verloopt binnen 48 uur."
                more={{ to: `${ROUTES.matchmakerMatches}?status=proposed`, label: 'Alle open voorstellen' }}
              />
              <TodoCard
                title="Dates op te volgen"
                total={dashboard.data.todo.dates_to_follow_up.total}
                items={dashboard.data.todo.dates_to_follow_up.items}
                itemLink={(item) => matchLink(item.id)}
                empty="Geen date wacht op je opvolging."
                more={{ to: `${ROUTES.matchmakerMatches}?status=scheduled`, label: 'Alle geplande dates' }}
              />
              <TodoCard
                title="Nieuwe feedback"
                total={dashboard.data.todo.feedback_to_read.total}
                empty="Geen nieuwe feedback in de laatste 14 dagen."
                more={{ to: ROUTES.matchmakerFeedback, label: 'Lees de feedback' }}
              />
              {!isAdmin && (
                // Issue 32: clients whose last word in the conversation has no answer yet.
                <TodoCard
                  title="Berichten: wacht op antwoord"
                  total={messages.waiting}
                  empty={
                    messages.unread > 0
                      ? `${messages.unread} ongelezen, geen klant wacht op antwoord.`
                      : 'Geen klant wacht op je antwoord.'
                  }
                  more={{
                    to: ROUTES.matchmakerInbox,
                    label: `Naar je berichten (${messages.unread} ongelezen)`,
                  }}
                />
              )}
              <TodoCard
                title="Nieuwe klanten zonder matchmaker"
                total={dashboard.data.todo.clients_to_claim.total}
                empty="Elke betalende klant heeft een matchmaker."
                more={{ to: `${ROUTES.matchmakerClients}?scope=unassigned`, label: 'Bekijk en neem op' }}
              />
            </div>
          </Section>

          <Section
            title={
              dashboard.data.matchmaker ? `Cijfers van ${dashboard.data.matchmaker.full_name}` : 'Cijfers'
            }
          >
            <div className="flex flex-col gap-6">
              <Tiles
                title="Klanten per status"
                entries={CONTRACT_STATUSES.map((s) => [
                  CONTRACT_STATUS_LABELS[s],
                  dashboard.data.numbers.clients_by_status[s] ?? 0,
                ])}
              />
              <Tiles
                title="Klanten per pakket"
                entries={TIERS.map((t) => [t, dashboard.data.numbers.clients_by_tier[t] ?? 0])}
              />
              <Tiles
                title="Matches per status"
                entries={MATCH_STATUSES.map((s) => [
                  MATCH_STATUS_LABELS[s],
                  dashboard.data.numbers.matches_by_status[s] ?? 0,
                ])}
              />
              <div className="grid gap-6 lg:grid-cols-2">
                <Card>
                  <MonthBarChart
                    title="Aanvaard door beiden (% van de beantwoorde voorstellen, per maand)"
                    data={dashboard.data.numbers.acceptance_rate}
                    format={(value) => `${value}%`}
                    max={100}
                  />
                </Card>
                <Card>
                  <MonthBarChart
                    title="Dates die plaatsvonden, per maand"
                    data={dashboard.data.numbers.completed_dates}
                  />
                </Card>
              </div>
              <dl className="grid gap-2 sm:grid-cols-2">
                <div className="rounded-xl border border-stone-200 bg-white px-4 py-3">
                  <dt className="text-sm text-stone-700">Gemiddelde beoordeling als matchmaker</dt>
                  <dd className="text-lg font-semibold text-stone-900">
                    {rating(
                      dashboard.data.numbers.ratings.matchmaker_overall,
                      dashboard.data.numbers.ratings.matchmaker_count,
                    )}
                  </dd>
                </div>
                <div className="rounded-xl border border-stone-200 bg-white px-4 py-3">
                  <dt className="text-sm text-stone-700">Gemiddelde beoordeling van de intakes</dt>
                  <dd className="text-lg font-semibold text-stone-900">
                    {rating(
                      dashboard.data.numbers.ratings.intake_overall,
                      dashboard.data.numbers.ratings.intake_count,
                    )}
                  </dd>
                </div>
              </dl>
            </div>
          </Section>
        </>
      )}
      <div id="intakes">
        <StaffIntakes />
      </div>
    </>
  );
}
