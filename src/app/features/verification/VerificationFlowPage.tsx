import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { providerStepOf } from '../../../../machines/verificationFlow.machine.ts';
import type { VerificationLevel } from '../../../contract/verification-level.ts';
import { authConfigQueryOptions } from '../../api/authConfig.ts';
import { type FlowWrite, useFlowUrl } from '../../lib/flowUrl.ts';
import { usePlatform } from '../../platform/PlatformContext.tsx';
import { VerificationFlowView } from './VerificationFlowView.tsx';
import {
  phoneBotUrl,
  provideVerificationFlow,
  type VerificationFlowActor,
  verificationUrlStepOf,
} from './verificationFlow.ts';
import {
  type VerificationFlowSearch,
  type VerificationUrlStep,
  verificationSearchOf,
  verificationUrlSteps,
} from './verificationFlowUrl.ts';

/**
 * `/account/verification/{flow}`: the verificationFlow machine for one level, its step kept in
 * the URL (`?step=phone`, `?step=documents`; see verificationFlow.ts). `leave` is where the
 * level's own back and its Done go (the levels list, or where the person came from).
 */
export function VerificationFlowPage({
  section,
  search,
  onSearch,
  leave,
}: {
  section: VerificationLevel;
  search: VerificationFlowSearch;
  onSearch: (search: VerificationFlowSearch, how: FlowWrite) => void;
  leave: () => void;
}) {
  const platform = usePlatform();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const config = useQuery(authConfigQueryOptions());
  const configRef = useRef(config.data);
  configRef.current = config.data;
  const [machine] = useState(() =>
    provideVerificationFlow({
      queryClient,
      platform,
      // A new entry: back from the form returns to this level, and sending it goes back here too.
      openPersonalData: (flow) => void navigate({ to: '/account/verification/personal-data', search: { flow } }),
      botUrl: () => (configRef.current ? phoneBotUrl(configRef.current) : null),
    }),
  );
  const actor = useActorRef(machine, {
    input: { section, canRequestContact: platform.capabilities.contactRequest },
  });
  useResumeDocuments(actor, search.step);
  const { goBack } = useVerificationUrl(actor, search, onSearch);
  const step = useSelector(actor, verificationUrlStepOf);
  return <VerificationFlowView actor={actor} onBack={step === 'overview' ? leave : goBack} onDone={leave} />;
}

/**
 * A reload on `?step=documents` lands on the files of the step it was on (docs/flow-urls.md: a
 * reload lands on the same step), once the level has loaded and if that step can still be taken;
 * otherwise the level shows where it stands. `?step=phone` is not resumed: in the mini app that
 * would ask the messenger for the contact again without the person asking.
 */
function useResumeDocuments(actor: VerificationFlowActor, urlStep: VerificationUrlStep | undefined) {
  const resume = useRef(urlStep === 'documents');
  const settled = useSelector(actor, (snapshot) => !snapshot.matches('loading'));
  useEffect(() => {
    if (!resume.current || !settled) return;
    resume.current = false;
    const snapshot = actor.getSnapshot();
    if (providerStepOf(snapshot.context.flow) !== null && snapshot.can({ type: 'step.start' })) {
      actor.send({ type: 'step.start' });
    }
  }, [actor, settled]);
}

/** The machine's step in the URL (src/app/lib/flowUrl.ts). */
function useVerificationUrl(
  actor: VerificationFlowActor,
  url: VerificationFlowSearch,
  write: (search: VerificationFlowSearch, how: FlowWrite) => void,
) {
  const step = useSelector(actor, verificationUrlStepOf);
  const current = useMemo(() => verificationSearchOf(step), [step]);
  return useFlowUrl<VerificationUrlStep, VerificationFlowSearch>({
    steps: verificationUrlSteps,
    current,
    url,
    write,
    stepNow: () => verificationUrlStepOf(actor.getSnapshot()),
    back: () => {
      if (!actor.getSnapshot().can({ type: 'step.back' })) return false;
      actor.send({ type: 'step.back' });
      return true;
    },
    forward: (to) => {
      // Only back into the files of the current provider step: the phone step would ask the
      // messenger again, which a browser's forward button must not do.
      const snapshot = actor.getSnapshot();
      if (to !== 'documents' || providerStepOf(snapshot.context.flow) === null) return false;
      if (!snapshot.can({ type: 'step.start' })) return false;
      actor.send({ type: 'step.start' });
      return true;
    },
  });
}
