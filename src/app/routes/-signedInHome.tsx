import type { UserSettings } from '../../contract/settings.ts';
import { HomeView } from '../features/home/HomeView.tsx';
import { ComplianceNotice } from '../features/verification/ComplianceNotice.tsx';
import { TransactionHistory } from '../features/wallet/TransactionHistory.tsx';

// Features do not import each other: the home gets the wallet's history and compliance's notice from here.
export default function SignedInHome({ settings }: { settings: UserSettings }) {
  return (
    <HomeView
      history={<TransactionHistory timeZone={settings.timezone} />}
      notice={<ComplianceNotice compliance={settings.compliance} />}
    />
  );
}
