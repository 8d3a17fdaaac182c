import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { assetCatalogueQueryOptions } from '../../api/walletQueries.ts';
import { amountInputText, parseAmountInput } from '../../lib/amountInput.ts';
import { amountInputMessage } from '../../lib/amountInputMessages.ts';
import { unitsFromSmallest } from '../../lib/moneyUnits.ts';
import { TextField } from '../../ui/TextField.tsx';
import { EditForm, type EditFormProps } from './OfferEditPage.tsx';
import { FIAT_DECIMALS } from './takeAmount.ts';

/** A typed amount's check with the shared parser: the smallest units, or the words for what is wrong (null: nothing to say). */
function useAmountCheck(text: string, code: string, decimals: number | null) {
  const { i18n } = useLingui();
  if (decimals === null) return { smallest: null, error: null };
  const parsed = parseAmountInput(text, decimals);
  if (parsed.ok) return { smallest: parsed.smallest, error: null };
  if (parsed.problem === 'empty' || parsed.problem === 'zero') return { smallest: null, error: null };
  return { smallest: null, error: i18n._(amountInputMessage(parsed.problem, code, decimals)) };
}

/** `/p2p/offers/{id}/volume` (only while offline): the offer's total crypto volume. */
export function VolumeEdit({ offer, save, saving, formId }: EditFormProps) {
  const catalogue = useQuery(assetCatalogueQueryOptions());
  const decimals = catalogue.data?.assets[offer.asset]?.decimals ?? null;
  const [text, setText] = useState(() => (decimals === null ? '' : amountInputText(offer.volume, decimals)));
  const { smallest, error } = useAmountCheck(text, offer.asset, decimals);
  const asset = offer.asset;
  return (
    <EditForm
      formId={formId}
      saving={saving}
      canSave={smallest !== null}
      onSubmit={() => smallest !== null && save({ property: 'volume', body: { volume: smallest } })}
    >
      <TextField
        label={<Trans>Volume, {asset}</Trans>}
        value={text}
        onChange={setText}
        error={error ?? undefined}
        inputMode="decimal"
        autoComplete="off"
      />
    </EditForm>
  );
}

/** `/p2p/offers/{id}/limits`: the least and the most one order may be, in fiat. */
export function LimitsEdit({ offer, save, saving, formId }: EditFormProps) {
  const { t } = useLingui();
  const [minText, setMinText] = useState(offer.limits.min);
  const [maxText, setMaxText] = useState(offer.limits.max);
  const min = useAmountCheck(minText, offer.fiat, FIAT_DECIMALS);
  const max = useAmountCheck(maxText, offer.fiat, FIAT_DECIMALS);
  const fiatCode = offer.fiat;
  const fiatOf = (smallest: string) => unitsFromSmallest(smallest, FIAT_DECIMALS);
  const reversed = min.smallest !== null && max.smallest !== null && fiatOf(min.smallest).gt(fiatOf(max.smallest));
  const body =
    min.smallest !== null && max.smallest !== null && !reversed
      ? { min: fiatOf(min.smallest).toFixed(), max: fiatOf(max.smallest).toFixed() }
      : null;
  return (
    <EditForm
      formId={formId}
      saving={saving}
      canSave={body !== null}
      onSubmit={() => body !== null && save({ property: 'limits', body })}
    >
      <div className="p2p-edit-fields">
        <TextField
          label={<Trans>Minimum, {fiatCode}</Trans>}
          value={minText}
          onChange={setMinText}
          error={min.error ?? undefined}
          inputMode="decimal"
          autoComplete="off"
        />
        <TextField
          label={<Trans>Maximum, {fiatCode}</Trans>}
          value={maxText}
          onChange={setMaxText}
          error={max.error ?? (reversed ? t`The maximum can’t be less than the minimum` : undefined)}
          inputMode="decimal"
          autoComplete="off"
        />
      </div>
    </EditForm>
  );
}
