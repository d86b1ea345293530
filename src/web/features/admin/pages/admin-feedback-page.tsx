import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type AdminFeedbackQuery, FEEDBACK_KIND_LABELS } from '../../../../shared/admin';
import { formatDateTime } from '../../../../shared/format';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { SelectField, TextField } from '../../../components/ui/text-field';
import { usePageTitle } from '../../../lib/use-page-title';
import { adminFeedbackQueryOptions, feedbackSearch, staffQueryOptions } from '../api/admin';
import { AdminSection } from '../components/section';

/** /admin/feedback: all matchmaker and intake feedback with names, filtered, and as CSV. */
export function AdminFeedbackPage() {
  usePageTitle('Feedback');
  const [params, setParams] = useSearchParams();
  const query: AdminFeedbackQuery = {
    matchmaker_id: params.get('matchmaker_id') || undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
  };
  const [draft, setDraft] = useState(query);
  const feedback = useQuery(adminFeedbackQueryOptions(query));
  const staff = useQuery(staffQueryOptions);

  return (
    <>
      <PageHeader
        title="Feedback"
        description="Alle feedback op matchmakers en intakegesprekken, met namen. Anonieme feedback is gemarkeerd: de matchmaker ziet daar geen naam."
      />
      <div className="flex flex-col gap-6">
        <AdminSection title="Filters" id="beheer-filters">
          <form
            className="grid gap-4 sm:grid-cols-3"
            onSubmit={(event) => {
              event.preventDefault();
              const next: Record<string, string> = {};
              for (const [key, value] of Object.entries(draft)) if (value) next[key] = value;
              setParams(next);
            }}
          >
            <SelectField
              label="Matchmaker"
              value={draft.matchmaker_id ?? ''}
              onChange={(e) => setDraft({ ...draft, matchmaker_id: e.target.value || undefined })}
            >
              <option value="">Alle matchmakers</option>
              {(staff.data ?? []).map((m) => (
                <option key={m.id} value={m.id}>
                  {m.full_name}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Van"
              type="date"
              value={draft.from ?? ''}
              onChange={(e) => setDraft({ ...draft, from: e.target.value || undefined })}
            />
            <TextField
              label="Tot en met"
              type="date"
              value={draft.to ?? ''}
              onChange={(e) => setDraft({ ...draft, to: e.target.value || undefined })}
            />
            <div className="flex flex-wrap gap-3 sm:col-span-3">
              <Button type="submit">Filteren</Button>
              <a
                href={`/api/admin/feedback/export${feedbackSearch(query)}`}
                download
                className="inline-flex min-h-11 items-center rounded-xl border border-stone-300 bg-white px-4 font-semibold text-stone-800 hover:bg-stone-100"
              >
                Exporteren als CSV
              </a>
            </div>
          </form>
        </AdminSection>
        <AdminSection title="Feedback" id="beheer-feedback-lijst">
          {feedback.isPending ? (
            <Spinner label="Feedback laden..." className="items-start" />
          ) : feedback.isError ? (
            <LoadError error={feedback.error} onRetry={() => void feedback.refetch()} />
          ) : feedback.data.length === 0 ? (
            <p className="text-stone-700">Geen feedback voor deze filters.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-stone-200">
              {feedback.data.map((entry) => (
                <li key={`${entry.kind}-${entry.id}`} className="py-4 first:pt-0 last:pb-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="rounded-md bg-brand-50 px-2 py-0.5 text-xs font-bold text-brand-900">
                      {FEEDBACK_KIND_LABELS[entry.kind]}
                    </span>
                    {entry.is_anonymous && (
                      <span className="rounded-md bg-stone-200 px-2 py-0.5 text-xs font-bold text-stone-800">
                        Anoniem voor de matchmaker
                      </span>
                    )}
                    <span className="text-sm text-stone-700">{formatDateTime(entry.submitted_at)}</span>
                  </div>
                  <p className="mt-1 break-words text-stone-900">
                    <span className="font-semibold">{entry.client_name ?? 'Verwijderd account'}</span> over{' '}
                    <span className="font-semibold">
                      {entry.matchmaker_name ?? 'een vroegere matchmaker'}
                    </span>
                    {entry.overall !== null && ` · algemeen ${entry.overall}/5`}
                  </p>
                  {Object.keys(entry.ratings).length > 0 && (
                    <p className="text-sm text-stone-700">
                      {Object.entries(entry.ratings)
                        .map(([label, value]) => `${label}: ${value}/5`)
                        .join(' · ')}
                    </p>
                  )}
                  {entry.text && (
                    <p className="mt-2 break-words whitespace-pre-line text-stone-800">{entry.text}</p>
                  )}
                  {entry.suggestions && (
                    <p className="mt-2 break-words whitespace-pre-line text-stone-800">
                      <span className="font-semibold">Suggesties: </span>
                      {entry.suggestions}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </AdminSection>
      </div>
    </>
  );
}
