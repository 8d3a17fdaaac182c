import { createFileRoute } from '@tanstack/react-router';

/** /clown (spec utility route): fails on purpose, to check the error screen in a real browser. */
export const Route = createFileRoute('/clown')({
  component: Clown,
});

function Clown(): never {
  throw new Error('Deliberate failure from /clown');
}
