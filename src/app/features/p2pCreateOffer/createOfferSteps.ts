import type { SnapshotFrom } from 'xstate';
import * as z from 'zod/mini';
import { restrictionNames } from '../../../../machines/createOffer/offerRules.ts';
import {
  type CreateOfferDraft,
  type CreateOfferEntry,
  type CreateOfferStep,
  type createOfferMachine,
  createOfferSteps,
} from '../../../../machines/createOffer.machine.ts';

// What the create-offer flow keeps across a reload or a detour through `/p2p/methods/add`: the
// entry in this tab's sessionStorage, resumed at the URL's step (createOfferUrl.ts).

type Snapshot = SnapshotFrom<typeof createOfferMachine>;

/** The step a snapshot stands for (publishing and its outcomes stay on the review). */
export function createOfferStepOf(snapshot: Snapshot): CreateOfferStep {
  return createOfferSteps.find((step) => snapshot.hasTag(step)) ?? 'review';
}

/** Where the draft is kept: per tab, gone when the tab closes; no personal data (docs/p2p.md). */
const draftKey = 'kopilka.p2p.create-offer';

/** Longer than any value typed here (the conditions are at most 1,000 characters). */
const text = z.string().check(z.maxLength(2000));

const storedEntry = z.object({
  side: z.nullable(z.enum(['buy', 'sell'])),
  asset: z.nullable(text),
  fiat: z.nullable(text),
  priceType: z.enum(['fixed', 'floating']),
  priceText: text,
  marginText: text,
  volumeText: text,
  minText: text,
  maxText: text,
  methods: z.array(text).check(z.maxLength(20)),
  timeLimit: z.number(),
  description: text,
  premium: z.boolean(),
  restrictions: z.object(
    Object.fromEntries(restrictionNames.map((name) => [name, text])) as Record<
      (typeof restrictionNames)[number],
      typeof text
    >,
  ),
});

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** What this tab entered before, resumed at the URL's step; nothing when there is none or it is malformed. */
export function readOfferDraft(step: CreateOfferStep, storage = sessionStorageOrNull()): CreateOfferDraft | undefined {
  const raw = storage?.getItem(draftKey);
  if (raw === null || raw === undefined) return step === 'type' ? undefined : { step };
  try {
    const parsed = storedEntry.safeParse(JSON.parse(raw));
    if (parsed.success) return { ...parsed.data, step };
  } catch {
    // Not JSON: as if there were none.
  }
  return step === 'type' ? undefined : { step };
}

/** Keeps what was entered (on every change). */
export function writeOfferDraft(entry: CreateOfferEntry, storage = sessionStorageOrNull()): void {
  try {
    storage?.setItem(draftKey, JSON.stringify(entry));
  } catch {
    // Storage full or refused: a reload starts over, nothing else breaks.
  }
}

/** The offer is published: the next offer starts afresh. */
export function forgetOfferDraft(storage = sessionStorageOrNull()): void {
  try {
    storage?.removeItem(draftKey);
  } catch {
    // Nothing to forget then.
  }
}

/** The part of the context a draft keeps; null when it is too big to keep (a pasted novel). */
export function entryOf(context: CreateOfferEntry): CreateOfferEntry | null {
  const parsed = storedEntry.safeParse(context);
  return parsed.success ? parsed.data : null;
}
