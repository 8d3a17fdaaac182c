import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from './-homePage.tsx';

// The session is the sign-in machine's, started with the app: nothing to load here.
export const Route = createFileRoute('/')({
  component: HomePage,
});
