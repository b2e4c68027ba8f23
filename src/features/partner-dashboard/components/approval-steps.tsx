import { Text, Timeline, VisuallyHidden } from '@mantine/core';
import type { PartnerAccountStatus } from '../../../domain/api/session';
import { formatDisplayDate } from '../../../domain/dates';
import { formatDisplayDay } from '../../../domain/formats';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The W-9 date is a calendar date: "Nov 21, 2026", not a misleading "12:00 am". */
function formatCalendarDate(value: string): string {
  if (!DATE_ONLY.test(value)) return formatDisplayDate(value);
  return formatDisplayDay(value);
}

interface Step {
  title: string;
  detail: string;
  state: 'done' | 'current' | 'todo' | 'failed';
}

interface StepsInput {
  status: PartnerAccountStatus;
  creationDate: string;
  w9Date: string;
}

function stepsFor({ status, creationDate, w9Date }: StepsInput): Step[] {
  const submitted = formatDisplayDate(creationDate);
  const w9Signed = formatCalendarDate(w9Date);
  const hasW9 = status !== 'W9_PENDING';
  const review: Step =
    status === 'APPROVED'
      ? { title: 'Review by our partner team', detail: 'Approved', state: 'done' }
      : status === 'REJECTED'
        ? { title: 'Review by our partner team', detail: 'Not approved', state: 'failed' }
        : status === 'CANCELLED'
          ? { title: 'Review by our partner team', detail: 'Account cancelled', state: 'failed' }
          : {
              title: 'Review by our partner team',
              detail: hasW9 ? 'In progress' : 'Starts when your W-9 form is on file',
              state: hasW9 ? 'current' : 'todo',
            };
  return [
    {
      title: 'Application submitted',
      detail: submitted ? `Received ${submitted}` : 'Received',
      state: 'done',
    },
    hasW9
      ? {
          title: 'W-9 tax form',
          detail: w9Signed ? `Signed ${w9Signed}` : 'On file',
          state: 'done',
        }
      : { title: 'W-9 tax form', detail: 'Missing', state: 'current' },
    review,
    {
      title: 'Partner dashboard and tracking links',
      detail: status === 'APPROVED' ? 'Available' : 'Available after approval',
      state: status === 'APPROVED' ? 'done' : 'todo',
    },
  ];
}

const bullets: Readonly<Record<Step['state'], string>> = {
  done: '✓',
  current: '•',
  todo: '',
  failed: '✕',
};

const stateNames: Readonly<Record<Step['state'], string>> = {
  done: 'done',
  current: 'in progress',
  todo: 'not started',
  failed: 'stopped',
};

/** Where the partner stands in signup → W-9 → approval → dashboard (spec section 4). */
export function ApprovalSteps(input: StepsInput) {
  const steps = stepsFor(input);
  const lastDone = steps.reduce((last, step, index) => (step.state === 'done' ? index : last), 0);
  return (
    <Timeline active={lastDone} bulletSize={26} lineWidth={2} aria-label="Application progress">
      {steps.map((step) => (
        <Timeline.Item
          key={step.title}
          color={step.state === 'failed' ? 'red.9' : undefined}
          bullet={<span aria-hidden="true">{bullets[step.state]}</span>}
          title={step.title}
        >
          <Text size="sm" c={step.state === 'failed' ? 'red.9' : 'dimmed'}>
            {step.detail}
            <VisuallyHidden> ({stateNames[step.state]})</VisuallyHidden>
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
