import { type EmailContent, email } from '../../integrations/mail/layout';

/** An admin handed a task from the queue to a matchmaker. */
export function taskAssignedEmail({
  name,
  task,
  due,
  url,
}: {
  name: string;
  task: string;
  due: string;
  url: string;
}): EmailContent {
  return email(
    'task-assigned',
    `Nieuwe taak: ${task}`,
    [`Dag ${name},`, `Er staat een nieuwe taak voor je klaar: ${task}, uiterlijk ${due}.`],
    { label: 'Naar je dashboard', url },
  );
}
