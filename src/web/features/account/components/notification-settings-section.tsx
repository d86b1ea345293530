import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  OPTIONAL_EMAILS,
  type OptionalEmail,
  REQUIRED_EMAIL_LABELS,
} from '../../../../shared/account-settings';
import type { Role } from '../../../../shared/domain';
import { formatDate } from '../../../../shared/format';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { accountSettingsQueryOptions, useUpdateAccountSettings } from '../api/account-settings';

/** Settings › E-mails and (clients) Matching: saved as soon as a box is ticked or the button pressed. */
export function NotificationSettingsSection({ role }: { role: Role }) {
  const settings = useQuery(accountSettingsQueryOptions);
  const update = useUpdateAccountSettings();
  // A ticked or cleared box shows its new state in the same render as the click, while the save
  // is under way (the query's cache changes only when the answer comes), and returns to the saved
  // state if the save fails.
  const [savingOptOuts, setSavingOptOuts] = useState<string[] | null>(null);

  if (settings.isPending) return <Spinner label="Instellingen laden..." />;
  if (settings.isError) return <LoadError error={settings.error} onRetry={() => void settings.refetch()} />;
  const { optional_emails, matching_paused_at } = settings.data;
  const email_opt_outs = savingOptOuts ?? settings.data.email_opt_outs;

  const toggle = (template: string, receive: boolean) => {
    const next = receive ? email_opt_outs.filter((t) => t !== template) : [...email_opt_outs, template];
    setSavingOptOuts(next);
    update.mutate({ email_opt_outs: next }, { onSettled: () => setSavingOptOuts(null) });
  };

  return (
    <>
      <section aria-labelledby="emails-titel">
        <h2 id="emails-titel" className="text-lg font-semibold text-stone-900">
          E-mails
        </h2>
        {optional_emails.length > 0 && (
          <fieldset className="mt-2">
            <legend className="text-stone-700">Welke e-mails wil je ontvangen?</legend>
            <ul className="mt-2 flex flex-col gap-2">
              {optional_emails.map((template) => (
                <li key={template}>
                  <label className="flex min-h-11 items-center gap-3 text-stone-900">
                    <input
                      type="checkbox"
                      className="size-5 accent-brand-700"
                      checked={!email_opt_outs.includes(template)}
                      disabled={update.isPending}
                      onChange={(event) => toggle(template, event.target.checked)}
                    />
                    {OPTIONAL_EMAILS[template as OptionalEmail]?.label ?? template}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <p className="mt-3 text-sm text-stone-700">
          Deze e-mails krijg je altijd, omdat ze over je account gaan:
        </p>
        <ul className="mt-1 list-disc pl-5 text-sm text-stone-700">
          {REQUIRED_EMAIL_LABELS[role].map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
        {update.isError && <Alert className="mt-3">{errorMessage(update.error)}</Alert>}
      </section>
      {role === 'client' && (
        <section aria-labelledby="matching-titel">
          <h2 id="matching-titel" className="text-lg font-semibold text-stone-900">
            Matching
          </h2>
          <p className="mt-1 text-stone-700" role="status">
            {matching_paused_at
              ? `Je matching staat op pauze sinds ${formatDate(matching_paused_at)}. Je krijgt geen nieuwe voorstellen.`
              : 'Je matching staat aan: je matchmaker kan je nieuwe voorstellen doen.'}
          </p>
          <p className="mt-1 text-sm text-stone-700">
            Even geen tijd of hoofd naar daten? Pauzeer, en zet het weer aan wanneer je wilt. Lopende
            voorstellen blijven bestaan.
          </p>
          <Button
            variant="secondary"
            className="mt-3"
            isBusy={update.isPending}
            onClick={() => update.mutate({ matching_paused: !matching_paused_at })}
          >
            {matching_paused_at ? 'Matching hervatten' : 'Matching pauzeren'}
          </Button>
        </section>
      )}
    </>
  );
}
