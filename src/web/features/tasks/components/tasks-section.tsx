import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../../shared/format';
import { ROUTES } from '../../../../shared/routes';
import type { StaffTask } from '../../../../shared/tasks';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorText } from '../../../components/ui/error-text';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { SelectField } from '../../../components/ui/text-field';
import { AppLink } from '../../../lib/app-link';
import { tasksQueryOptions, useAssignTask, useCompleteTask } from '../api/tasks';

interface Matchmaker {
  id: string;
  full_name: string;
}

function TaskItem({
  task,
  isAdmin,
  matchmakers,
}: {
  task: StaffTask;
  isAdmin: boolean;
  matchmakers: Matchmaker[];
}) {
  const complete = useCompleteTask();
  const assign = useAssignTask();
  const [chosen, setChosen] = useState('');
  const error = complete.error ?? assign.error;
  const headingId = `taak-${task.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className={`rounded-xl border px-4 py-3 ${task.is_overdue ? 'border-red-300 bg-red-50' : 'border-stone-200 bg-white'}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-stone-900">
          {task.label}
        </h3>
        {task.is_overdue && (
          <span className="rounded-full bg-red-700 px-2.5 py-0.5 text-xs font-semibold text-white">
            Te laat
          </span>
        )}
      </div>
      <p className="mt-1 text-sm text-stone-800">
        <AppLink
          to={`${ROUTES.matchmakerClients}/${encodeURIComponent(task.client_id)}`}
          className="font-semibold text-brand-800 underline"
        >
          {task.client_name ?? 'Klant'}
        </AppLink>{' '}
        ({task.tier}) · uiterlijk <time dateTime={task.due_at}>{formatDateTime(task.due_at)}</time>
      </p>
      {isAdmin && (
        <p className="mt-1 text-sm text-stone-700">
          {task.assignee_name ? `Toegewezen aan ${task.assignee_name}` : 'Nog niet toegewezen (wachtrij)'}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <Button
          size="md"
          variant="secondary"
          isBusy={complete.isPending}
          onClick={() => complete.mutate(task.id)}
          aria-describedby={headingId}
        >
          Afgerond
        </Button>
        {isAdmin && (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (chosen) assign.mutate({ id: task.id, assignee_id: chosen });
            }}
          >
            <SelectField
              label="Toewijzen aan"
              value={chosen}
              onChange={(event) => setChosen(event.target.value)}
              className="min-w-48"
            >
              <option value="">Kies een matchmaker</option>
              {matchmakers.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.full_name}
                </option>
              ))}
            </SelectField>
            <Button type="submit" size="md" isBusy={assign.isPending} disabled={!chosen}>
              Toewijzen
            </Button>
          </form>
        )}
      </div>
      {error && (
        <Alert className="mt-2">
          <ErrorText message={error.message} />
        </Alert>
      )}
    </li>
  );
}

/**
 * Issue 29 (decision 032): the tasks purchases promised, soonest due first, with an alert while
 * any is overdue. A matchmaker marks their own done; an admin also hands out the queue.
 */
export function TasksSection({
  isAdmin,
  matchmakers = [],
}: {
  isAdmin: boolean;
  matchmakers?: Matchmaker[];
}) {
  const tasks = useQuery(tasksQueryOptions);
  return (
    <section aria-labelledby="sectie-taken" className="mb-10">
      <h2 id="sectie-taken" className="mb-4 text-xl font-semibold text-stone-900">
        Beloofde taken
      </h2>
      {tasks.isPending ? (
        <Spinner label="Taken laden..." className="items-start" />
      ) : tasks.isError ? (
        <LoadError error={tasks.error} onRetry={() => void tasks.refetch()} />
      ) : tasks.data.tasks.length === 0 ? (
        <Card>
          <p className="text-stone-700">
            {isAdmin ? 'Er staan geen open taken.' : 'Je hebt geen open taken.'} Elke aankoop maakt de taken
            die het pakket belooft, te doen binnen de kantooruren (ma–vr 9:00–17:00).
          </p>
        </Card>
      ) : (
        <>
          {tasks.data.overdue > 0 && (
            <Alert tone="error" className="mb-4">
              {tasks.data.overdue === 1 ? '1 taak is te laat.' : `${tasks.data.overdue} taken zijn te laat.`}{' '}
              Een klant wacht op wat we beloofden.
            </Alert>
          )}
          <ul className="grid gap-3 lg:grid-cols-2">
            {tasks.data.tasks.map((task) => (
              <TaskItem key={task.id} task={task} isAdmin={isAdmin} matchmakers={matchmakers} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
