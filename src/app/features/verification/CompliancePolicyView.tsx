import { Trans } from '@lingui/react/macro';
import { useBack } from '../../lib/back.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Page, PageTitle } from '../../ui/Page.tsx';
import './documents.css';

/**
 * `/compliance-policy`: what compliance checks, why documents are asked for, how they are stored
 * and who sees them. Readable without signing in (a policy is for anyone deciding to use Kopilka).
 */
export function CompliancePolicyView() {
  useScreenActions({ back: useBack({ to: '/' }) });
  return (
    <Page>
      <PageTitle
        title={<Trans>Compliance policy</Trans>}
        subtitle={
          <Trans>
            Kopilka keeps crypto for its users, so the law requires us to know who they are and to stop money laundering
            and the financing of terrorism. Here is what that means for you.
          </Trans>
        }
      />
      <article className="compliance-policy">
        <h2>
          <Trans>What we check</Trans>
        </h2>
        <ul>
          <li>
            <Trans>Who you are: your name, date of birth, country and address, and your phone number.</Trans>
          </li>
          <li>
            <Trans>
              Your documents, when a feature needs them: a passport or ID card, proof of address, a video selfie for
              merchants.
            </Trans>
          </li>
          <li>
            <Trans>Transactions: unusual amounts or patterns, and addresses linked to fraud or sanctions.</Trans>
          </li>
        </ul>
        <h2>
          <Trans>Why we ask for documents</Trans>
        </h2>
        <p>
          <Trans>
            We ask when the law or a feature requires it (trading with other people, accepting payments), when a
            transaction looks unusual, or when the details we have do not match. A request appears on the Compliance
            page and as a notice on your home screen. Until you answer it, some features may be paused.
          </Trans>
        </p>
        <h2>
          <Trans>How your documents are stored</Trans>
        </h2>
        <p>
          <Trans>
            Files travel over an encrypted connection and are kept in private storage under random names, never at a
            public address. In the app only you can open your own files. We keep them for as long as the law requires,
            then delete them.
          </Trans>
        </p>
        <h2>
          <Trans>Who sees them</Trans>
        </h2>
        <p>
          <Trans>
            You, and the few people in our compliance team who review requests. Every review and every decision is
            recorded. Other users never see your documents; we never sell them, and we hand them to authorities only
            when the law obliges us to.
          </Trans>
        </p>
        <h2>
          <Trans>If a document is rejected</Trans>
        </h2>
        <p>
          <Trans>
            Compliance’s note says why. Upload a clearer or newer copy from the Documents page, or write to support.
          </Trans>
        </p>
      </article>
    </Page>
  );
}
