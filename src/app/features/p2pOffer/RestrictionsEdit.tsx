import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Offer, OfferRestrictions } from '../../../contract/p2p-offers.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Button } from '../../ui/Button.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { Choice, ChoiceSection } from '../../ui/Choice.tsx';
import { Section } from '../../ui/Section.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { EditForm, type EditFormProps } from './OfferEditPage.tsx';
import { type RestrictionPage, restrictionPages } from './restrictionPages.ts';

// The offer's restrictions (spec 001 s.3 "Offer restrictions", P2P.md "Restrictions": checked by
// the server when an order is placed): `/p2p/offers/{id}/restrictions` lists them, each opens its
// sub-page (`premium`, `orders-percent`, `orders`, `volume`, `age`), which saves the whole set
// with that one changed.

type NumberRestriction = Exclude<keyof OfferRestrictions, 'telegram_premium_required'>;

/** Each numeric sub-page: its field, the contract's bounds, and its words. */
const numberPages: Record<Exclude<RestrictionPage, 'premium'>, { field: NumberRestriction; max: number }> = {
  'orders-percent': { field: 'completed_trades_percent', max: 100 },
  orders: { field: 'trades_count_min', max: 100_000 },
  volume: { field: 'trades_volume_usd_min', max: 100_000_000 },
  age: { field: 'account_age_days_min', max: 3650 },
};

export function restrictionTitle(page: RestrictionPage): MessageDescriptor {
  switch (page) {
    case 'premium':
      return msg`Telegram Premium`;
    case 'orders-percent':
      return msg`Completed orders, %`;
    case 'orders':
      return msg`Completed orders`;
    case 'volume':
      return msg`Traded volume, USD`;
    case 'age':
      return msg`Account age`;
  }
}

/** What a restriction asks, in words ("At least 90%", "Required"), or "None". */
function restrictionValue(page: RestrictionPage, restrictions: OfferRestrictions): MessageDescriptor {
  if (page === 'premium') return restrictions.telegram_premium_required ? msg`Required` : msg`None`;
  const value = restrictions[numberPages[page].field];
  if (value === null) return msg`None`;
  switch (page) {
    case 'orders-percent':
      return msg`At least ${value}%`;
    case 'orders':
      return msg`At least ${plural(value, { one: '# order', other: '# orders' })}`;
    case 'volume':
      return msg`At least $${value}`;
    case 'age':
      return msg`At least ${plural(value, { one: '# day', other: '# days' })}`;
  }
}

/** `/p2p/offers/{id}/restrictions`: every restriction and what it asks. */
export function RestrictionsList({ offer }: { offer: Offer }) {
  const { i18n } = useLingui();
  useScreenActions({ main: null });
  return (
    <Section footer={<Trans>Only people who meet every restriction can place an order on this offer.</Trans>}>
      {restrictionPages.map((page) => (
        <Link key={page} to="/p2p/offers/$id/restrictions/$restriction" params={{ id: offer.id, restriction: page }}>
          <Cell
            title={i18n._(restrictionTitle(page))}
            value={i18n._(restrictionValue(page, offer.restrictions))}
            chevron
          />
        </Link>
      ))}
    </Section>
  );
}

/** `/p2p/offers/{id}/restrictions/{page}`: one restriction. */
export function RestrictionEdit({ page, ...props }: EditFormProps & { page: RestrictionPage }) {
  return page === 'premium' ? <PremiumEdit {...props} /> : <NumberEdit {...props} page={page} />;
}

function PremiumEdit({ offer, save, saving, formId }: EditFormProps) {
  const [required, setRequired] = useState(offer.restrictions.telegram_premium_required);
  return (
    <EditForm
      formId={formId}
      saving={saving}
      canSave={required !== offer.restrictions.telegram_premium_required}
      onSubmit={() =>
        save({ property: 'restrictions', body: { ...offer.restrictions, telegram_premium_required: required } })
      }
    >
      <ChoiceSection label="Telegram Premium">
        <Choice title={<Trans>Anyone</Trans>} checked={!required} onSelect={() => setRequired(false)} />
        <Choice
          title={<Trans>Telegram Premium users only</Trans>}
          checked={required}
          onSelect={() => setRequired(true)}
        />
      </ChoiceSection>
    </EditForm>
  );
}

function NumberEdit({
  offer,
  save,
  saving,
  formId,
  page,
}: EditFormProps & { page: Exclude<RestrictionPage, 'premium'> }) {
  const { t } = useLingui();
  const { field, max } = numberPages[page];
  const current = offer.restrictions[field];
  const [text, setText] = useState(current === null ? '' : String(current));
  const digits = text.replace(/\s/g, '');
  const value = /^\d{1,9}$/.test(digits) ? Number.parseInt(digits, 10) : null;
  const wrong = digits !== '' && (value === null || value < 1 || value > max);
  const send = (next: number | null) =>
    save({ property: 'restrictions', body: { ...offer.restrictions, [field]: next } });
  return (
    <EditForm
      formId={formId}
      saving={saving}
      canSave={value !== null && !wrong && value !== current}
      onSubmit={() => send(value)}
    >
      <TextField
        label={<NumberLabel page={page} />}
        value={text}
        onChange={setText}
        error={wrong ? t`Enter a whole number from 1 to ${max}` : undefined}
        inputMode="numeric"
        autoComplete="off"
      />
      {current === null ? null : (
        <div className="p2p-offer-actions">
          <Button variant="plain" stretched disabled={saving} onClick={() => send(null)}>
            <Trans>Remove restriction</Trans>
          </Button>
        </div>
      )}
    </EditForm>
  );
}

function NumberLabel({ page }: { page: Exclude<RestrictionPage, 'premium'> }) {
  switch (page) {
    case 'orders-percent':
      return <Trans>Completed orders in 30 days, at least %</Trans>;
    case 'orders':
      return <Trans>Completed orders, at least</Trans>;
    case 'volume':
      return <Trans>Traded volume, at least USD</Trans>;
    case 'age':
      return <Trans>Days since joining, at least</Trans>;
  }
}
