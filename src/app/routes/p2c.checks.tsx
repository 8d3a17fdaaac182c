import { createFileRoute } from '@tanstack/react-router';
import { ChecksView } from '../features/p2cMerchant/ChecksView.tsx';
import { P2cGate } from './-p2cGate.tsx';

/** `/p2c/checks`: the merchant's receipts. */
export const Route = createFileRoute('/p2c/checks')({
  component: () => <P2cGate>{(settings) => <ChecksView timeZone={settings.timezone} />}</P2cGate>,
});
