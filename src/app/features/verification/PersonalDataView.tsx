import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { type FormEvent, useDeferredValue, useId, useState } from 'react';
import type { CountryItem, PersonalData } from '../../../contract/verification.ts';
import type { VerificationLevel } from '../../../contract/verification-level.ts';
import { useBack } from '../../lib/back.ts';
import { useGoToWalletAction } from '../../lib/goToWallet.ts';
import { useScreenActions } from '../../platform/useScreenActions.ts';
import { Cell, CellButton } from '../../ui/Cell.tsx';
import { Choice, ChoiceSection } from '../../ui/Choice.tsx';
import { Empty, LoadFailed, Loading, QueryGate } from '../../ui/LoadStates.tsx';
import { Page, PageTitle } from '../../ui/Page.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { Section } from '../../ui/Section.tsx';
import { TextField } from '../../ui/TextField.tsx';
import {
  countriesQueryOptions,
  countryName,
  countryRows,
  type FieldProblem,
  formOf,
  formProblems,
  type PersonalDataField,
  type PersonalDataForm,
  personalDataQueryOptions,
  problemMessage,
  refusalMessage,
  refusalOf,
  todayText,
  useSubmitPersonalData,
} from './personalData.ts';
import { resultMessage } from './verificationMessages.ts';
import './verification.css';

const FORM_ID = 'personal-data-form';

/**
 * `/account/verification/personal-data` (the BASIC step): the form, prefilled with what was sent
 * last time; the country picker is its own URL (`?picker=country`). Sent, it returns to the level
 * it came from (`?flow=`, else basic). UNDER_18 shows its result here; RESTRICTED_REGION goes to
 * the restriction-region screen.
 */
export function PersonalDataPage({
  flow,
  pickingCountry,
  onPicker,
}: {
  flow: VerificationLevel;
  pickingCountry: boolean;
  onPicker: (open: boolean) => void;
}) {
  const saved = useQuery(personalDataQueryOptions());
  const back = useBack({ to: '/account/verification/$flow', params: { flow } });
  return (
    <QueryGate query={saved} failed={() => <Trans>Couldn’t load your personal data.</Trans>}>
      {(answer) => (
        <PersonalDataForms initial={answer.data} pickingCountry={pickingCountry} onPicker={onPicker} back={back} />
      )}
    </QueryGate>
  );
}

function PersonalDataForms({
  initial,
  pickingCountry,
  onPicker,
  back,
}: {
  initial: PersonalData | null;
  pickingCountry: boolean;
  onPicker: (open: boolean) => void;
  back: () => void;
}) {
  // Above the picker, so what was typed survives choosing a country.
  const [form, setForm] = useState<PersonalDataForm>(() => formOf(initial));
  const [underAge, setUnderAge] = useState(false);
  const router = useRouter();
  if (underAge) return <UnderAge onBack={() => setUnderAge(false)} />;
  if (pickingCountry) {
    return (
      <CountryPicker
        current={form.country}
        onBack={() => router.history.back()}
        onChoose={(code) => {
          setForm((previous) => ({ ...previous, country: code }));
          router.history.back();
        }}
      />
    );
  }
  return (
    <PersonalDataFormView
      form={form}
      onChange={setForm}
      back={back}
      onPickCountry={() => onPicker(true)}
      onUnderAge={() => setUnderAge(true)}
    />
  );
}

function PersonalDataFormView({
  form,
  onChange,
  back,
  onPickCountry,
  onUnderAge,
}: {
  form: PersonalDataForm;
  onChange: (form: PersonalDataForm) => void;
  back: () => void;
  onPickCountry: () => void;
  onUnderAge: () => void;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const countries = useQuery(countriesQueryOptions());
  const submit = useSubmitPersonalData();
  // Problems show once the person has tried to send: not while they are still typing.
  const [tried, setTried] = useState(false);
  const problems = tried ? formProblems(form) : {};
  const refusal = submit.isError ? refusalOf(submit.error) : null;

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    setTried(true);
    if (submit.isPending || Object.keys(formProblems(form)).length > 0) return;
    submit.mutate(form, {
      // Back to the level the same way back goes: to its entry when the person came from it.
      onSuccess: back,
      onError: (thrown) => {
        const failure = refusalOf(thrown);
        if (failure.kind !== 'result') return;
        if (failure.result === 'RESTRICTED_REGION') void navigate({ to: '/restriction-region' });
        else if (failure.result === 'UNDER_18') onUnderAge();
      },
    });
  };
  useScreenActions({ main: { label: t`Send`, submits: FORM_ID, busy: submit.isPending }, back });

  const field = (name: PersonalDataField) => ({
    value: form[name],
    onChange: (value: string) => onChange({ ...form, [name]: value }),
    error: problemText(problems[name], name, (descriptor) => i18n._(descriptor)),
  });
  const country = countries.data?.find((item) => item.code === form.country) ?? null;
  const countryProblem = problemText(problems.country, 'country', (descriptor) => i18n._(descriptor));
  const countryProblemId = useId();
  const otherResult =
    refusal?.kind === 'result' && refusal.result !== 'RESTRICTED_REGION' && refusal.result !== 'UNDER_18'
      ? resultMessage(refusal.result)
      : null;

  return (
    <Page>
      <PageTitle
        title={<Trans>Personal data</Trans>}
        subtitle={<Trans>As in your passport. We keep it safe and use it only to verify you.</Trans>}
      />
      <form id={FORM_ID} className="verification-form" noValidate onSubmit={send}>
        <TextField label={t`First name`} autoComplete="given-name" {...field('first_name')} />
        <TextField label={t`Last name`} autoComplete="family-name" {...field('last_name')} />
        <TextField
          label={t`Middle name`}
          hint={t`If your passport has one`}
          autoComplete="additional-name"
          {...field('middle_name')}
        />
        <TextField
          label={t`Date of birth`}
          type="date"
          max={todayText()}
          autoComplete="bday"
          {...field('date_of_birth')}
        />
        <Section header={t`Country of residence`}>
          <CellButton onClick={onPickCountry} aria-describedby={countryProblem ? countryProblemId : undefined}>
            <Cell title={country ? countryName(country, i18n.locale) : form.country || t`Choose a country`} chevron />
          </CellButton>
        </Section>
        {countryProblem ? (
          <p id={countryProblemId} className="verification-field-error" role="alert">
            {countryProblem}
          </p>
        ) : null}
        <TextField label={t`City`} autoComplete="address-level2" {...field('city')} />
        <TextField
          label={t`Address`}
          hint={t`Street, house, flat`}
          autoComplete="street-address"
          {...field('address')}
        />
        <TextField label={t`Postal code`} autoComplete="postal-code" {...field('postal_code')} />
      </form>
      {refusal !== null && refusal.kind !== 'result' ? (
        <p className="verification-error" role="alert">
          {i18n._(refusalMessage(refusal))}
        </p>
      ) : null}
      {otherResult ? (
        <p className="verification-error" role="alert">
          {i18n._(otherResult)}
        </p>
      ) : null}
    </Page>
  );
}

function problemText(
  problem: FieldProblem | undefined,
  field: PersonalDataField,
  translate: (descriptor: ReturnType<typeof problemMessage>) => string,
): string | undefined {
  return problem === undefined ? undefined : translate(problemMessage(problem, field));
}

/** `?picker=country`: every country of `GET /geo/countries`, in the interface's language, with a search. */
function CountryPicker({
  current,
  onBack,
  onChoose,
}: {
  current: string;
  onBack: () => void;
  onChoose: (code: string) => void;
}) {
  const { t, i18n } = useLingui();
  const countries = useQuery(countriesQueryOptions());
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  useScreenActions({ main: null, back: onBack });
  return (
    <Page>
      <PageTitle title={<Trans>Country of residence</Trans>} />
      <SearchField label={t`Search`} value={search} onChange={setSearch} />
      {countries.isPending ? (
        <Loading />
      ) : countries.isError ? (
        <LoadFailed message={<Trans>Couldn’t load the countries.</Trans>} onRetry={() => void countries.refetch()} />
      ) : (
        <CountryChoices
          rows={countryRows(countries.data, i18n.locale, deferred)}
          current={current}
          label={t`Country of residence`}
          onChoose={onChoose}
        />
      )}
    </Page>
  );
}

function CountryChoices({
  rows,
  current,
  label,
  onChoose,
}: {
  rows: ReadonlyArray<{ country: CountryItem; name: string }>;
  current: string;
  label: string;
  onChoose: (code: string) => void;
}) {
  if (rows.length === 0) {
    return (
      <Empty>
        <p>
          <Trans>Nothing found</Trans>
        </p>
      </Empty>
    );
  }
  return (
    <ChoiceSection label={label}>
      {rows.map(({ country, name }) => (
        <Choice
          key={country.code}
          title={name}
          subtitle={country.code}
          checked={country.code === current}
          onSelect={() => onChoose(country.code)}
        />
      ))}
    </ChoiceSection>
  );
}

/** UNDER_18: the server refused the data for the date of birth. */
function UnderAge({ onBack }: { onBack: () => void }) {
  useScreenActions({ main: useGoToWalletAction(), back: onBack });
  return (
    <Page centered>
      <div role="alert">
        <PageTitle
          title={<Trans>You must be 18 or older</Trans>}
          subtitle={
            <Trans>
              Verification is for adults only, so the features that need it aren’t available to you. Your wallet still
              works as before.
            </Trans>
          }
        />
      </div>
      <p className="verification-hint">
        <Trans>
          Entered the wrong date? Go back and correct it. Questions? <Link to="/help">Contact support</Link>.
        </Trans>
      </p>
    </Page>
  );
}
