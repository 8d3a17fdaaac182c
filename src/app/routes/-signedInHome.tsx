import type { UserSettings } from '../../contract/settings.ts';
import { HomeView } from '../features/home/HomeView.tsx';
import { TransactionHistory } from '../features/wallet/TransactionHistory.tsx';

// Features do not import each other: the home gets the wallet's history from here.
export default function SignedInHome({ settings }: { settings: UserSettings }) {
  return <HomeView history={<TransactionHistory timeZone={settings.timezone} />} />;
}
