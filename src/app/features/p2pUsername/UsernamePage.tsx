import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useRef, useState } from 'react';
import { usernameMaxLength } from '../../../../machines/p2pUsername.machine.ts';
import type { OwnMarketProfile } from '../../../contract/p2p-profile.ts';
import { ownMarketProfileQueryOptions } from '../../api/p2pProfileQueries.ts';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { useErrorToast } from '../../ui/passcodeConfirm/parts.tsx';
import { Section } from '../../ui/Section.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { provideUsername } from './usernameMachine.ts';
import './p2p-username.css';
import { usernameFailedMessage, usernameProblemMessages } from './usernameMessages.ts';

/**
 * /p2p/profile/name: the market username (spec 001 s.2 "Username screen"), run by
 * machines/p2pUsername.machine.ts. Saved, or unchanged, it returns to the profile; the server's
 * NOT_ENOUGH_ORDERS shows the person's record against the rule in a modal that closes to /p2p.
 */
export function UsernamePage() {
  const { t } = useLingui();
  const profile = useQuery(ownMarketProfileQueryOptions());
  const back = useBack({ to: '/p2p/profile' });
  useScreenActions({ back });
  return (
    <Page>
      <PageTitle title={<Trans>Username</Trans>} />
      <QueryGate query={profile} failed={() => t`Couldn’t load the profile.`}>
        {(data) => <UsernameForm profile={data} done={back} />}
      </QueryGate>
    </Page>
  );
}

function UsernameForm({ profile, done }: { profile: OwnMarketProfile; done: () => void }) {
  const { t, i18n } = useLingui();
  const formId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const effects = useRef({ done, navigate });
  effects.current = { done, navigate };
  const [machine] = useState(() =>
    provideUsername({
      queryClient,
      showProfile: () => effects.current.done(),
      showMarket: () => void effects.current.navigate({ to: '/p2p', replace: true }),
    }),
  );
  const actor = useActorRef(machine, { input: { current: profile.user.username } });
  const name = useSelector(actor, (snapshot) => snapshot.context.name);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  const failed = useSelector(actor, (snapshot) => snapshot.context.failed);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const notEnoughOrders = useSelector(actor, (snapshot) => snapshot.matches('notEnoughOrders'));
  useErrorToast(failed ? usernameFailedMessage : null);
  useScreenActions({ main: notEnoughOrders ? null : { label: t`Save`, submits: formId, busy } });
  const changesLeft = profile.username_changes_left;
  const { completed_orders: orders, completion_percent: percent } = profile.stats.all_time;
  const closeStats = () => actor.send({ type: 'stats.close' });
  return (
    <>
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'submit' });
        }}
      >
        <Section
          footer={
            <>
              <Trans>5 to 15 characters: a letter first, then letters, digits or underscore.</Trans>{' '}
              <Plural
                value={changesLeft}
                _0="You have used both changes of the last 12 months."
                one="You can change it # more time in 12 months."
                other="You can change it # more times in 12 months."
              />
            </>
          }
        >
          <TextField
            label={t`Username`}
            value={name}
            onChange={(value) => actor.send({ type: 'name.change', value })}
            error={problem === null ? null : i18n._(usernameProblemMessages[problem])}
            maxLength={usernameMaxLength + 5}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
            disabled={busy}
          />
        </Section>
      </form>
      <Sheet
        open={notEnoughOrders}
        title={<Trans>Not enough orders yet</Trans>}
        description={
          <Trans>You can change your username after more than 10 completed orders, with at least 80% completed.</Trans>
        }
        onClose={closeStats}
      >
        <dl className="p2p-username-record">
          <div>
            <dt>{t`Completed orders`}</dt>
            <dd className="tabular">{orders}</dd>
          </div>
          {/* A rate of no orders says nothing (docs/p2p.md "Profiles"). */}
          {orders > 0 ? (
            <div>
              <dt>{t`Completion rate`}</dt>
              <dd className="tabular">{`${percent}%`}</dd>
            </div>
          ) : null}
        </dl>
        <Button variant="secondary" stretched onClick={closeStats}>
          <Trans>Close</Trans>
        </Button>
      </Sheet>
    </>
  );
}
