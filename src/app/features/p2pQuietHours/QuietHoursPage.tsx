import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { type OwnMarketProfile, p2pProfileEndpoints, type QuietHours } from '../../../contract/p2p-profile.ts';
import { call } from '../../api/call.ts';
import { toApiError } from '../../api/errors.ts';
import { ownMarketProfileQueryOptions } from '../../api/p2pProfileQueries.ts';
import { useBack } from '../../lib/back.ts';
import { formatTimeOfDay } from '../../lib/timeOfDay.ts';
import { useToasts } from '../../lib/toasts.tsx';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { Section } from '../../ui/Section.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { quietWindowKind, suggestedQuietHours, timeOfDayOf } from './quietHoursWindow.ts';
import './quiet-hours.css';

/**
 * /p2p/quiet-hours (P2P.md "Quiet hours"): a daily window in the person's settings time zone
 * (the server reads the clock there; UTC until one is set), which may cross midnight. Saving
 * sends PATCH /p2p/profile {quiet_hours}; "Turn off" sends null. Both return to the profile.
 */
export function QuietHoursPage({ timeZone }: { timeZone: string | null }) {
  const { t } = useLingui();
  const profile = useQuery(ownMarketProfileQueryOptions());
  const back = useBack({ to: '/p2p/profile' });
  useScreenActions({ back });
  return (
    <Page>
      <PageTitle
        title={<Trans>Quiet hours</Trans>}
        subtitle={
          <Trans>
            While they last, your offers are hidden and can’t be taken, and notifications that can wait are held until
            they end. Open orders go on as usual.
          </Trans>
        }
      />
      <QueryGate query={profile} failed={() => t`Couldn’t load the profile.`}>
        {(data) => <QuietHoursForm profile={data} timeZone={timeZone ?? 'UTC'} done={back} />}
      </QueryGate>
    </Page>
  );
}

function QuietHoursForm({
  profile,
  timeZone,
  done,
}: {
  profile: OwnMarketProfile;
  timeZone: string;
  done: () => void;
}) {
  const { t, i18n } = useLingui();
  const formId = useId();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const saved = profile.quiet_hours;
  const [from, setFrom] = useState<string>(saved?.from ?? suggestedQuietHours.from);
  const [to, setTo] = useState<string>(saved?.to ?? suggestedQuietHours.to);
  const [tried, setTried] = useState(false);
  const save = useMutation({
    mutationFn: async (hours: QuietHours | null) => {
      const answer = await call(p2pProfileEndpoints.updateOwnMarketProfile, { body: { quiet_hours: hours } });
      if (!answer.result) throw new Error('result: false');
    },
    onSuccess: async (_, hours) => {
      await queryClient.invalidateQueries({ queryKey: ownMarketProfileQueryOptions().queryKey });
      toasts.show('success', hours === null ? t`Quiet hours turned off` : t`Quiet hours saved`);
      done();
    },
    onError: (error) =>
      toasts.show(
        'error',
        toApiError(error)?.reason === 'WRONG_SLEEP'
          ? t`Quiet hours must start and end at different times.`
          : t`Couldn’t save quiet hours.`,
      ),
  });
  const fromTime = timeOfDayOf(from);
  const toTime = timeOfDayOf(to);
  const kind = fromTime !== null && toTime !== null ? quietWindowKind(fromTime, toTime) : null;
  const problem =
    kind === null
      ? t`Enter both times.`
      : kind === 'empty'
        ? t`Quiet hours must start and end at different times.`
        : null;
  useScreenActions({
    main: { label: saved === null ? t`Turn on` : t`Save`, submits: formId, busy: save.isPending },
  });
  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (save.isPending || fromTime === null || toTime === null || kind === 'empty') return;
        save.mutate({ from: fromTime, to: toTime });
      }}
    >
      <Section header={<Trans>Status</Trans>}>
        <Cell
          title={<Trans>Quiet hours</Trans>}
          value={
            saved === null ? (
              <Trans context="quiet hours">Off</Trans>
            ) : profile.is_quiet_now ? (
              <Trans context="quiet hours">On now</Trans>
            ) : (
              <span className="tabular">{`${formatTimeOfDay(saved.from, i18n.locale)}–${formatTimeOfDay(saved.to, i18n.locale)}`}</span>
            )
          }
        />
      </Section>
      <Section
        header={<Trans>Every day</Trans>}
        footer={tried && problem !== null ? undefined : <WindowExplained from={fromTime} to={toTime} kind={kind} />}
      >
        <div className="quiet-hours-times">
          <TextField
            label={t`From`}
            type="time"
            value={from}
            onChange={setFrom}
            disabled={save.isPending}
            error={tried && problem !== null ? problem : null}
          />
          <TextField label={t`Until`} type="time" value={to} onChange={setTo} disabled={save.isPending} />
        </div>
      </Section>
      <Section
        footer={
          <Link to="/account/settings/time-zone">
            <Trans>Change time zone</Trans>
          </Link>
        }
      >
        <Cell title={<Trans>Time zone</Trans>} value={timeZone} names />
      </Section>
      {saved !== null ? (
        <div className="quiet-hours-actions">
          <Button variant="destructive" disabled={save.isPending} onClick={() => save.mutate(null)}>
            <Trans>Turn off quiet hours</Trans>
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/** Says the window in words, in the language's own way of writing times, so a window across midnight reads as such. */
function WindowExplained({
  from,
  to,
  kind,
}: {
  from: string | null;
  to: string | null;
  kind: ReturnType<typeof quietWindowKind> | null;
}) {
  const { i18n } = useLingui();
  if (from === null || to === null || kind === null || kind === 'empty') return null;
  const start = formatTimeOfDay(from, i18n.locale);
  const end = formatTimeOfDay(to, i18n.locale);
  if (kind === 'overnight') {
    return (
      <Trans>
        From {start} until {end} the next day: the window crosses midnight.
      </Trans>
    );
  }
  return (
    <Trans>
      From {start} until {end} the same day.
    </Trans>
  );
}
