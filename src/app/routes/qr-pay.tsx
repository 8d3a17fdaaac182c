import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { HomePage } from './-homePage.tsx';

/**
 * `/qr-pay` shows home (spec 000 s.2). A `qr-pay-{id}` deep link arrives here as `?id=`; the QR
 * payment it names opens over home once QR payments are built (docs/scan.md). A malformed id is
 * dropped, not guessed at.
 */
const qrPaySearch = z.object({ id: z.catch(z.optional(z.string().check(z.regex(/^[A-Za-z0-9_]{1,64}$/))), undefined) });

export const Route = createFileRoute('/qr-pay')({
  validateSearch: qrPaySearch,
  component: HomePage,
});
