import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import { loadingIndicatorMachine } from '../../../../machines/loadingIndicator.machine.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import './shell.css';

export type LoadingIndicatorActor = ActorRefFrom<typeof loadingIndicatorMachine>;

/**
 * While `busy`, nothing for 1 s, then a spinner, then from 5 s a sentence saying it is slow
 * (the loadingIndicator machine owns the timing).
 */
export function LoadingIndicator({ busy }: { busy: boolean }) {
  const actor = useActorRef(loadingIndicatorMachine);

  useEffect(() => {
    if (!busy) return;
    actor.send({ type: 'loading.start' });
    return () => actor.send({ type: 'loading.finish' });
  }, [busy, actor]);

  return <LoadingIndicatorView actor={actor} />;
}

/** What the indicator shows in each state of its machine: the spinner, and the slow message. */
export function LoadingIndicatorView({ actor }: { actor: LoadingIndicatorActor }) {
  const { t } = useLingui();
  const spinner = useSelector(actor, (snapshot) => snapshot.hasTag('spinner'));
  const slow = useSelector(actor, (snapshot) => snapshot.hasTag('slow'));
  if (!spinner) return null;
  return (
    <div className="shell-loading">
      <Spinner label={t`Loading`} />
      {slow ? (
        <p className="shell-loading-slow" role="status">
          <Trans>This is taking longer than usual. Please wait a little.</Trans>
        </p>
      ) : null}
    </div>
  );
}
