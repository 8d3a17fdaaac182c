import { createFileRoute } from '@tanstack/react-router';
import { CompliancePolicyView } from '../features/verification/CompliancePolicyView.tsx';

/** `/compliance-policy`: the compliance policy, for anyone (no sign-in needed). */
export const Route = createFileRoute('/compliance-policy')({
  component: CompliancePolicyView,
});
