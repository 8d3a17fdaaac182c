import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { loadingIndicatorMachine } from '../../../../machines/loadingIndicator.machine.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import './shell.css';

/**
 * While `busy`, nothing for 1 s, then a spinner, then from 5 s a sentence saying it is slow
 * (the loadingIndicator machine owns the timing).
 */
export function LoadingIndicator({ busy }: { busy: boolean }) {
  const { t } = useLingui();
  const actor = useActorRef(loadingIndicatorMachine);
  const spinner = useSelector(actor, (snapshot) => snapshot.hasTag('spinner'));
  const slow = useSelector(actor, (snapshot) => snapshot.hasTag('slow'));

  useEffect(() => {
    if (!busy) return;
    actor.send({ type: 'loading.start' });
    return () => actor.send({ type: 'loading.finish' });
  }, [busy, actor]);

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
